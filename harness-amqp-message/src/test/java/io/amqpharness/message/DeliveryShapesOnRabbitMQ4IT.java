package io.amqpharness.message;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** The delivery shapes of {@link DeliveryShapesIT}, from a RabbitMQ 4.x broker. */
@WithRabbitMQ4
class DeliveryShapesOnRabbitMQ4IT extends DeliveryShapesIT {
    DeliveryShapesOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
