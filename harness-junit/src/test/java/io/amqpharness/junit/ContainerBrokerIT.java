package io.amqpharness.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link WithRabbitMQContainer} for real (the local amqp-harness/rabbitmq:4.0.5 in CI, named by
 * {@code HARNESS_RABBITMQ_IMAGE}): every test of the run shares one throwaway RabbitMQ 4 with its
 * plugins, published on 127.0.0.1, even though a local broker listens on 5672.
 */
@WithRabbitMQContainer
@Tag("faults")
class ContainerBrokerIT {
    private static final AtomicReference<String> FIRST = new AtomicReference<>();

    @Test
    void theBrokerIsAThrowawayRabbitMQ4WithItsManagementApi(RabbitMQBroker broker) throws Exception {
        assertThat(broker.source()).isEqualTo(BrokerSource.CONTAINER);
        assertThat(broker.majorVersion()).isEqualTo(4);
        assertThat(broker.uri()).startsWith("amqp://guest:guest@127.0.0.1:").doesNotContain(":5672/");
        assertThat(broker.management()).isPresent();
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            String q = ch.queueDeclare().getQueue();
            ch.basicPublish("", q, null, new byte[12]);
            ch.basicPublish("", q, null, new byte[12]);
            assertThat(broker.management().orElseThrow().queue("/", q)).as("the queue, seen by the management API")
                    .isPresent();
            assertThat(broker.management().orElseThrow().get("/api/overview").orElseThrow()
                    .path("rabbitmq_version").asText()).startsWith("4.");
        }
        sameContainer(broker);
    }

    @Test
    void everyTestOfTheRunSharesOneContainer(RabbitMQBroker broker) {
        sameContainer(broker);
    }

    private static void sameContainer(RabbitMQBroker broker) {
        FIRST.compareAndSet(null, broker.uri());
        assertThat(broker.uri()).isEqualTo(FIRST.get());
    }
}
