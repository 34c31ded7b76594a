package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.WithRabbitMQ4;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Faults on the RabbitMQ 4.0 of {@code scripts/rabbitmq4.sh} (which these tests may restart
 * freely; the 3.10 broker the rest of the suite uses is left alone): a broker restart and
 * connections closed from the broker side in the middle of a run. With recovery the run must go
 * on, count every message (in doubt ones settled by the consumers' checks), report the outage and
 * show it in the latency; without, it must fail fast with a sentence.
 */
@ResourceLock(SharedBrokers.RABBITMQ_4)
@Tag("integration")
@org.junit.jupiter.api.Order(1) // among the longest: started first
class RecoveryIT {
    private static final Path SCRIPT = Path.of("..", "scripts", "rabbitmq4.sh");
    private static final String URI = "amqp://guest:guest@localhost:" + WithRabbitMQ4.LOCAL_AMQP_PORT + "/%2F";

    @BeforeEach
    void localBroker() {
        assumeTrue(Brokers.listening("localhost", WithRabbitMQ4.LOCAL_AMQP_PORT) && Files.isExecutable(SCRIPT)
                && "root".equals(System.getProperty("user.name")),
                "needs the local RabbitMQ 4.0 of scripts/rabbitmq4.sh and root to restart it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void aThreeSecondRestartIsRecoveredFromAndShowsInTheLatency(String protocol,
                                                                @org.junit.jupiter.api.io.TempDir Path out) throws Exception {
        JarRunner.Result r = runWithFaultInto(1_500, () -> {
            ctl("stop_app");
            sleep(3_000);
            ctl("start_app");
        }, "--protocol", protocol, "--uri", URI, "--queue-type", "quorum", "-r", "1000", "-c", "200",
                "-q", "200", "-C", "12000", "--recovery", "on", "--output-dir", out.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        com.fasterxml.jackson.databind.JsonNode json = io.amqpharness.report.document.ResultDocuments.readTree(out);
        assertThat(json.path("outages").path("disconnects").asInt()).isPositive();
        assertThat(json.path("outages").path("downtime").asLong()).isGreaterThan(2_000_000_000L);
        long downInIntervals = 0;
        for (com.fasterxml.jackson.databind.JsonNode i : json.path("intervals")) {
            downInIntervals += i.path("down").asLong();
        }
        assertThat(downInIntervals).isEqualTo(json.path("outages").path("downtime").asLong());
        assertThat(Files.readString(out.resolve("report.html"))).contains("Outages: seconds of each interval");
        assertThat(r.out()).containsPattern("recovered from [0-9]+ disconnects? on [0-9]+ connections?: down [0-9.]+ s")
                .doesNotContain("still down").doesNotContain("MISMATCH");
        long published = number(r.out(), "\\n  published ([0-9,]+)");
        // The run ends at a message goal, not a time limit, so however long a loaded machine took to restart the
        // broker (once over 10 s of a 12 s run), what the outage held back was owed and sent late, none skipped.
        assertThat(published).as("publishing went on on schedule: %s", r.out()).isEqualTo(12_000L);
        long consumedOnce = number(r.out(), "consumed once ([0-9,]+)");
        long lost = number(r.out(), "  lost ([0-9,]+)");
        long inDoubt = countOrZero(r.out(), "in doubt ");
        assertThat(consumedOnce + lost).isEqualTo(published);
        assertThat(lost).as("only messages in doubt may be lost").isLessThanOrEqualTo(inDoubt);
        assertThat(r.out()).contains("(ok)");
        assertThat(endToEndMaxMillis(r.out())).as("the outage is in the latency").isGreaterThanOrEqualTo(3_000.0);
    }

    @Test
    void aStreamProtocolRunRecoversFromARestartWithTheSameInDoubtAccounting(@org.junit.jupiter.api.io.TempDir Path out)
            throws Exception {
        streamRestart(out);
    }

    @Test
    void namedStreamProducersRecoverFromARestartWithTheSameAccounting(@org.junit.jupiter.api.io.TempDir Path out)
            throws Exception {
        // The broker deduplicates each name's publishing ids (the core's sequences): the message a publisher
        // sends again on its new producer is stored once.
        streamRestart(out, "--producer-names", "%s-%d");
    }

    private static void streamRestart(Path out, String... extra) throws Exception {
        String stream = "recovery-it-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        List<String> args = new java.util.ArrayList<>(List.of("--protocol", "stream", "--uri",
                "rabbitmq-stream://guest:guest@localhost:" + WithRabbitMQ4.LOCAL_STREAM_PORT + "/%2F", "-r", "1000",
                "-c", "200", "-C", "12000", "--recovery", "on", "--stream-offset", "first", "--queue", stream, "--output-dir", out.toString()));
        args.addAll(List.of(extra));
        // The restart comes 2.5 s into publishing, however long the JVM took to start on a loaded machine:
        // the run declares its stream just before it starts publishing.
        JarRunner.Result r = runWhile(() -> {
            awaitQueue(stream);
            sleep(2_500);
            ctl("stop_app");
            sleep(3_000);
            ctl("start_app");
        }, 0, args.toArray(String[]::new));
        // The run deletes the stream it made (tried again while its client reconnects); this is for a failed run.
        deleteQueue(stream);
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).as("the run deleted its stream").doesNotContain("could not be deleted");
        com.fasterxml.jackson.databind.JsonNode json = io.amqpharness.report.document.ResultDocuments.readTree(out);
        assertThat(json.path("outages").path("disconnects").asInt()).isPositive();
        assertThat(r.out()).containsPattern("recovered from [0-9]+ disconnects? on [0-9]+ connections?: down [0-9.]+ s")
                .doesNotContain("still down");
        long published = number(r.out(), "\\n  published ([0-9,]+)");
        assertThat(published).as("publishing went on on schedule (a message goal: the outage's backlog was sent late)")
                .isEqualTo(12_000L);
        // The client resumes a consumer at the last offset it dispatched: that one comes again, as a redelivery.
        assertThat(number(r.out(), "duplicated ([0-9,]+)")).as(r.out()).isZero();
        long consumedOnce = number(r.out(), "\\n  consumed ([0-9,]+)") - number(r.out(), "redelivered ([0-9,]+)");
        long lost = number(r.out(), "  lost ([0-9,]+)");
        long inDoubt = countOrZero(r.out(), "in doubt ");
        // Exact (about one run in four once came to one less): in-doubt messages that arrived no longer end the
        // drain while as many confirmed ones are on their way, and from the first offset a first message in
        // doubt that the broker never stored is a gap (lost), not before the first arrival.
        assertThat(consumedOnce + lost).as(r.out()).isEqualTo(published);
        assertThat(r.out()).contains("(ok)");
        assertThat(lost).as("only messages in doubt may be lost").isLessThanOrEqualTo(inDoubt);
        assertThat(endToEndMaxMillis(r.out())).as("the outage is in the latency").isGreaterThanOrEqualTo(3_000.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void connectionsClosedByTheBrokerAreReopened(String protocol) throws Exception {
        // 8 s: rabbitmqctl itself took seconds to start on a loaded machine
        JarRunner.Result r = runWithFaultInto(1_000, RecoveryIT::closeConnections,
                "--protocol", protocol, "--uri", URI, "-r", "500", "-c", "100", "-z", "8s");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).containsPattern("recovered from [0-9]+ disconnects?").doesNotContain("MISMATCH");
        long published = number(r.out(), "\\n  published ([0-9,]+)");
        assertThat(number(r.out(), "consumed once ([0-9,]+)") + number(r.out(), "  lost ([0-9,]+)")).isEqualTo(published);
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void streamConsumersResumeAfterTheLastOffsetTheyReceived(String protocol) throws Exception {
        JarRunner.Result r = runWithFaultInto(1_000, RecoveryIT::closeConnections,
                "--protocol", protocol, "--uri", URI, "--queue-type", "stream", "-y", "2", "-r", "200", "-c", "50",
                "-z", "8s");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).containsPattern("recovered from [0-9]+ disconnects?").doesNotContain("MISMATCH");
        long published = number(r.out(), "\n  published ([0-9,]+)");
        long lost = number(r.out(), "  lost ([0-9,]+)");
        long inDoubt = countOrZero(r.out(), "in doubt ");
        // Each of the two consumers reads every stored message once: none missed, none twice.
        assertThat(number(r.out(), "  duplicated ([0-9,]+)")).isZero();
        assertThat(lost).isLessThanOrEqualTo(2 * inDoubt);
        assertThat(number(r.out(), "\n  consumed ([0-9,]+)")).isEqualTo(2 * published - lost);
    }

    @Test
    void withRecoveryOffAClosedConnectionEndsTheRunWithASentence() throws Exception {
        JarRunner.Result r = runWithFaultInto(1_500, RecoveryIT::closeConnections,
                "--uri", URI, "-r", "500", "-c", "100", "-z", "20s", "--recovery", "off");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.millis()).isLessThan(15_000);
        assertThat(r.all()).contains("closed by RecoveryIT").doesNotContain("Exception");
    }

    @Test
    void withRecoveryOffALostStreamConnectionEndsTheRunWithASentence() throws Exception {
        String stream = "recovery-it-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        java.util.concurrent.atomic.AtomicLong closedAt = new java.util.concurrent.atomic.AtomicLong();
        // The connections are closed 2 s into publishing, however long the JVM took to start.
        JarRunner.Result r = runWhile(() -> {
            awaitQueue(stream);
            sleep(2_000);
            closedAt.set(System.nanoTime());
            closeConnections();
        }, 0, "--protocol", "stream", "--uri", "rabbitmq-stream://guest:guest@localhost:"
                        + WithRabbitMQ4.LOCAL_STREAM_PORT + "/%2F", "-r", "500", "-c", "100", "-z", "30s",
                "--queue", stream, "--recovery", "off");
        long ended = System.nanoTime();
        deleteQueue(stream); // a run that failed leaves its stream
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        // Well before the 30 s limit: the stream client takes from under 1 s to about 12 s to notice the loss.
        assertThat(TimeUnit.NANOSECONDS.toMillis(ended - closedAt.get())).as(r.all()).isLessThan(16_000);
        assertThat(r.all()).contains("lost its stream connection").doesNotContain("Exception");
    }

    /**
     * Runs on a queue of its own with the fault {@code millis} after the run declared it, just before it
     * starts publishing: a fixed delay from the JVM's start came before the run's connections when a loaded
     * machine was slow to start it (the connections were closed before they were opened, and none recovered).
     */
    private static JarRunner.Result runWithFaultInto(long millis, Runnable fault, String... args) throws Exception {
        String queue = "recovery-it-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--queue";
        all[args.length + 1] = queue;
        try {
            return runWhile(() -> {
                awaitQueue(queue);
                sleep(millis);
                fault.run();
            }, 0, all);
        } finally {
            try {
                deleteQueue(queue); // the run deletes the queue it made; this is for a run that failed
            } catch (java.io.IOException e) {
                // the broker is still starting: the assertions say what went wrong
            }
        }
    }

    private static JarRunner.Result runWhile(Runnable fault, long afterMillis, String... args) throws Exception {
        Thread t = new Thread(() -> {
            sleep(afterMillis);
            fault.run();
        });
        t.start();
        // The broker's counters restart with it: a broker-metrics cross-check would only wait for them.
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = "--no-broker-metrics";
        try {
            return JarRunner.run(all);
        } finally {
            t.join(60_000);
            ctl("start_app"); // whatever happened, leave the broker running
        }
    }

    private static java.net.http.HttpRequest.Builder management(String queue) {
        return api("/api/queues/%2F/" + queue);
    }

    private static java.net.http.HttpRequest.Builder api(String path) {
        return java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:"
                        + WithRabbitMQ4.LOCAL_MANAGEMENT_PORT + path))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString("guest:guest".getBytes()));
    }

    private static void deleteQueue(String queue) throws Exception {
        java.net.http.HttpClient.newHttpClient().send(management(queue).DELETE().build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
    }

    /**
     * {@code rabbitmqctl close_all_connections}. (The management API is no quicker: it lists a connection
     * only after its next statistics emission, up to 5 s after it opened.)
     */
    private static void closeConnections() {
        ctl("close_all_connections", "closed by RecoveryIT");
    }

    /** Waits (up to 30 s) until the 4.0 broker's management API knows the queue. */
    private static void awaitQueue(String queue) {
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpRequest get = management(queue).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(get, java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not answering yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            sleep(100);
        }
    }

    private static double endToEndMaxMillis(String out) {
        String line = out.lines().filter(l -> l.startsWith("  end-to-end ")).findFirst().orElseThrow();
        String[] columns = line.trim().split(" +"); // end-to-end, min, p50 ... p99.99, max, count
        return Double.parseDouble(columns[9].replace(",", ""));
    }

    private static void ctl(String... args) {
        try {
            List<String> command = new java.util.ArrayList<>(List.of(SCRIPT.toString(), "ctl"));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("rabbitmqctl " + String.join(" ", args) + " failed", e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The count after {@code label} in the summary, which prints the label only when the count is not 0. */
    private static long countOrZero(String text, String label) {
        return text.contains(label) ? number(text, Pattern.quote(label) + "([0-9,]+)") : 0;
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
