package io.amqpharness.amqp10;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** The test of {@link Amqp10ConsumerLeavesIT} against a RabbitMQ 4.x broker (native AMQP 1.0 credit). */
@WithRabbitMQ4
class Amqp10ConsumerLeavesOnRabbitMQ4IT extends Amqp10ConsumerLeavesIT {
    Amqp10ConsumerLeavesOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
