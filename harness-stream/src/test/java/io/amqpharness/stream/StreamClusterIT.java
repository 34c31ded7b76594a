package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.stream.impl.Client;
import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.Await;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.TopologyPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The 3-node RabbitMQ 4.0 cluster of {@code scripts/rabbitmq-cluster.sh} (stream ports 5581-5583,
 * each node advertising {@code localhost} and its own port): with the three nodes given, producers
 * go to a stream's leader and consumers to a replica.
 */
@Tag("faults")
@Tag("cluster") // on the 3-node cluster: run-tests runs these classes in a command of their own
class StreamClusterIT {
    private static final String URIS = "rabbitmq-stream://guest:guest@127.0.0.1:5581,rabbitmq-stream://127.0.0.1:5582,"
            + "rabbitmq-stream://127.0.0.1:5583";

    @BeforeEach
    void cluster() {
        assumeTrue(Brokers.listening("127.0.0.1", 5581) && Brokers.listening("127.0.0.1", 5582)
                && Brokers.listening("127.0.0.1", 5583), "needs the 3-node cluster of scripts/rabbitmq-cluster.sh");
    }

    private static Scenario.Builder scenario() {
        return Scenario.builder().protocol("stream").uri(URIS).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true);
    }

    @Test
    void theProducerIsOnTheStreamsLeaderAndTheConsumerOnAReplica() throws Exception {
        String stream = "it-placement-" + UUID.randomUUID().toString().substring(0, 8);
        Scenario s = scenario().queue(stream).build();
        Client admin = new Client(new Client.ClientParameters().host("127.0.0.1").port(5581)
                .username("guest").password("guest"));
        try (StreamDriver driver = new StreamDriver(DriverSettings.of(s, "place1"))) {
            driver.connect();
            driver.control().declare(new TopologyPlan(List.of(new TopologyPlan.Queue(stream, QueueType.STREAM, true, false,
                    false, Map.of())), List.of(), List.of(), false));
            Client.StreamMetadata metadata = replicated(admin, stream);
            String leader = key(metadata.getLeader());
            List<String> replicas = metadata.getReplicas().stream().map(StreamClusterIT::key).toList();
            assertThat(replicas).as("a replicated stream").isNotEmpty().doesNotContain(leader);

            CountDownLatch confirmed = new CountDownLatch(100);
            CountDownLatch received = new CountDownLatch(100);
            PublisherLink publisher = driver.openPublisher(new PublisherSpec(0, "harness-place1-p0",
                    "harness-place1-p0", "", stream, true, false, true, OptionalInt.empty(), MessageProperties.NONE, OptionalInt.of(100)),
                    new Confirms(confirmed));
            ConsumerLink consumer = driver.openConsumer(new ConsumerSpec(0, "c0", stream, QueueType.STREAM,
                    OptionalInt.of(10), false, Optional.of(new StreamOffset.First()), Map.of(), false, Duration.ZERO,
                    Optional.empty()));
            consumer.start(new DeliveryListener() {
                @Override
                public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered,
                                      String publisherId) {
                    received.countDown();
                }

                @Override
                public void failed(Throwable cause) {
                }
            });
            for (long seq = 1; seq <= 100; seq++) {
                publisher.send(seq, new byte[12], stream);
            }
            assertThat(confirmed.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(received.await(10, TimeUnit.SECONDS)).isTrue();

            JsonNode connections = new ObjectMapper().readTree(driver.clientConnections());
            assertThat(nodes(connections.path("producers"))).containsExactly(leader);
            List<String> consumerNodes = nodes(connections.path("consumers"));
            assertThat(consumerNodes).hasSize(1);
            assertThat(replicas).contains(consumerNodes.get(0));
            publisher.close();
            consumer.close();
        } finally {
            admin.delete(stream);
            admin.close();
        }
    }

    @Test
    void aRunOverTheThreeNodesCountsEveryMessageOnce() {
        RunResult r = new LoadRunner(scenario().producerMessageCount(3_000).confirm(300).producers(2).consumers(2)
                .streamOffset(new StreamOffset.First()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(6_000);
        assertThat(r.counts().consumed()).isEqualTo(12_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
    }

    /**
     * The stream's metadata once it lists both replicas, for up to 20 s: a new stream's replicas take a
     * moment to start, and one listed before the other let the consumer go to the one not yet listed.
     */
    private static Client.StreamMetadata replicated(Client admin, String stream) {
        return Await.until("stream " + stream + " to list both replicas", Duration.ofSeconds(20),
                () -> admin.metadata(stream).get(stream), m -> m.getReplicas().size() >= 2);
    }

    private static String key(Client.Broker b) {
        return b.getHost() + ":" + b.getPort();
    }

    /** The node of each connection of one coordinator in the client's account. */
    private static List<String> nodes(JsonNode coordinator) {
        List<String> nodes = new ArrayList<>();
        for (JsonNode c : coordinator.path("clients")) {
            nodes.add(c.path("node").asText());
        }
        return nodes;
    }

    private record Confirms(CountDownLatch confirmed) implements PublishOutcomeListener {
        @Override
        public void settled(long seq, boolean multiple, PublishOutcome outcome) {
            if (outcome == PublishOutcome.CONFIRMED) {
                confirmed.countDown();
            }
        }

        @Override
        public void returned(byte[] body, int offset, int length) {
        }

        @Override
        public void failed(Throwable cause) {
        }
    }
}
