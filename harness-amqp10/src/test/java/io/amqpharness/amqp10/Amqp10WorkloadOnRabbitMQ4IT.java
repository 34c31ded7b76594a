package io.amqpharness.amqp10;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** Every test of {@link Amqp10WorkloadIT}, against a RabbitMQ 4.x broker (the workload model over AMQP 1.0). */
@WithRabbitMQ4
class Amqp10WorkloadOnRabbitMQ4IT extends Amqp10WorkloadIT {
    Amqp10WorkloadOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
