package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.broker.BrokerMetricsReport;
import io.amqpharness.broker.BrokerMonitor;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.junit.BrokerIndependent.Why;
import io.amqpharness.junit.BrokerIndependent;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.files.IntervalsCsv;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.BrokerMetrics;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker's side of a run, read from the real broker's management API and Prometheus endpoint:
 * queue depth seen by the broker, the cross-check of counts (and its note when another client makes
 * them differ), queue growth, and a metrics URL that does not answer. Each run names its own final wait
 * ({@code --broker-metrics-wait}). {@link BrokerMetricsIT} runs them on RabbitMQ 3.10,
 * {@link BrokerMetricsOnRabbitMQ4IT} those whose answers differ on 4.x, each alone.
 */
abstract class BrokerMetricsChecks {
    /**
     * The final wait of the tests of the broker's counters ({@code --broker-metrics-wait}): it ends as soon as the
     * counts agree, so a limit above the default 6 s costs time only when the broker lags. On CI's loaded machine
     * the 3.10 broker's counter of a queue once stood at 4,920 of 6,000 for the default's whole wait.
     */
    static final Duration COUNTERS_FINAL_WAIT = Duration.ofSeconds(30);

    @BeforeEach
    void waitForTheBrokersStatistics() throws Exception {
        // After the classes that ran beside each other, the broker's statistics can be seconds behind: once
        // 3,031 of 3,100 messages were counted after the final wait.
        if (broker.management().isPresent()) {
            broker.management().get().awaitStatistics(Duration.ofSeconds(30));
        }
    }

    private final RabbitMQBroker broker;

    BrokerMetricsChecks(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** A scenario against the test broker, reading its management API where the test broker says it is. */
    private Scenario.Builder scenario() {
        Scenario.Builder b = Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).brokerMetricsWait(COUNTERS_FINAL_WAIT);
        broker.managementUri().ifPresent(u -> b.brokerMetrics(u.toString()));
        return b;
    }

    private BrokerMetricsReport report(RunResult r) {
        BrokerMetricsReport m = r.brokerMetrics().orElseThrow();
        assertThat(m.unavailable()).as("the test broker has the management plugin").isEmpty();
        return m;
    }

    @Test
    void theBrokerSeesTheQueueFillWhenNobodyConsumes() {
        // Over twice the broker's statistics interval (5 s): a new queue's first statistics can come 8 s into a
        // run on a busy machine (seen on RabbitMQ 4.0), and the depth must have been reported at least once.
        RunResult r = new LoadRunner(scenario().consumers(0).rate(500).time(Duration.ofSeconds(12)).build()).run();
        BrokerMetricsReport m = report(r);
        assertThat(m.source()).hasValue("management");
        assertThat(m.peakDepth().orElse(0)).as("queue depth the broker reported").isPositive()
                .isLessThanOrEqualTo(r.counts().published());
        assertThat(m.last().orElseThrow().queues()).singleElement()
                .satisfies(q -> assertThat(q.name()).isEqualTo(r.queues().get(0)));
        assertThat(m.peakMemoryBytes().orElse(0)).isPositive();
        assertThat(m.peakConnections().orElse(0)).as("the run's own connection at least").isPositive();
        assertThat(r.intervals().stream().filter(i -> i.broker().isPresent()).count())
                .as("intervals carrying a broker sample").isGreaterThanOrEqualTo(5);
        // The broker's publish counter, or (when its statistics lost a closed channel's last interval, seen on 4.0
        // in CI: 7,785 counted, 8,500 in the queue) no comparison and the note that says why, never a DIFFER.
        if (m.crossCheck().orElseThrow().brokerPublished().isEmpty()) {
            assertThat(r.notes()).as(() -> "the broker's samples: " + samples(r))
                    .anyMatch(n -> n.startsWith("The broker's publish counter of the run's queues stopped at"));
            assertThat(m.peakDepth()).as("the queue's own depth").hasValue(r.counts().published());
        } else {
            assertThat(m.crossCheck().orElseThrow().brokerPublished()).as(() -> "the broker's samples: " + samples(r))
                    .hasValue(r.counts().published());
        }
    }

    /** Each broker sample of a run, as elapsed time, then the run's queue's publish counter and depth. */
    private static String samples(RunResult r) {
        List<io.amqpharness.broker.BrokerSample> all = new java.util.ArrayList<>();
        r.intervals().forEach(i -> i.broker().ifPresent(all::add));
        r.brokerMetrics().flatMap(BrokerMetricsReport::last).ifPresent(all::add);
        return all.stream().map(b -> b.elapsed().toMillis() + " ms: " + b.queues().stream()
                .map(q -> "published " + q.published() + ", depth " + q.depth()).toList()).toList().toString();
    }

    @Test
    void countsAgreeAndTheCrossCheckIsInTheSummaryResultJsonAndCsv(@TempDir Path dir) throws Exception {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).producerMessageCount(5_000).confirm(100)
                .qos(200).multiAckEvery(50).build()).run();
        CrossCheck c = report(r).crossCheck().orElseThrow();
        // The run's queues' counters, or the node's while a new queue has no statistics yet (its first come
        // up to 5 s late); node-wide counters never stand in for queue counters that differ.
        assertThat(c.basis()).isIn("queues", "node");
        assertThat(c.brokerPublished()).hasValue(5_000);
        assertThat(c.brokerDelivered()).hasValue(5_000);
        assertThat(c.agrees()).isTrue();
        io.amqpharness.junit.HarnessAssertions.assertThat(r).brokerCountsAgree();
        assertThat(report(r).last().orElseThrow().leader()).as("a quorum queue's leader").isPresent();
        assertThat(r.notes()).noneMatch(n -> n.startsWith("The broker counted"));
        assertThat(TextSummary.format(r)).contains("Broker metrics: management ")
                .contains("cross-check with the broker: published 5,000 (harness 5,000), delivered 5,000 (harness 5,000): agree (");
        io.amqpharness.report.document.BrokerMetrics written = ResultDocuments.read(ResultDocuments.write(RunDocument.of(r), dir)).brokerMetrics()
                .orElseThrow();
        assertThat(written.crossCheck().orElseThrow().agrees()).isTrue();
        assertThat(written.crossCheck().orElseThrow().brokerPublished()).hasValue(5_000);
        assertThat(written.source()).contains("management");
        Path csv = IntervalsCsv.write(r, dir);
        assertThat(Files.readAllLines(csv).get(0)).contains("broker_ready", "broker_memory_bytes");
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the per-queue counter theBrokerSeesTheQueueFill reads; the difference is the harness's arithmetic
    void anotherPublisherOnTheRunsQueueMakesTheCountsDifferAndTheNoteSaysByHowMuch() throws Exception {
        // Counts that differ never end the wait early: the default wait (6 s, longer while they move), not 30 s.
        String queue = "it-cross-" + UUID.randomUUID().toString().substring(0, 8);
        AtomicBoolean sent = new AtomicBoolean();
        RunListener intruder = new RunListener() {
            @Override
            public void interval(IntervalStats stats) {
                if (sent.compareAndSet(false, true)) {
                    try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                        ch.confirmSelect();
                        for (int i = 0; i < 100; i++) {
                            ch.basicPublish("", queue, null, "not the harness's".getBytes(StandardCharsets.UTF_8));
                        }
                        ch.waitForConfirmsOrDie(5_000);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        };
        RunResult r = new LoadRunner(scenario().brokerMetricsWait(Duration.ofSeconds(BrokerMonitor.FINAL_WAIT_SECONDS)).queue(queue)
                .rate(1000).confirm(100).time(Duration.ofSeconds(3)).build())
                .listener(intruder).run();
        assertThat(sent).isTrue();
        CrossCheck c = report(r).crossCheck().orElseThrow();
        assertThat(c.brokerPublished().getAsLong()).isEqualTo(r.counts().published() + 100);
        assertThat(c.agrees()).isFalse();
        assertThat(r.notes()).contains(String.format(java.util.Locale.ROOT, "The broker counted %,d messages published "
                + "into the run's queues, the harness %,d (difference +100).", r.counts().published() + 100,
                r.counts().published()));
        assertThat(TextSummary.format(r)).contains(": DIFFER");
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // growth by the harness's own counts
    void queuesThatGrowWhilePublishingGetANoteWithTheRateAndWhatToDo() {
        // A prefetch keeps the backlog in the queue: unlimited, the rate-limited consumer held thousands in its
        // client and handled them all, at 500/s, before its channel closed.
        RunResult r = new LoadRunner(scenario().brokerMetricsWait(Duration.ZERO).rate(3000).consumerRate(500).qos(100).time(Duration.ofSeconds(3))
                .drainTimeout(Duration.ofSeconds(1)).build()).run();
        assertThat(report(r).growth().orElseThrow().messages()).isGreaterThan(5_000);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("The run's queues grew by")
                .contains("per second").contains("lower --rate"));
    }

    /** A 50-message queue that refuses the rest: it holds at most 50 plus what consumers hold, not what was refused. */
    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the harness's counts; x-overflow reject-publish unchanged in 4.x
    void messagesAFullQueueRefusedAreNotCountedAsGrowth() {
        RunResult r = new LoadRunner(scenario().brokerMetricsWait(Duration.ZERO).queueArgument("x-max-length", 50L)
                .queueArgument("x-overflow", "reject-publish").confirm(100).rate(1000).consumerRate(100).qos(10)
                .time(Duration.ofSeconds(2)).drainTimeout(Duration.ofSeconds(2)).build()).run();
        assertThat(r.counts().nacked()).as("the broker refused most messages").isGreaterThan(1_000);
        var growth = report(r).growth().orElseThrow();
        assertThat(growth.basis()).isEqualTo("harness");
        assertThat(growth.messages()).isLessThanOrEqualTo(50 + 10);
        assertThat(growth.exact()).isFalse();
        assertThat(r.notes()).noneMatch(n -> n.startsWith("The run's queues grew by"));
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    void aMetricsUrlThatDoesNotAnswerIsOneNoteNotAFailure() {
        RunResult r = new LoadRunner(Scenario.builder().uri(broker.uri()).brokerMetrics("http://localhost:1")
                .producerMessageCount(100).build()).run();
        assertThat(r.failed()).isFalse();
        assertThat(r.counts().consumed()).isEqualTo(100);
        assertThat(r.brokerMetrics().orElseThrow().unavailable()).isPresent();
        assertThat(r.notes()).filteredOn(n -> n.contains("metrics")).singleElement().asString()
                .startsWith("The broker's metrics could not be read: http://localhost:1/api/queues/")
                .contains("--no-broker-metrics");
        assertThat(TextSummary.format(r)).contains("Broker metrics: not read");
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the management API's 401, the same on 4.x
    void aRefusedPasswordIsNamedAsSuchAndNeverPrinted() {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        String password = "wrong-S3cret";
        Scenario s = Scenario.builder().uri("amqp://" + amqp.username() + ":" + password + "@" + amqp.host() + ":"
                + amqp.port() + "/%2F").brokerMetrics(broker.managementUri().orElseThrow().toString()).build();
        BrokerMonitor monitor = BrokerMonitor.open(s, new BrokerInfo("RabbitMQ", broker.version(), "", Map.of()),
                List.of("q"), System::nanoTime).orElseThrow();
        BrokerMonitor.Outcome o = monitor.finish(System.nanoTime(),
                new CrossCheck.HarnessCounts(0, OptionalLong.empty(), 0, false, Optional.empty()), 0, s);
        assertThat(o.notes()).singleElement().asString().contains("answered HTTP 401").doesNotContain(password);
        assertThat(o.report().line()).doesNotContain(password);
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    void noBrokerMetricsMeansNoReport() {
        RunResult r = new LoadRunner(scenario().brokerMetrics(null).noBrokerMetrics(true).producerMessageCount(10)
                .build()).run();
        assertThat(r.brokerMetrics()).isEmpty();
        assertThat(r.intervals()).allSatisfy(i -> assertThat(i.broker()).isEmpty());
    }

    private static boolean answers(URI url) {
        try {
            return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(url)
                    .timeout(Duration.ofSeconds(2)).build(), java.net.http.HttpResponse.BodyHandlers.discarding())
                    .statusCode() == 200;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void thePrometheusEndpointGivesDepthCpuAndNodeWideCounts() {
        URI prometheus = BrokerMetrics.derivedPrometheus(BrokerUri.parse(broker.uri()).orElseThrow());
        Assumptions.assumeTrue(answers(prometheus), prometheus + " does not answer (a container maps its ports "
                + "elsewhere; the local brokers have it)");
        RunResult r = new LoadRunner(scenario().brokerMetricsWait(Duration.ZERO).brokerMetrics(prometheus.toString()).consumers(0).rate(1000)
                .time(Duration.ofSeconds(3)).build()).run();
        BrokerMetricsReport m = report(r);
        assertThat(m.source()).hasValue("prometheus");
        assertThat(m.url()).hasValue(prometheus.toString());
        // The Erlang runtime clock can stand still between two scrapes of a short run on a busy machine (a CI
        // run read 0.0): present and not negative; PrometheusTextTest checks the arithmetic.
        assertThat(m.peakCpuCores()).as("node CPU from the Erlang runtime clock").isPresent();
        assertThat(m.peakCpuCores().getAsDouble()).isNotNegative();
        assertThat(m.peakMemoryBytes().orElse(0)).isPositive();
        assertThat(m.last().orElseThrow().queues()).singleElement()
                .satisfies(q -> assertThat(q.name()).isEqualTo(r.queues().get(0)));
        CrossCheck c = m.crossCheck().orElseThrow();
        assertThat(c.basis()).isEqualTo("node");
        // Node-wide: other clients of a shared broker may add to the broker's count, never take from it.
        assertThat(c.brokerPublished().getAsLong()).isGreaterThanOrEqualTo(r.counts().published());
        assertThat(List.of(m.line())).singleElement().asString().contains("prometheus ").contains("CPU max");
    }
}
