package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.DriverContract;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The driver contract ({@link DriverContract}) over the stream protocol, with its exact sentence for a port where
 * nothing listens, and what only the stream protocol has (retention arguments, sub-entry batches), against a
 * real broker's stream port (5552 on 3.10, 5553 for the local 4.0).
 */
@WithRabbitMQ
class StreamRunIT extends DriverContract {
    StreamRunIT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    protected String protocol() {
        return "stream";
    }

    /** The stream protocol reads and writes streams only. */
    @Override
    protected Set<QueueType> queueTypes() {
        return Set.of(QueueType.STREAM);
    }

    @Override
    protected String uri() {
        return streamUri();
    }

    @Override
    protected void checkUnreachableSentence(String message) {
        String host = BrokerUri.parse(broker.uri()).orElseThrow().host();
        assertThat(message).isEqualTo("Cannot connect to RabbitMQ's stream port at rabbitmq-stream://guest:***@" + host
                + ":1/%2F: connection refused. Is the rabbitmq_stream plugin enabled (rabbitmq-plugins enable "
                + "rabbitmq_stream) and is 1 its port (5552 by default)?");
    }

    /** The broker's stream address: its AMQP address with the stream scheme and the stream port beside it. */
    private String streamUri() {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        int port = amqp.port() == 5672 ? 5552 : amqp.port() == WithRabbitMQ4.LOCAL_AMQP_PORT
                ? WithRabbitMQ4.LOCAL_STREAM_PORT : -1;
        Assumptions.assumeTrue(port > 0, "no known stream port beside " + amqp);
        return "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":" + port + "/%2F";
    }

    @Test
    void theRetentionOptionsReachTheStream() throws Exception {
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
        } finally {
            deleteQueue(stream);
        }
    }

    /**
     * A broker whose stream connections sleep 1 ms between deliveries (before RabbitMQ 4.2.2) is named in
     * a run with consumers, which still reads everything; a run without consumers has no such note.
     */
    @Test
    void aBrokerThatSleepsBetweenDeliveriesIsNotedWhenTheRunConsumes() throws Exception {
        RunResult r = new LoadRunner(scenario().producerMessageCount(500).confirm(100).rate(1_000).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(500);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        String version = r.broker().version();
        java.util.Optional<String> expected = new BrokerCapabilities(version, true).deliveryNote();
        if (expected.isPresent()) { // the local 3.10 and 4.0
            assertThat(r.notes()).contains(expected.get());
            assertThat(expected.get()).startsWith("RabbitMQ " + version + "'s stream connections sleep 1 ms");
        } else {
            assertThat(r.notes()).noneMatch(n -> n.contains("stream connections sleep"));
        }
        RunResult publishing = new LoadRunner(scenario().producerMessageCount(100).confirm(100).consumers(0).build()).run();
        assertThat(publishing.notes()).noneMatch(n -> n.contains("stream connections sleep"));
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
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
        // the harness's codecs wrote and read them (the client's gzip for gzip)
        assertThat(r.driverFacts().get("stream-batching")).contains("compression " + codec + " (")
                .contains(codec == io.amqpharness.scenario.StreamSettings.Compression.GZIP ? "JDK"
                        : codec == io.amqpharness.scenario.StreamSettings.Compression.ZSTD ? "zstd-jni" : "-java");
    }

    /** Sub-entries of 10 x 10 kB: 100 kB each, past the 64 KiB blocks (LZ4) and chunks (Snappy) of the framed formats. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = io.amqpharness.scenario.StreamSettings.Compression.class,
            names = {"SNAPPY", "LZ4", "ZSTD"})
    void subEntriesLargerThanOneFramedBlockAreStoredAndReadWhole(
            io.amqpharness.scenario.StreamSettings.Compression codec) throws Exception {
        RunResult r = new LoadRunner(scenario().producerMessageCount(500).size(10_000).confirm(100).batchSize(20)
                .subEntrySize(10).compression(codec).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(500);
        assertThat(r.counts().consumed()).isEqualTo(500);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }
}
