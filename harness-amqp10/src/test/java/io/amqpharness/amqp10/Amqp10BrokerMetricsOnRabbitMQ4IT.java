package io.amqpharness.amqp10;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** {@link Amqp10BrokerMetricsIT} against RabbitMQ 4.x, where AMQP 1.0 has no per-queue message statistics. */
@WithRabbitMQ4
class Amqp10BrokerMetricsOnRabbitMQ4IT extends Amqp10BrokerMetricsIT {
    Amqp10BrokerMetricsOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
