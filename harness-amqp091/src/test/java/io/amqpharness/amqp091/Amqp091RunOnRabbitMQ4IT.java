package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** Every test of {@link Amqp091RunIT}, against a RabbitMQ 4.x broker (classic, quorum and stream queues, topology, acks: 4.x changed defaults). */
@WithRabbitMQ4
class Amqp091RunOnRabbitMQ4IT extends Amqp091RunIT {
    Amqp091RunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
