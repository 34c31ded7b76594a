package io.amqpharness.amqp10;

import io.amqpharness.junit.BrokerIndependent;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.RunsAgain;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link Amqp10WorkloadIT} against a RabbitMQ 4.x broker (the workload model over native AMQP 1.0:
 * subjects and v2 addresses, properties, credit, outcomes). Left out: the check of options, which never
 * reaches a broker.
 */
@WithRabbitMQ4
@RunsAgain(leavesOut = BrokerIndependent.Why.NO_BROKER)
class Amqp10WorkloadOnRabbitMQ4IT extends Amqp10WorkloadIT {
    Amqp10WorkloadOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
