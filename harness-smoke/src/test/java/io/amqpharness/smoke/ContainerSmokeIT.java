package io.amqpharness.smoke;

import static io.amqpharness.junit.HarnessAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.BrokerSource;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQContainer;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.Harness;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CI smoke run as a user's CI does it: a throwaway RabbitMQ in a container (Testcontainers;
 * the image named by HARNESS_RABBITMQ_IMAGE, the local amqp-harness/rabbitmq:4.0.5 here), a short
 * quorum-queue run per protocol, assertions, and the container removed at the end.
 */
@WithRabbitMQContainer
@Tag("smoke")
@Tag("faults")
class ContainerSmokeIT {

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void shortQuorumRunAgainstAThrowawayBroker(String protocol, RabbitMQBroker broker) {
        assertThat(broker.source()).isEqualTo(BrokerSource.CONTAINER);
        RunResult r = Harness.run(Scenario.builder().uri(broker.uri()).protocol(protocol).queueType(QueueType.QUORUM)
                .producerMessageCount(2_000).confirm(100).qos(100).multiAckEvery(10).build());
        assertThat(r).completed().lostNothing().hasNoNacks().hasNoDuplicates().accountsForEveryMessage()
                .publishedAtLeast(2_000).consumedAtLeast(2_000);
        assertThat(r.broker().version()).startsWith("4.");
        assertThat(r.endToEnd().count()).isEqualTo(2_000);
    }
}
