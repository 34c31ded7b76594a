package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Address;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Producer;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.TopologyPlan;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Single active consumers, super streams and stream filtering, against the local RabbitMQ 4.0's
 * stream port (3.10 lacks all three: StreamCliTest checks its one sentence for each).
 */
@WithRabbitMQ4
class StreamGroupsOnRabbitMQ4IT {
    private final RabbitMQBroker broker;
    private final String uri;

    StreamGroupsOnRabbitMQ4IT(RabbitMQBroker broker) {
        this.broker = broker;
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        this.uri = "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":"
                + WithRabbitMQ4.LOCAL_STREAM_PORT + "/%2F";
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().protocol("stream").uri(uri).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true);
    }

    private Environment environment() {
        BrokerUri u = BrokerUri.parse(uri).orElseThrow();
        Address address = new Address(u.host(), u.port());
        return Environment.builder().host(u.host()).port(u.port()).username(u.username()).password(u.password())
                .addressResolver(a -> address).build();
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void singleActiveConsumersOfAStreamReadItOnceBetweenThem() throws Exception {
        RunResult r = new LoadRunner(scenario().producerMessageCount(6_000).confirm(500).consumers(3)
                .singleActiveConsumer(true).streamOffset(new StreamOffset.First()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(6_000);
        // Three independent readers would have received 18,000.
        assertThat(r.counts().consumed()).isEqualTo(6_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
        assertThat(r.expectedDeliveries()).hasValue(6_000);
    }

    @Test
    void theNextActiveConsumerResumesAfterTheLastMessageTheGroupReceived() throws Exception {
        String stream = unique("it-sac");
        Scenario s = scenario().queue(stream).singleActiveConsumer(true).build();
        try (Environment env = environment(); StreamDriver driver = new StreamDriver(DriverSettings.of(s, "sac1"))) {
            driver.connect();
            driver.control().declare(new TopologyPlan(List.of(new TopologyPlan.Queue(stream, QueueType.STREAM, true, false,
                    false, Map.of())), List.of(), List.of(), false));
            publish(env, stream, 0, 1_000);
            Receiver a = new Receiver();
            Receiver b = new Receiver();
            ConsumerLink first = driver.openConsumer(spec(0, stream));
            ConsumerLink second = driver.openConsumer(spec(1, stream));
            first.start(a);
            second.start(b);
            Receiver.awaitTotal(1_000, a, b);
            // One of them got everything, the other nothing: one active consumer at a time (a delivery to the other
            // arriving later would show in the exact sizes below, after the second thousand).
            assertThat(Set.of(a.received.size(), b.received.size())).containsExactlyInAnyOrder(0, 1_000);
            Receiver active = a.received.isEmpty() ? b : a;
            Receiver waiting = active == a ? b : a;
            (active == a ? first : second).cancel();
            publish(env, stream, 1_000, 2_000);
            Receiver.awaitTotal(2_000, a, b);
            // Closed first, so that nothing arrives after the counts are read.
            first.close();
            second.close();
            // The one that took over started after the group's last offset: no repeats, no gaps.
            assertThat(waiting.received).hasSize(1_000).allMatch(i -> i >= 1_000 && i < 2_000);
            assertThat(active.received).hasSize(1_000).allMatch(i -> i < 1_000);
            assertThat(a.duplicates + b.duplicates).isZero();
            env.deleteStream(stream);
        }
    }

    private static ConsumerSpec spec(int index, String stream) {
        return new ConsumerSpec(index, "c" + index, stream, QueueType.STREAM, OptionalInt.of(10), false,
                Optional.of(new StreamOffset.First()), Map.of(), false, Duration.ZERO, Optional.empty());
    }

    private static void publish(Environment env, String stream, int from, int to) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(to - from);
        Producer p = env.producerBuilder().stream(stream).build();
        for (int i = from; i < to; i++) {
            p.send(p.messageBuilder().addData(ByteBuffer.allocate(4).putInt(i).array()).build(),
                    status -> confirmed.countDown());
        }
        assertThat(confirmed.await(10, TimeUnit.SECONDS)).isTrue();
        p.close();
    }

    /** Counts what one consumer received, by the index in the first four bytes of the body. */
    private static final class Receiver implements DeliveryListener {
        final Set<Integer> received = ConcurrentHashMap.newKeySet();
        volatile int duplicates;

        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
            if (!received.add(ByteBuffer.wrap(body, offset, length).getInt())) {
                duplicates++;
            }
        }

        @Override
        public void failed(Throwable cause) {
        }

        static void awaitTotal(int total, Receiver... receivers) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (System.nanoTime() < deadline) {
                int sum = 0;
                for (Receiver r : receivers) {
                    sum += r.received.size();
                }
                if (sum >= total) {
                    return;
                }
                Thread.sleep(50);
            }
            throw new AssertionError("fewer than " + total + " messages arrived within 15 s");
        }
    }

    @Test
    void aSuperStreamSpreadsPublishersOverItsPartitionsAndEachConsumerReadsThemAll() throws Exception {
        String superStream = unique("it-super");
        try (Environment env = environment()) {
            RunResult r = new LoadRunner(scenario().queue(superStream).superStream(3).producers(3)
                    .producerMessageCount(2_000).confirm(300).consumers(2).streamOffset(new StreamOffset.First())
                    .keepTopology(true).build()).run();
            assertThat(r.failure()).isEmpty();
            assertThat(r.counts().published()).isEqualTo(6_000);
            assertThat(r.counts().confirmed()).isEqualTo(6_000);
            // Each consumer reads every partition: 2 x 6,000.
            assertThat(r.counts().consumed()).isEqualTo(12_000);
            assertThat(r.counts().lost()).isZero();
            assertThat(r.counts().duplicated()).isZero();
            // Partitions arrive on several threads at once: one at a time into the core, each publisher in order.
            assertThat(r.counts().outOfOrder()).isZero();
            for (int p = 0; p < 3; p++) {
                // Publisher i wrote partition i (an empty stream has no committed chunk and throws).
                assertThat(env.queryStreamStats(superStream + "-" + p).committedChunkId()).isNotNegative();
            }
            assertThat(env.streamExists(superStream + "-3")).isFalse();
        } finally {
            try (Environment env = environment()) {
                env.deleteSuperStream(superStream);
            }
        }
    }

    @Test
    void aSuperStreamTheRunCreatedIsDeletedWithItsPartitions() throws Exception {
        RunResult r = new LoadRunner(scenario().superStream(2).producers(2).producerMessageCount(1_000).confirm(100)
                .consumers(2).singleActiveConsumer(true).streamOffset(new StreamOffset.First()).build()).run();
        assertThat(r.failure()).isEmpty();
        // Single active consumers of a super stream share its partitions: each message once in all.
        assertThat(r.counts().consumed()).isEqualTo(2_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
        try (Environment env = environment()) {
            assertThat(env.streamExists(r.queues().get(0) + "-0")).isFalse();
            assertThat(env.streamExists(r.queues().get(0) + "-1")).isFalse();
        }
    }

    @Test
    void consumersReceiveOnlyThePublishersWhoseFilterValueTheyAskFor() throws Exception {
        RunResult r = new LoadRunner(scenario().producers(2).producerMessageCount(2_000).confirm(200)
                .filterValue(List.of("red", "blue")).filterValues(List.of("red"))
                .streamOffset(new StreamOffset.First()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(4_000);
        // Publisher 0 tags red, publisher 1 blue: the consumer gets publisher 0's 2,000, whole.
        assertThat(r.counts().consumed()).isEqualTo(2_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().foreign()).isZero();

        RunResult both = new LoadRunner(scenario().producers(2).producerMessageCount(1_000).confirm(200)
                .filterValue(List.of("red", "blue")).filterValues(List.of("blue", "red"))
                .streamOffset(new StreamOffset.First()).build()).run();
        assertThat(both.counts().consumed()).isEqualTo(2_000);
        assertThat(both.counts().lost()).isZero();
        assertThat(both.expectedDeliveries()).hasValue(2_000);
    }
}
