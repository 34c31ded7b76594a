package io.amqpharness.smoke;

import static io.amqpharness.junit.HarnessAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.Harness;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Short runs of every protocol and the main queue types against the extension's broker
 * (RABBITMQ_URI, else the local broker on 5672, else a Testcontainers RabbitMQ where Docker exists).
 * {@link ContainerSmokeIT} always runs against a throwaway container.
 */
@WithRabbitMQ
@Tag("smoke")
class SmokeIT {

    static Stream<Arguments> protocolsAndQueueTypes() {
        return Stream.of("amqp091", "amqp10")
                .flatMap(protocol -> Stream.of(QueueType.values()).map(t -> Arguments.of(protocol, t)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("protocolsAndQueueTypes")
    void shortRunCompletesWithEveryMessageAccountedFor(String protocol, QueueType type, RabbitMQBroker broker) {
        Scenario.Builder b = Scenario.builder().uri(broker.uri()).protocol(protocol).queueType(type)
                .producerMessageCount(2_000).confirm(100).qos(100).multiAckEvery(10);
        if (type == QueueType.STREAM) {
            b.streamOffset(new StreamOffset.First());
        }
        RunResult r = Harness.run(b.build());
        assertThat(r).completed().lostNothing().hasNoNacks().hasNoDuplicates().accountsForEveryMessage()
                .publishedAtLeast(2_000).consumedAtLeast(2_000);
        assertThat(r.broker().product()).isEqualTo("RabbitMQ");
        assertThat(r.endToEnd().count()).isEqualTo(2_000);
        assertThat(r.endToEnd().percentile(99)).isLessThan(Duration.ofSeconds(10));
    }
}
