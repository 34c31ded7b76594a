package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.RunsAgain;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link Amqp091RunIT} whose outcome depends on the broker's generation, against a RabbitMQ 4.x
 * broker: the queue types (4.x changed classic queue storage, quorum defaults and streams) and stream offsets.
 * AMQP 0.9.1 itself did not change, so the tests of the harness's own side (confirm and ack windows, goals,
 * time limits, returns, topology declared and kept, error sentences) run once, on 3.x: they are marked
 * {@code @BrokerIndependent} where they are declared, and {@code @RunsAgain} leaves them out here (skipped, saying so). 4.x's changed defaults have tests of their own in Amqp091RabbitMQ4IT.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_4, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ4
@RunsAgain
class Amqp091RunOnRabbitMQ4IT extends Amqp091RunIT {
    Amqp091RunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
