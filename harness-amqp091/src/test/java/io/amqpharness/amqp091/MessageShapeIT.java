package io.amqpharness.amqp091;

import io.amqpharness.junit.MessageShapeContract;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;

/** Routing keys, priorities, TTLs and headers drawn per message over AMQP 0.9.1 on RabbitMQ 3.x. */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class MessageShapeIT extends MessageShapeContract {
    MessageShapeIT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    protected String protocol() {
        return "amqp091";
    }
}
