package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.WithRabbitMQ4;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A memory alarm on the RabbitMQ 4.0 of {@code scripts/rabbitmq4.sh} (which these tests may
 * change freely): the watermark is set near zero for about two seconds in the middle of a run,
 * then put back. The run must go on, count every message, and report the blocked time, on both
 * protocols (0.9.1 {@code connection.blocked}; 1.0 credit withheld).
 */
@ResourceLock(SharedBrokers.RABBITMQ_4)
@Tag("integration")
class MemoryAlarmIT {
    private static final Path SCRIPT = Path.of("..", "scripts", "rabbitmq4.sh");
    private static final String URI = "amqp://guest:guest@localhost:" + WithRabbitMQ4.LOCAL_AMQP_PORT + "/%2F";

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void publishersBlockedByAnAlarmAreReportedAndNothingIsLost(String protocol) throws Exception {
        assumeTrue(Brokers.listening("localhost", WithRabbitMQ4.LOCAL_AMQP_PORT) && Files.isExecutable(SCRIPT)
                && "root".equals(System.getProperty("user.name")),
                "needs the local RabbitMQ 4.0 of scripts/rabbitmq4.sh and root to raise an alarm on it");
        // When the alarm began and ended, as far as the test can tell: each rabbitmqctl call takes from about 1.5 s
        // to several on a loaded machine (an alarm once lasted 8.9 s for a 2.5 s pause), and the broker applies
        // the watermark somewhere within it.
        long[] nanos = new long[4]; // before and after raising it, before and after putting it back
        Thread alarm = new Thread(() -> {
            try {
                Thread.sleep(2_000);
                nanos[0] = System.nanoTime();
                watermark("0.0001");
                nanos[1] = System.nanoTime();
                Thread.sleep(2_500);
            } catch (Exception e) {
                // the assertions below tell
            } finally {
                nanos[2] = System.nanoTime();
                watermark("0.4");
                nanos[3] = System.nanoTime();
            }
        });
        alarm.start();
        JarRunner.Result r;
        try {
            r = JarRunner.run("--protocol", protocol, "--uri", URI, "-r", "200", "-c", "50", "-z", "7s",
                    "--no-broker-metrics");
        } finally {
            alarm.join();
        }
        assertThat(r.exitCode()).as(r.all()).isZero();
        // 0.9.1: the broker says it blocks; 1.0: the broker withholds credit, which the harness cannot tell from
        // a slow queue, so it reports a credit wait.
        Matcher m = Pattern.compile(protocol.equals("amqp091")
                ? "blocked by the broker ([0-9.]+) s in all, ([0-9]+) times? \\(low on memory\\)"
                : "waited for AMQP 1.0 link credit ([0-9.]+) s in all, ([0-9]+) times? \\(over 100 ms").matcher(r.out());
        assertThat(m.find()).as(r.out()).isTrue();
        double shortest = (nanos[2] - nanos[1]) / 1e9;
        double longest = (nanos[3] - nanos[0]) / 1e9;
        // The broker notices a watermark at its next memory check (up to about a second), and the harness counts
        // from the broker's word: a second's slack either way.
        assertThat(Double.parseDouble(m.group(1))).as("blocked, against an alarm of %.1f to %.1f s", shortest, longest)
                .isBetween(shortest - 1.0, longest + 1.0);
        assertThat(r.out()).contains("BLOCKED ").contains("(ok)").doesNotContain("MISMATCH");
        long published = number(r.out(), "\\n  published ([0-9,]+)");
        assertThat(number(r.out(), "\\n  consumed ([0-9,]+)")).isEqualTo(published);
        // The outage is in the latency: messages due during the alarm waited for it to end.
        String line = r.out().lines().filter(l -> l.startsWith("  end-to-end ")).findFirst().orElseThrow();
        String[] columns = line.trim().split(" +"); // end-to-end, min, p50 ... p99.99, max, count
        assertThat(Double.parseDouble(columns[9].replace(",", ""))).as(line).isGreaterThanOrEqualTo(1_000.0);
    }

    private static void watermark(String fraction) {
        try {
            Process p = new ProcessBuilder(SCRIPT.toString(), "ctl", "set_vm_memory_high_watermark", fraction)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not set the watermark to " + fraction, e);
        }
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
