package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.junit.BrokerSource;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.Scenario;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The measurement promises of the harness, checked against a real broker. The test that alarms the broker
 * every other class uses is in the faults tier ({@code @Tag("faults")}), which runs after the main tier's
 * classes, alone in this module's faults execution; tagged {@code shared-broker} as well, it runs in run-tests
 * after every module's main tier and the faults classes on the cluster and in containers.
 */
@WithRabbitMQ
class MeasurementIT {
    private final RabbitMQBroker broker;

    MeasurementIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** No broker metrics: these tests do not test them (BrokerMetricsIT does). */
    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20))
                .noBrokerMetrics(true);
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    @Tag("faults")
    @Tag("shared-broker") // alarms the 3.10 broker other modules' classes use
    void aBrokerStallShowsUpAsLatencyOfTheMessagesScheduledInIt() throws Exception {
        Assumptions.assumeTrue(broker.source() == BrokerSource.LOCAL && rabbitmqctl("status").exitCode == 0,
                "needs the local broker and rabbitmqctl to raise a memory alarm");
        String watermark = rabbitmqctl("eval", "vm_memory_monitor:get_vm_memory_high_watermark().").out.strip();
        Assumptions.assumeTrue(watermark.matches("[0-9.]+"), "cannot read the memory watermark: " + watermark);
        Thread stall = new Thread(() -> {
            try {
                Thread.sleep(1_000);
                rabbitmqctl("set_vm_memory_high_watermark", "0"); // the CLI itself takes about a second
                Thread.sleep(2_000);
            } catch (InterruptedException | IOException e) {
                Thread.currentThread().interrupt();
            } finally {
                restore(watermark);
            }
        });
        RunResult r;
        try {
            stall.start();
            r = new LoadRunner(scenario().rate(500).time(Duration.ofSeconds(8)).qos(100).build()).run();
            stall.join();
        } finally {
            restore(watermark);
        }
        assertThat(r.counts().published()).isEqualTo(4_000);
        assertThat(r.counts().consumed()).isEqualTo(4_000);
        // The messages scheduled at the start of the 2 s alarm waited for the whole of it.
        assertThat(r.latency(Metric.END_TO_END).max()).isGreaterThan(Duration.ofMillis(1_500).toNanos());
        assertThat(r.maxOverIntervals(Metric.END_TO_END).p99()).isGreaterThan(Duration.ofMillis(1_000).toNanos());
        assertThat(r.latency(Metric.END_TO_END).p50()).as("outside the stall latency stays low")
                .isLessThan(r.latency(Metric.END_TO_END).max() / 2);
    }

    @Test
    void consumerProcessingTimeIsPartOfEndToEndLatency() {
        RunResult r = new LoadRunner(scenario().rate(20).time(Duration.ofSeconds(2)).qos(10)
                .consumerLatency(DurationRange.fixed(Duration.ofMillis(30))).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(40);
        assertThat(r.latency(Metric.END_TO_END).min()).isGreaterThanOrEqualTo(Duration.ofMillis(30).toNanos());
    }

    @Test
    void messagesRemovedBehindTheHarnesssBackAreReportedLost() throws Exception {
        String queue = unique("it-loss");
        try {
            RunResult published = new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0)
                    .producerMessageCount(1_000).confirm(100).build()).run();
            assertThat(published.counts().confirmed()).isEqualTo(1_000);
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                for (int i = 0; i < 100; i++) {
                    ch.basicGet(queue, true); // taken from the head: messages 1 to 100
                }
            }
            RunResult consumed = new LoadRunner(scenario().queue(queue).keepTopology(true).producers(0)
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(consumed.counts().consumed()).isEqualTo(900);
            assertThat(consumed.counts().lost()).isEqualTo(100);
            assertThat(consumed.counts().duplicated()).isZero();
            assertThat(consumed.counts().outOfOrder()).isZero();
        } finally {
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                ch.queueDelete(queue);
            }
        }
    }

    @Test
    void requeuedMessagesAreRedeliveriesNotDuplicates() throws Exception {
        String queue = unique("it-requeue");
        try {
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(50)
                    .confirm(10).build()).run();
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                for (int i = 0; i < 10; i++) {
                    ch.basicGet(queue, false);
                }
                ch.basicRecover(true); // back to the queue, flagged redelivered
            }
            RunResult r = new LoadRunner(scenario().queue(queue).keepTopology(true).producers(0)
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(r.counts().consumed()).isEqualTo(50);
            assertThat(r.counts().duplicated()).isZero();
            assertThat(r.counts().lost()).isZero();
            assertThat(r.counts().unique()).isEqualTo(50);
        } finally {
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                ch.queueDelete(queue);
            }
        }
    }

    @Test
    void wallClockTimestampsLetAnotherRunMeasureLatency() throws Exception {
        String queue = unique("it-wall");
        try {
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(200)
                    .confirm(50).clock(ClockMode.WALL).build()).run();
            Thread.sleep(300);
            RunResult r = new LoadRunner(scenario().queue(queue).keepTopology(true).producers(0)
                    .consumerMessageCount(200).clock(ClockMode.WALL).build()).run();
            assertThat(r.counts().foreign()).isEqualTo(200);
            assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(200);
            assertThat(r.latency(Metric.END_TO_END).min()).as("they waited in the queue between the runs")
                    .isGreaterThan(Duration.ofMillis(300).toNanos());
            assertThat(r.counts().clockSkew()).isZero();
            RunResult monotonic = new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0)
                    .producerMessageCount(10).build()).run();
            RunResult other = new LoadRunner(scenario().queue(queue).keepTopology(true).producers(0)
                    .consumerMessageCount(10).build()).run();
            assertThat(monotonic.counts().published()).isEqualTo(10);
            assertThat(other.latency(Metric.END_TO_END).count())
                    .as("another run's monotonic timestamps mean nothing here").isZero();
        } finally {
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                ch.queueDelete(queue);
            }
        }
    }

    private record Outcome(int exitCode, String out) {
    }

    private static Outcome rabbitmqctl(String... args) throws IOException {
        String[] command = new String[args.length + 2];
        command[0] = "rabbitmqctl";
        command[1] = "-q";
        System.arraycopy(args, 0, command, 2, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Outcome(-1, "timed out");
            }
            return new Outcome(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Outcome(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(-1, "interrupted");
        }
    }

    private static void restore(String watermark) {
        try {
            rabbitmqctl("set_vm_memory_high_watermark", watermark);
        } catch (IOException e) {
            throw new IllegalStateException("could not restore the memory watermark to " + watermark, e);
        }
    }
}
