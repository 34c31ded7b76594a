package io.amqpharness.amqp10;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** Every test of {@link Amqp10RunIT}, against a RabbitMQ 4.x broker (queue types, persistence, exchanges, stream offsets, outcomes). */
@WithRabbitMQ4
class Amqp10RunOnRabbitMQ4IT extends Amqp10RunIT {
    Amqp10RunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
