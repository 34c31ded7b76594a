package io.amqpharness.amqp10;

import io.amqpharness.junit.MessageShapeContract;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * Routing keys, priorities, TTLs and headers drawn per message over AMQP 1.0 on RabbitMQ 4.x: keys in
 * each message's {@code to} address ({@code /exchanges/X/KEY}), priority and TTL in the header, headers
 * as application properties (which RabbitMQ 4's headers exchange matches).
 */
@WithRabbitMQ4
class Amqp10MessageShapeOnRabbitMQ4IT extends MessageShapeContract {
    Amqp10MessageShapeOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    protected String protocol() {
        return "amqp10";
    }

    @Override
    protected boolean unmatchedAreReleased() {
        return true; // RabbitMQ 4 settles a message no binding matched as released
    }
}
