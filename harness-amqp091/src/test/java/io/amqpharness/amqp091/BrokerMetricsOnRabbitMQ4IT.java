package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** Every test of {@link BrokerMetricsIT} against RabbitMQ 4.x (management on 15673, Prometheus on 15693 locally). */
@WithRabbitMQ4
class BrokerMetricsOnRabbitMQ4IT extends BrokerMetricsIT {
    BrokerMetricsOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
