package io.amqpharness.amqp10;

import io.amqpharness.junit.BrokerIndependent;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.RunsAgain;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link Amqp10RunIT} against a RabbitMQ 4.x broker (queue types, persistence, exchanges, stream
 * offsets, outcomes). AMQP 1.0 is native in 4.x and a plugin over 0.9.1 in 3.x (other addresses, settlement,
 * credit and outcomes), so nearly every run's outcome depends on the generation and runs here again, the
 * harness's side included. Left out ({@code @RunsAgain(leavesOut = NO_BROKER)}, skipped saying so): the one whose
 * outcome does not involve a broker. The 3.x-only tests
 * skip themselves here.
 */
@WithRabbitMQ4
@RunsAgain(leavesOut = BrokerIndependent.Why.NO_BROKER)
class Amqp10RunOnRabbitMQ4IT extends Amqp10RunIT {
    Amqp10RunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
