package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.OffsetSpecification;
import io.amqpharness.run.Preflight;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.StartTime;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.ConsumerSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What {@code --protocol stream} means for a scenario, and how the driver maps it onto the client. */
class StreamScenarioTest {

    @Test
    void streamAddressesHaveTheirOwnDefaultPortsAndTls() {
        BrokerUri plain = BrokerUri.parse("rabbitmq-stream://u:p@h/v").orElseThrow();
        assertThat(plain.port()).isEqualTo(5552);
        assertThat(plain.tls()).isFalse();
        assertThat(plain.stream()).isTrue();
        assertThat(plain.virtualHost()).isEqualTo("v");
        assertThat(plain.redacted()).isEqualTo("rabbitmq-stream://u:***@h/v");
        BrokerUri tls = BrokerUri.parse("rabbitmq-stream+tls://h").orElseThrow();
        assertThat(tls.port()).isEqualTo(5551);
        assertThat(tls.tls()).isTrue();
        assertThat(BrokerUri.parse("rabbitmq-stream://h:5553").orElseThrow().port()).isEqualTo(5553);
        assertThat(BrokerUri.parse("amqp://h").orElseThrow().stream()).isFalse();
        assertThat(BrokerUri.parse("amqp://h").orElseThrow().port()).isEqualTo(5672);
        assertThat(BrokerUri.parse("http://h")).isEmpty();
    }

    @Test
    void theStreamProtocolImpliesAStreamAndTheStreamPort() {
        Scenario s = Scenario.builder().protocol("stream").build();
        assertThat(s.topology().queueType()).isEqualTo(QueueType.STREAM);
        assertThat(s.uri().toString()).isEqualTo("rabbitmq-stream://localhost:5552");
        assertThat(s.stream()).isEqualTo(StreamSettings.DEFAULT);
        // The scenario's own arguments rebuild it.
        Scenario again = Scenario.builder().protocol("stream").uri(s.uri().uri().toString()).build();
        assertThat(again).isEqualTo(s);
    }

    @Test
    void batchingOptionsReachTheScenario() {
        Scenario s = Scenario.builder().protocol("stream").batchSize(500).subEntrySize(20)
                .compression(StreamSettings.Compression.GZIP).build();
        assertThat(s.stream()).isEqualTo(new StreamSettings(500, 20, StreamSettings.Compression.GZIP));
        assertThat(s.toArguments()).containsSubsequence("--batch-size", "500", "--sub-entry-size", "20",
                "--compression", "gzip");
    }

    @Test
    void zstdIsAcceptedWithSubEntriesLikeTheOtherCodecs() {
        Scenario s = Scenario.builder().protocol("stream").subEntrySize(10)
                .compression(StreamSettings.Compression.ZSTD).build();
        assertThat(s.stream().compression()).isEqualTo(StreamSettings.Compression.ZSTD);
        assertThat(s.toArguments()).containsSubsequence("--sub-entry-size", "10", "--compression", "zstd");
    }

    @Test
    void optionsThatDoNotFitTheStreamProtocolAreOneSentenceEach() {
        assertProblem(Scenario.builder().protocol("amqp091").uri("rabbitmq-stream://localhost:5552"),
                "--uri rabbitmq-stream://localhost:5552 is a stream protocol address; use it with --protocol stream, "
                        + "or give an amqp:// address such as amqp://guest:guest@localhost:5672/%2F");
        assertProblem(Scenario.builder().protocol("stream").uri("amqp://guest:secret@localhost:5672"),
                "--uri amqp://guest:***@localhost:5672 is an AMQP address but --protocol stream speaks RabbitMQ's "
                        + "stream protocol; give for example --uri rabbitmq-stream://guest:guest@localhost:5552/%2F");
        assertProblem(Scenario.builder().batchSize(10),
                "--batch-size only applies to --protocol stream");
        assertProblem(Scenario.builder().protocol("stream").compression(StreamSettings.Compression.GZIP),
                "--compression gzip compresses sub-entries: give --sub-entry-size above 1 with it, for example "
                        + "--sub-entry-size 10");
        assertProblem(Scenario.builder().protocol("stream").queueType(QueueType.QUORUM),
                "--queue-type quorum does not fit --protocol stream, which reads and writes streams only; "
                        + "leave --queue-type out");
        assertProblem(Scenario.builder().protocol("stream").exchange("x"),
                "--exchange does not apply to --protocol stream: publishers write to the stream itself");
    }

    /** Refused before a run, as the CLI refuses it: by the builder, or by the driver in the preflight. */
    private static void assertProblem(Scenario.Builder b, String sentence) {
        assertThatThrownBy(() -> Preflight.check(b.build())).isInstanceOfSatisfying(ScenarioException.class,
                e -> assertThat(e.problems()).containsExactly(sentence + "."));
    }

    @Test
    void producerNamesNameEachPublisherAfterItsStreamAndNumber() {
        Scenario s = Scenario.builder().protocol("stream").producerNames("%s-%d").build();
        assertThat(s.stream().producerNameOf("orders", 2, "pod-0")).hasValue("orders-2");
        assertThat(Scenario.builder().protocol("stream").build().stream().producerNameOf("orders", 2, "pod-0")).isEmpty();
        assertThat(s.toArguments()).containsSubsequence("--producer-names", "%s-%d");
        assertThat(Scenario.builder().protocol("stream").uri(s.uri().uri().toString()).producerNames("%s-%d").build())
                .isEqualTo(s);
        assertProblem(Scenario.builder().protocol("stream").producerNames("fixed"),
                "--producer-names must contain %d (the publisher's number), so that every publisher has a name of "
                        + "its own; for example --producer-names %s-%d");
        assertProblem(Scenario.builder().producerNames("%s-%d"), "--producer-names only applies to --protocol stream");
    }

    /** F2: two instances on one stream must not publish under one producer name. */
    @Test
    void instancesOfOneWorkloadNameTheirProducersApart() {
        StartTime at = StartTime.parse("2026-11-28T06:00:00Z").orElseThrow();
        for (String template : java.util.List.of("%s-%d", "%s-%i-%d")) {
            java.util.List<String> names = new java.util.ArrayList<>();
            for (String instance : java.util.List.of("pod-0", "pod-1")) {
                Scenario.Builder b = Scenario.builder().protocol("stream").producerNames(template).instance(instance)
                        .startAt(at);
                Scenario s;
                try {
                    s = b.build();
                    Preflight.check(s);
                } catch (ScenarioException e) {
                    assertThat(template).as("refused: %s", e.problems()).doesNotContain("%i");
                    continue;
                }
                names.add(s.stream().producerNameOf("orders", 0, s.coordination().instanceId()).orElseThrow());
            }
            assertThat(names).as("template %s", template).doesNotHaveDuplicates();
        }
        assertProblem(Scenario.builder().protocol("stream").producerNames("%s-%d").instance("pod-0"),
                "--producer-names %s-%d lacks %i (the instance): with --instance, --start-at or --barrier every "
                        + "instance would publish under the same names and the broker would drop one's messages as "
                        + "the other's duplicates; for example --producer-names %s-%i-%d");
    }

    @Test
    void groupsSuperStreamsAndFiltersReachTheScenario() {
        Scenario s = Scenario.builder().protocol("stream").singleActiveConsumer(true).superStream(3)
                .filterValue(java.util.List.of("red", "blue")).filterValues(java.util.List.of("red")).build();
        assertThat(s.stream().singleActiveConsumer()).isTrue();
        assertThat(s.stream().superStreamPartitions()).hasValue(3);
        assertThat(s.stream().filterValueOf(0)).hasValue("red");
        assertThat(s.stream().filterValueOf(3)).hasValue("blue");
        assertThat(s.stream().consumersSeeEverything()).isFalse();
        assertThat(s.toArguments()).containsSubsequence("--single-active-consumer", "--super-stream", "3",
                "--filter-value", "red,blue", "--filter-values", "red");
        assertThat(Scenario.builder().protocol("stream").uri(s.uri().uri().toString())
                .singleActiveConsumer(true).superStream(3).filterValue(java.util.List.of("red", "blue"))
                .filterValues(java.util.List.of("red")).build()).isEqualTo(s);
        // Publisher i writes the partition bound with key i mod N.
        assertThat(StreamPublisher.routingKey(4, 3)).isEqualTo("1");
        assertProblem(Scenario.builder().protocol("stream").superStream(2).queues(java.util.List.of("a", "b")),
                "--super-stream names one super stream: give at most one --queue");
    }

    @Test
    void aBrokerWithoutTheFeatureIsOneSentenceNamingTheOption() {
        BrokerUri uri = BrokerUri.parse("rabbitmq-stream://h:5552").orElseThrow();
        BrokerCapabilities old = new BrokerCapabilities("3.10.25", false);
        StreamSettings sac = Scenario.builder().protocol("stream").singleActiveConsumer(true).build().stream();
        assertThat(old.refusal(sac, uri)).hasValue("RabbitMQ 3.10.25 at rabbitmq-stream://h:5552 has no single active "
                + "consumer for streams (RabbitMQ 3.11 or later has it); leave --single-active-consumer out.");
        assertThat(new BrokerCapabilities("3.12.1", false).refusal(sac, uri)).isEmpty();
        StreamSettings superStream = Scenario.builder().protocol("stream").superStream(2).build().stream();
        assertThat(new BrokerCapabilities("3.12.1", false).refusal(superStream, uri).orElseThrow())
                .contains("cannot create super streams").endsWith("leave --super-stream out.");
        assertThat(new BrokerCapabilities("4.0.5", true).refusal(superStream, uri)).isEmpty();
        StreamSettings filter = Scenario.builder().protocol("stream").filterValues(java.util.List.of("a")).build().stream();
        assertThat(new BrokerCapabilities("3.13.0", false).refusal(filter, uri).orElseThrow()).contains("no stream filtering");
        assertThat(new BrokerCapabilities("3.13.0", true).refusal(filter, uri)).isEmpty();
        assertThat(new BrokerCapabilities(null, true).atLeast(3, 13)).isTrue();
        assertThat(new BrokerCapabilities("3.9.0-rc.1", true).atLeast(3, 11)).isFalse();
    }

    @Test
    void brokersThatSleepBetweenDeliveriesGetANote() {
        // rabbit_stream_reader's timer:sleep(1) after a send that reaches the end of the stream: up to 4.2.1
        assertThat(new BrokerCapabilities("4.0.5", true).deliveryNote().orElseThrow())
                .startsWith("RabbitMQ 4.0.5's stream connections sleep 1 ms after each delivery")
                .contains("RabbitMQ 4.2.2 and later do not");
        assertThat(new BrokerCapabilities("3.10.8", false).deliveryNote()).isPresent();
        assertThat(new BrokerCapabilities("4.2.1", true).deliveryNote()).isPresent();
        assertThat(new BrokerCapabilities("4.1.7", true).deliveryNote()).isPresent();
        assertThat(new BrokerCapabilities("4.2.2", true).deliveryNote()).isEmpty();
        assertThat(new BrokerCapabilities("4.3.0", true).deliveryNote()).isEmpty();
        assertThat(new BrokerCapabilities("5.0.0", true).deliveryNote()).isEmpty();
        assertThat(new BrokerCapabilities(null, true).deliveryNote()).isEmpty();
        assertThat(new BrokerCapabilities("4.2", true).atLeast(4, 2, 2)).isFalse();
        assertThat(new BrokerCapabilities("4.2.10", true).atLeast(4, 2, 2)).isTrue();
        assertThat(new BrokerCapabilities("4.10.0", true).atLeast(4, 2, 2)).isTrue();
        assertThat(new BrokerCapabilities("3.13.7", true).atLeast(4, 2, 2)).isFalse();
    }

    @Test
    void everyOffsetFormMapsOntoTheClients() {
        Instant now = Instant.parse("2026-11-24T12:00:00Z");
        assertThat(StreamConsumer.offset(new StreamOffset.First(), now)).isEqualTo(OffsetSpecification.first());
        assertThat(StreamConsumer.offset(new StreamOffset.Last(), now)).isEqualTo(OffsetSpecification.last());
        assertThat(StreamConsumer.offset(new StreamOffset.Next(), now)).isEqualTo(OffsetSpecification.next());
        OffsetSpecification at = StreamConsumer.offset(new StreamOffset.Offset(42), now);
        assertThat(at.isOffset()).isTrue();
        assertThat(at.getOffset()).isEqualTo(42);
        assertThat(StreamConsumer.offset(new StreamOffset.Timestamp(now), now))
                .isEqualTo(OffsetSpecification.timestamp(now.toEpochMilli()));
        assertThat(StreamConsumer.offset(new StreamOffset.Interval("10m"), now))
                .isEqualTo(OffsetSpecification.timestamp(now.minus(Duration.ofMinutes(10)).toEpochMilli()));
        assertThat(new io.amqpharness.scenario.StreamOffset.Interval("7D").duration()).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void thePrefetchIsTheInitialCreditInChunks() {
        assertThat(StreamConsumer.initialCredits(consumer(OptionalInt.of(Scenario.DEFAULT_STREAM_PREFETCH))))
                .isEqualTo(StreamConsumer.DEFAULT_INITIAL_CREDITS);
        assertThat(StreamConsumer.initialCredits(consumer(OptionalInt.of(3)))).isEqualTo(3);
        assertThat(StreamConsumer.initialCredits(consumer(OptionalInt.empty())))
                .isEqualTo(StreamConsumer.DEFAULT_INITIAL_CREDITS);
    }

    private static ConsumerSpec consumer(OptionalInt prefetch) {
        return new ConsumerSpec(0, "c", "s", QueueType.STREAM, prefetch, false, Optional.empty(), Map.of(), false,
                Duration.ZERO, Optional.empty());
    }
}
