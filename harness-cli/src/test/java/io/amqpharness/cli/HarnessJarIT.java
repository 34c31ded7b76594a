package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The command line's behaviour as users see it. The tests that depend on the packaged jar run it as a
 * separate process the way users do ({@link JarRunner#runJar}): the version from its manifest, the drivers
 * its merged service files find (a run on each protocol), the exit codes {@code main} gives the shell
 * (0, 1, 2, 130), Ctrl-C, and secrets kept out of everything the process prints (the client library's
 * log included, which {@code main} turns off). The others run the same command line in this JVM ({@link JarRunner#run}).
 */
class HarnessJarIT {

    @Test
    void versionComesFromTheManifest() throws Exception {
        JarRunner.Result r = JarRunner.runJar("--version");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("amqp-harness 0.").contains("driver amqp091");
        assertThat(r.out()).doesNotContain("development build");
    }

    @Test
    void helpShowsOptionsAndExamples() throws Exception {
        JarRunner.Result all = JarRunner.run("--help-all");
        assertThat(all.exitCode()).isZero();
        assertThat(all.out()).contains("--queue-type", "--multi-ack-every", "--ack-timeout", "--stream-offset",
                "Examples", "java -jar harness.jar --queue-type quorum -z 10s", "Exit codes");
        // --help is the short form: the options most runs use, a paced example first, and where the rest is.
        JarRunner.Result r = JarRunner.run("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("--queue-type", "--help-all", "Examples",
                "java -jar harness.jar --queue-type quorum -r 2000 -c 100 -q 200", "Exit codes");
    }

    @Test
    void badValueIsOneSentenceAndExitCodeTwo() throws Exception {
        JarRunner.Result r = JarRunner.runJar("--time", "ten");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo("Invalid value for option '--time': 'ten' is not a duration; use for "
                + "example 10s, 500ms, 5m or 1h. Run with --help for usage.");
    }

    @Test
    void invalidCombinationNamesTheOptionsAsTyped() throws Exception {
        JarRunner.Result r = JarRunner.run("-q", "10", "--multi-ack-every", "20", "-s", "4");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().lines()).containsExactly(
                "-s must be at least 12 bytes (the sequence and timestamp header), got 4; for example -s 1000.",
                "--multi-ack-every (20) must not exceed -q (10): the consumer would wait for messages the broker "
                        + "never sends; for example --multi-ack-every 1.");
        assertThat(r.err()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void unknownOptionIsExitCodeTwo() throws Exception {
        JarRunner.Result r = JarRunner.run("--no-such-option");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Unknown option: '--no-such-option'").doesNotContain("\tat ");
    }

    @Test
    void unreachableBrokerIsExitCodeOneWithinSecondsAndHidesThePassword() throws Exception {
        JarRunner.Result r = JarRunner.runJar("--uri", "amqp://admin:hunter2@127.0.0.1:1/%2F", "-z", "1s");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("Cannot connect to RabbitMQ at amqp://admin:***@127.0.0.1:1/%2F: "
                + "connection refused. Is the broker running? Start it (rabbitmq-server -detached, or "
                + "scripts/ensure-broker.sh) or point --uri at one.");
        assertThat(r.all()).doesNotContain("hunter2").doesNotContain("\tat ");
        assertThat(r.millis()).isLessThan(10_000);
    }

    @Test
    void environmentVariablesProvideDefaults() throws Exception {
        JarRunner.Result r = JarRunner.run(Map.of("HARNESS_QOS", "0"), "-z", "1s");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--qos must be between 1 and 65535, got 0");
    }

    @Test
    @WithRabbitMQ
    void wrongPasswordIsExitCodeOneAndNeverPrinted(RabbitMQBroker broker) throws Exception {
        java.net.URI u = java.net.URI.create(broker.uri());
        String uri = "amqp://guest:not-the-password@" + u.getHost() + ":" + u.getPort();
        JarRunner.Result r = JarRunner.runJar("--uri", uri, "-z", "1s");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("refused the credentials of user 'guest'");
        assertThat(r.all()).doesNotContain("not-the-password").doesNotContain("\tat ");
    }

    @Test
    @WithRabbitMQ
    void quorumQueueRunPrintsProgressAndTheSummary(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.runJar("--uri", broker.uri(), "--queue-type", "quorum", "-z", "3s", "-r", "500",
                "-c", "50", "-q", "100", "--multi-ack-every", "10");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("sent ", "confirmed ", "received ", "e2e p50/p99/max");
        assertThat(r.out()).contains("Latency (ms)", "min", "p50", "p75", "p90", "p95", "p99", "p99.9", "p99.99", "max");
        assertThat(r.out()).contains("end-to-end", "confirm", "publish delay");
        assertThat(r.out()).containsPattern("Queue +harness-[a-z0-9]{6} \\(quorum\\)");
        long published = number(r.out(), "\n  published ([0-9,]+)");
        assertThat(published).isBetween(1_400L, 1_600L);
        assertThat(number(r.out(), "  confirmed ([0-9,]+)  nacked")).isEqualTo(published);
        assertThat(number(r.out(), "\n  consumed ([0-9,]+)")).isEqualTo(published);
    }

    @Test
    @WithRabbitMQ
    void anAmqp10RunCountsEveryMessage(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.runJar("--uri", broker.uri(), "--protocol", "amqp10", "-C", "200",
                "--no-broker-metrics");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(number(r.out(), "\n  published ([0-9,]+)")).isEqualTo(200);
        assertThat(number(r.out(), "\n  consumed ([0-9,]+)")).isEqualTo(200);
    }

    @Test
    @WithRabbitMQ
    void brokerMetricsThatCannotBeReadAreOneNoteAndTheRunSucceeds(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "-C", "200", "--broker-metrics", "http://127.0.0.1:1");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("Broker metrics: not read (see the notes)")
                .contains("  - The broker's metrics could not be read: http://127.0.0.1:1/api/queues/");
        assertThat(r.out().split("could not be read", -1)).as("said when the run starts, and once in the notes")
                .hasSize(3);
        assertThat(r.all()).doesNotContain("\tat ");
    }

    @Test
    void aBadBrokerMetricsUrlIsOneSentenceAndExitCode2() throws Exception {
        JarRunner.Result r = JarRunner.run("--broker-metrics", "localhost:15672", "-z", "1s");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--broker-metrics must be an http:// or https:// URL").doesNotContain("\tat ");
        JarRunner.Result secret = JarRunner.run("--broker-metrics", "http://admin:hunter2@localhost:15672", "-z", "1s");
        assertThat(secret.exitCode()).isEqualTo(2);
        assertThat(secret.all()).contains("must not carry credentials").doesNotContain("hunter2");
    }

    @Test
    @WithRabbitMQ
    void seedWorkloadCountsAddUp(RabbitMQBroker broker) throws Exception {
        // Seed 001's AMQP 0.9.1 classic-queue command, on a queue the run declares, scaled to 20k messages.
        String queue = "harness-it-seed-" + System.nanoTime();
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--exchange", "amq.default", "--routing-key", queue,
                "--queue", queue, "--flag", "persistent", "--flag", "mandatory", "--pmessages", "20000", "--size", "12",
                "--confirm", "192", "--qos", "200", "--multi-ack-every", "200");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(number(r.out(), "\n  published ([0-9,]+)")).isEqualTo(20_000);
        assertThat(number(r.out(), "  confirmed ([0-9,]+)  nacked")).isEqualTo(20_000);
        assertThat(number(r.out(), "\n  consumed ([0-9,]+)")).isEqualTo(20_000);
        assertThat(number(r.out(), "  returned ([0-9,]+)  timed out")).isZero();
        assertThat(number(r.out(), "left in queue ([0-9,]+)")).isZero();
        assertThat(r.out()).doesNotContain("WARNING");
    }

    @Test
    @WithRabbitMQ
    void ctrlCEndsWithExitCode130AndASummaryThatSaysHowFarTheRunGot(RabbitMQBroker broker) throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("harness-interrupted");
        JarRunner.Result r = JarRunner.runJar(Map.of(), 1_500, "--uri", broker.uri(), "-z", "60s", "-r", "200",
                "-c", "20", "--warmup", "0", "--output-dir", dir.toString());
        assertThat(r.exitCode()).as(r.all()).isEqualTo(130);
        assertThat(r.out()).containsPattern("Run [a-z0-9]{6} interrupted after [0-9.]+ s \\(publishing [0-9.]+ s of 60 s\\)")
                .contains("Interrupted: publishing stopped early");
        assertThat(r.out()).contains("accounting: published").doesNotContain("MISMATCH");
        long published = number(r.out(), "\n  published ([0-9,]+)");
        assertThat(published).isBetween(100L, 2_000L);
        assertThat(number(r.out(), "\n  consumed ([0-9,]+)")).isEqualTo(published);
        String json = java.nio.file.Files.readString(dir.resolve("result.json"));
        assertThat(json).containsPattern("\"interrupted\" ?: ?true").containsPattern("\"interruptedAfter\" ?: ?\"[0-9.]+ s of 60 s\"");
        assertThat(java.nio.file.Files.readString(dir.resolve("report.html"))).contains("Interrupted after ");
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
