package io.amqpharness.stream;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/** Every test of {@link StreamRunIT}, against a RabbitMQ 4.x broker's stream port. */
@WithRabbitMQ4
class StreamRunOnRabbitMQ4IT extends StreamRunIT {
    StreamRunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
