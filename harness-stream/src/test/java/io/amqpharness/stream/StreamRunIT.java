package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.ManagementClient;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.BrokerUnreachableException;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The stream protocol driver against a real broker's stream port (5552 on 3.10, 5553 for the local 4.0). */
@WithRabbitMQ
class StreamRunIT {
    private final RabbitMQBroker broker;

    StreamRunIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** The broker's stream address: its AMQP address with the stream scheme and the stream port beside it. */
    String streamUri() {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        int port = amqp.port() == 5672 ? 5552 : amqp.port() == WithRabbitMQ4.LOCAL_AMQP_PORT
                ? WithRabbitMQ4.LOCAL_STREAM_PORT : -1;
        Assumptions.assumeTrue(port > 0, "no known stream port beside " + amqp);
        return "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":" + port + "/%2F";
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().protocol("stream").uri(streamUri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true);
    }

    private ManagementClient management() {
        return broker.management().orElseThrow(() -> new AssertionError("the management plugin is needed"));
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void aConfirmedRunClosesItsCountsAndDeletesTheStreamItCreated() throws Exception {
        RunResult r = new LoadRunner(scenario().producerMessageCount(5_000).confirm(500).consumers(2)
                .streamOffset(new StreamOffset.First()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.broker().product()).isEqualTo("RabbitMQ");
        assertThat(r.broker().version()).isEqualTo(broker.version());
        assertThat(r.counts().published()).isEqualTo(5_000);
        assertThat(r.counts().confirmed()).isEqualTo(5_000);
        assertThat(r.counts().nacked()).isZero();
        // Two independent readers of one stream: each reads every message, neither is the other's duplicate.
        assertThat(r.counts().consumed()).isEqualTo(10_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
        assertThat(r.counts().foreign()).isZero();
        assertThat(r.latency(Metric.CONFIRM).count()).isEqualTo(5_000);
        assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(10_000);
        assertThat(management().queue("/", r.queues().get(0))).as("deleted after the run").isEmpty();
    }

    @Test
    void aConsumerFromFirstReadsWhatWasPublishedBeforeItAndTheRetentionOptionsReachTheStream() throws Exception {
        String stream = unique("it-stream");
        try {
            RunResult published = new LoadRunner(scenario().queue(stream).keepTopology(true).consumers(0)
                    .producerMessageCount(3_000).confirm(300).maxLengthBytes(50_000_000L)
                    .streamSegmentSize(5_000_000L).build()).run();
            assertThat(published.counts().confirmed()).isEqualTo(3_000);
            JsonNode q = management().queue("/", stream).orElseThrow();
            assertThat(q.get("type").asText()).isEqualTo("stream");
            assertThat(q.path("arguments").path("x-max-length-bytes").asLong()).isEqualTo(50_000_000L);
            assertThat(q.path("arguments").path("x-stream-max-segment-size-bytes").asLong()).isEqualTo(5_000_000L);

            RunResult read = new LoadRunner(scenario().queue(stream).keepTopology(true).producers(0)
                    .consumerMessageCount(3_000).streamOffset(new StreamOffset.First()).build()).run();
            assertThat(read.failure()).isEmpty();
            assertThat(read.counts().consumed()).isEqualTo(3_000);
            // Another run's messages: foreign here, but still whole and read once each.
            assertThat(read.counts().foreign()).isEqualTo(3_000);
            assertThat(read.counts().duplicated()).isZero();
            assertThat(management().queue("/", stream)).as("a stream the run did not create stays").isPresent();
        } finally {
            try (com.rabbitmq.client.Connection c = broker.newConnection()) {
                c.createChannel().queueDelete(stream);
            }
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = io.amqpharness.scenario.StreamSettings.Compression.class,
            names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
    void compressedSubEntryBatchesAreConfirmedAndReadMessageByMessage(
            io.amqpharness.scenario.StreamSettings.Compression codec) throws Exception {
        RunResult r = new LoadRunner(scenario().producerMessageCount(2_000).confirm(200).batchSize(20)
                .subEntrySize(10).compression(codec).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(2_000);
        assertThat(r.counts().consumed()).isEqualTo(2_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
    }

    @Test
    void anUnreachableStreamPortIsOneSentence() {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        Scenario s = Scenario.builder().protocol("stream").uri("rabbitmq-stream://guest:guest@" + amqp.host() + ":1/%2F")
                .producerMessageCount(10).noBrokerMetrics(true).build();
        assertThatThrownBy(() -> new LoadRunner(s).run()).isInstanceOf(BrokerUnreachableException.class)
                .hasMessage("Cannot connect to RabbitMQ's stream port at rabbitmq-stream://guest:***@" + amqp.host()
                        + ":1/%2F: connection refused. Is the rabbitmq_stream plugin enabled (rabbitmq-plugins enable "
                        + "rabbitmq_stream) and is 1 its port (5552 by default)?");
    }
}
