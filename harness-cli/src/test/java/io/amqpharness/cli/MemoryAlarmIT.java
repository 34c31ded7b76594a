package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.WithRabbitMQ4;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A memory alarm on the RabbitMQ 4.0 of {@code scripts/rabbitmq4.sh} (which these tests may
 * change freely): the watermark is set near zero as a run starts and put back 2.5 s after it declared its
 * queue. The run must go on to its message goal, count every message, and report the blocked time, on both
 * protocols (0.9.1 {@code connection.blocked}; 1.0 credit withheld).
 */
@ResourceLock(SharedBrokers.RABBITMQ_4)
@Tag("integration")
@Tag("faults")
@Tag("shared-broker") // alarms the 4.0 broker other modules' classes use: run-tests runs it after them
@org.junit.jupiter.api.Order(4) // right after RecoveryIT, on the same broker's lock
class MemoryAlarmIT {
    private static final String URI = "amqp://guest:guest@localhost:" + WithRabbitMQ4.LOCAL_AMQP_PORT + "/%2F";

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void publishersBlockedByAnAlarmAreReportedAndNothingIsLost(String protocol) throws Exception {
        assumeTrue(Brokers.listening("localhost", WithRabbitMQ4.LOCAL_AMQP_PORT) && Files.isExecutable(BrokerFaults.SCRIPT)
                && "root".equals(System.getProperty("user.name")),
                "needs the local RabbitMQ 4.0 of scripts/rabbitmq4.sh and root to raise an alarm on it");
        // The alarm is raised before the run publishes and lifted 2.5 s after the run declared its queue, and the run
        // ends at a message goal: each rabbitmqctl call takes from about 1.5 s to several on a loaded machine (a fixed
        // 2 s into a 7 s run once came after its end), so the test times the alarm it made rather than assume it.
        String queue = "memory-alarm-it-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        long raising = System.nanoTime();
        java.util.concurrent.CompletableFuture<JarRunner.Result> run;
        long declared;
        long lifting;
        long lifted;
        try {
            watermark("0.0001");
            run = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return JarRunner.run("--protocol", protocol, "--uri", URI, "-r", "200", "-c", "50", "-C", "1000",
                            "--queue", queue, "--no-broker-metrics");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            BrokerFaults.awaitQueue(queue);
            declared = System.nanoTime();
            Thread.sleep(2_500);
        } finally {
            lifting = System.nanoTime();
            watermark("0.4");
            lifted = System.nanoTime();
        }
        JarRunner.Result r = run.get(120, TimeUnit.SECONDS);
        assertThat(r.exitCode()).as(r.all()).isZero();
        // 0.9.1: the broker says it blocks; 1.0: the broker withholds credit, which the harness cannot tell from
        // a slow queue, so it reports a credit wait.
        Matcher m = Pattern.compile(protocol.equals("amqp091")
                ? "blocked by the broker ([0-9.]+) s in all, ([0-9]+) times? \\(low on memory\\)"
                : "waited for AMQP 1.0 link credit ([0-9.]+) s in all, ([0-9]+) times? \\(over 100 ms").matcher(r.out());
        assertThat(m.find()).as(r.out()).isTrue();
        // Publishing began about when the queue was declared and stayed blocked until the watermark went back up;
        // the broker notices a watermark at its next memory check (up to about a second): a second's slack either way.
        double shortest = (lifting - declared) / 1e9;
        double longest = (lifted - raising) / 1e9;
        assertThat(Double.parseDouble(m.group(1))).as("blocked, against an alarm of %.1f to %.1f s", shortest, longest)
                .isBetween(shortest - 1.0, longest + 1.0);
        assertThat(r.out()).contains("BLOCKED ").contains("(ok)").doesNotContain("MISMATCH");
        long published = BrokerFaults.number(r.out(), "\\n  published ([0-9,]+)");
        assertThat(published).as("the goal, however long the alarm lasted").isEqualTo(1_000);
        assertThat(BrokerFaults.number(r.out(), "\\n  consumed ([0-9,]+)")).isEqualTo(published);
        // The outage is in the latency: messages due during the alarm waited for it to end.
        assertThat(BrokerFaults.endToEndMaxMillis(r.out())).as("the alarm is in the latency: %s", r.out())
                .isGreaterThanOrEqualTo(1_000.0);
    }

    private static void watermark(String fraction) {
        BrokerFaults.ctl("set_vm_memory_high_watermark", fraction);
    }
}
