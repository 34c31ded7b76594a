package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Address;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.TopologyPlan;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code --producer-names}: named producers and the broker's deduplication, on the 3.10 broker's stream port. */
@WithRabbitMQ
class NamedProducersIT {
    private final String uri;

    NamedProducersIT(RabbitMQBroker broker) {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        org.junit.jupiter.api.Assumptions.assumeTrue(amqp.port() == 5672, "the 3.10 broker's stream port is 5552");
        this.uri = "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":5552/%2F";
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().protocol("stream").uri(uri).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true).producerNames("%s-%d");
    }

    private Environment environment() {
        BrokerUri u = BrokerUri.parse(uri).orElseThrow();
        Address address = new Address(u.host(), u.port());
        return Environment.builder().host(u.host()).port(u.port()).username(u.username()).password(u.password())
                .addressResolver(a -> address).build();
    }

    private static PublisherSpec spec(String stream) {
        return new PublisherSpec(0, "harness-named-p0", "harness-named-p0", "", stream, true, false, true,
                OptionalInt.empty(), MessageProperties.NONE, OptionalInt.of(100));
    }

    @Test
    void aMessageSentAgainOnTheReopenedProducerOfItsNameIsConfirmedButStoredOnce() throws Exception {
        String stream = "it-named-" + UUID.randomUUID().toString().substring(0, 8);
        Scenario s = scenario().queue(stream).build();
        try (Environment env = environment(); StreamDriver driver = new StreamDriver(DriverSettings.of(s, "named1"))) {
            driver.connect();
            driver.control().declare(new TopologyPlan(List.of(new TopologyPlan.Queue(stream, QueueType.STREAM, true, false,
                    false, Map.of())), List.of(), List.of(), false));
            Confirms confirms = new Confirms(100);
            PublisherLink first = driver.openPublisher(spec(stream), confirms);
            for (long seq = 1; seq <= 100; seq++) {
                first.send(seq, new byte[12], stream);
            }
            confirms.await();
            first.close();
            // What the core's recovery does: a new producer of the same name, the message that was being
            // sent when the link failed (100, which the broker had stored) first, then the next ones.
            Confirms again = new Confirms(11);
            PublisherLink second = driver.openPublisher(spec(stream), again);
            for (long seq = 100; seq <= 110; seq++) {
                second.send(seq, new byte[12], stream);
            }
            again.await();
            second.close();
            assertThat(again.confirmed.get()).as("the duplicate is confirmed too").isEqualTo(11);
            try (Producer p = env.producerBuilder().stream(stream).name(stream + "-0").build()) {
                assertThat(p.getLastPublishingId()).isEqualTo(110);
            }
            assertThat(stored(env, stream, 110)).as("message 100 once").isEqualTo(110);
            env.deleteStream(stream);
        }
    }

    @Test
    void aRunNamesItsProducersAndASecondRunWithTheSameNamesOnTheStreamIsRefused() throws Exception {
        String stream = "it-named-" + UUID.randomUUID().toString().substring(0, 8);
        try (Environment env = environment()) {
            try {
                RunResult r = new LoadRunner(scenario().queue(stream).keepTopology(true).producers(2).consumers(0)
                        .producerMessageCount(1_000).confirm(100).build()).run();
                assertThat(r.failure()).isEmpty();
                assertThat(r.counts().confirmed()).isEqualTo(2_000);
                for (int i = 0; i < 2; i++) {
                    try (Producer p = env.producerBuilder().stream(stream).name(stream + "-" + i).build()) {
                        assertThat(p.getLastPublishingId()).as("publisher %d's last sequence", i).isEqualTo(1_000);
                    }
                }
                String failure;
                try {
                    RunResult second = new LoadRunner(scenario().queue(stream).consumers(0).producerMessageCount(10)
                            .build()).run();
                    failure = second.failure().orElse("");
                } catch (RuntimeException e) {
                    failure = e.getMessage();
                }
                assertThat(failure).contains("Producer name '" + stream + "-0' already published on stream '" + stream
                        + "' (up to publishing id 1,000)");
            } finally {
                env.deleteStream(stream);
            }
        }
    }

    /**
     * F2: two instances that start together on one stream (the same {@code --start-at}, so both pass the
     * open-time check before either publishes) name their producers apart with {@code %i}: each stores
     * every message it had confirmed.
     */
    @Test
    void twoInstancesStartingTogetherOnOneStreamEachStoreEveryConfirmedMessage() throws Exception {
        String stream = "it-named-" + UUID.randomUUID().toString().substring(0, 8);
        io.amqpharness.scenario.StartTime at = io.amqpharness.scenario.StartTime.parse(
                java.time.Instant.now().plusSeconds(6).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString())
                .orElseThrow();
        try (Environment env = environment()) {
            try {
                java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
                List<java.util.concurrent.Future<RunResult>> runs = new java.util.ArrayList<>();
                for (String instance : List.of("pod-0", "pod-1")) {
                    Scenario s = scenario().queue(stream).keepTopology(true).producerNames("%s-%i-%d")
                            .instance(instance).startAt(at).producers(1).consumers(1).rate(500)
                            .producerMessageCount(1_000).confirm(100)
                            .streamOffset(new io.amqpharness.scenario.StreamOffset.First()).build();
                    runs.add(pool.submit(() -> new LoadRunner(s).run()));
                }
                for (java.util.concurrent.Future<RunResult> f : runs) {
                    RunResult r = f.get(90, TimeUnit.SECONDS);
                    assertThat(r.failure()).isEmpty();
                    assertThat(r.counts().confirmed()).isEqualTo(1_000);
                    assertThat(r.counts().ownUnique()).as("own messages stored and read").isEqualTo(r.counts().confirmed());
                }
                pool.shutdown();
            } finally {
                env.deleteStream(stream);
            }
        }
    }

    /** Messages in the stream, read from its first offset until {@code expected} arrived and then 500 ms more. */
    private static int stored(Environment env, String stream, int expected) throws InterruptedException {
        AtomicInteger count = new AtomicInteger();
        CountDownLatch enough = new CountDownLatch(expected);
        try (com.rabbitmq.stream.Consumer c = env.consumerBuilder().stream(stream).offset(OffsetSpecification.first())
                .messageHandler((ctx, m) -> {
                    count.incrementAndGet();
                    enough.countDown();
                }).build()) {
            assertThat(enough.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(500);
        }
        return count.get();
    }

    private static final class Confirms implements PublishOutcomeListener {
        private final CountDownLatch done;
        final AtomicInteger confirmed = new AtomicInteger();
        final Map<Long, PublishOutcome> outcomes = new ConcurrentHashMap<>();

        Confirms(int expected) {
            done = new CountDownLatch(expected);
        }

        void await() throws InterruptedException {
            assertThat(done.await(10, TimeUnit.SECONDS)).as("confirms").isTrue();
        }

        @Override
        public void settled(long seq, boolean multiple, PublishOutcome outcome) {
            outcomes.put(seq, outcome);
            if (outcome == PublishOutcome.CONFIRMED) {
                confirmed.incrementAndGet();
            }
            done.countDown();
        }

        @Override
        public void returned(byte[] body, int offset, int length) {
        }

        @Override
        public void failed(Throwable cause) {
        }
    }
}
