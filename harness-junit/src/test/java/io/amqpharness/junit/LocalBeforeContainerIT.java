package io.amqpharness.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.containers.Brokers;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * With Docker running, the general integration tests keep the local broker: {@link WithRabbitMQ}
 * prefers a broker listening on localhost:5672 to a throwaway container (which costs seconds and
 * would move every suite onto another broker version).
 */
@WithRabbitMQ
class LocalBeforeContainerIT {

    @Test
    void aLocalBrokerIsPreferredToAContainer(RabbitMQBroker broker) {
        Assumptions.assumeTrue(System.getenv("RABBITMQ_URI") == null && System.getProperty("RABBITMQ_URI") == null,
                "RABBITMQ_URI is set, so that broker is used");
        Assumptions.assumeTrue(Brokers.listening("localhost", 5672), "nothing listens on localhost:5672");
        assertThat(broker.source()).isEqualTo(BrokerSource.LOCAL);
        assertThat(broker.uri()).isEqualTo("amqp://guest:guest@localhost:5672/%2F");
    }
}
