package io.amqpharness.amqp10;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** Every test of {@link Amqp10DriverIT}, against a RabbitMQ 4.x broker (credit, settlement, redelivery, connecting). */
@WithRabbitMQ4
class Amqp10DriverOnRabbitMQ4IT extends Amqp10DriverIT {
    Amqp10DriverOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
