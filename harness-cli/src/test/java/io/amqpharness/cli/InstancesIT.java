package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.report.document.ResultDocuments;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several instances as one workload against a real broker: a synchronised start, exact merging, cross-instance checks. */
@WithRabbitMQ
@org.junit.jupiter.api.Order(4) // among the longest: started first
class InstancesIT {
    private static final List<String> METRICS = List.of("endToEnd", "confirm", "publishDelay");
    private static final List<String> LADDER = List.of("count", "min", "p50", "p75", "p90", "p95", "p99", "p999",
            "p9999", "max");

    @TempDir
    Path tmp;

    @Test
    void threeLocalInstancesMergeIntoOneResultWhoseCountsCloseAndPercentilesAreExact(RabbitMQBroker broker)
            throws Exception {
        Path dir = tmp.resolve("local-3");
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--instances", "3", "-r", "50", "-c", "20",
                "-z", "2s", "--no-broker-metrics", "--output-dir", dir.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("Started 3 instances (local-0 to local-2)", "Merged 3 of 3 instances into " + dir);
        JsonNode merged = ResultDocuments.readTree(dir);
        List<JsonNode> parts = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            JsonNode part = ResultDocuments.readTree(dir.resolve("instance-" + k));
            assertThat(part.path("instance").asText()).isEqualTo("local-" + k);
            assertThat(part.path("scenario").path("coordination").path("barrier").asInt()).isEqualTo(3);
            assertThat(part.path("notes").toString()).contains("Instance local-" + k + " waited ");
            parts.add(part);
        }
        // Counts close over all instances: every message published was confirmed and consumed once.
        JsonNode c = merged.path("counts");
        long published = parts.stream().mapToLong(p -> p.path("counts").path("published").asLong()).sum();
        assertThat(published).isEqualTo(300);
        assertThat(c.path("published").asLong()).isEqualTo(published);
        assertThat(c.path("confirmed").asLong()).isEqualTo(published);
        assertThat(c.path("consumed").asLong()).isEqualTo(published);
        assertThat(c.path("ownUnique").asLong()).isEqualTo(published);
        assertThat(c.path("lost").asLong() + c.path("duplicated").asLong() + c.path("clockSkew").asLong()).isZero();
        assertThat(merged.path("unaccountedPublished").asLong()).isZero();
        assertThat(merged.path("expectedDeliveries").asLong()).isEqualTo(published);
        assertThat(merged.path("instances")).hasSize(3);
        // Percentiles equal those of the three instances' histograms added up, over the run and per interval.
        for (String metric : METRICS) {
            Histogram sum = new Histogram(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS);
            for (JsonNode p : parts) {
                sum.add(decode(p.path("histograms").path(metric).path("encoded").asText()));
            }
            assertLadder(merged.path("latency").path(metric), LatencySummary.of(sum), metric);
        }
        assertThat(merged.path("latency").path("endToEnd").path("count").asLong()).isEqualTo(published);
        List<List<Histogram>> logs = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            logs.add(read(dir.resolve("instance-" + k).resolve("end-to-end.hlog")));
        }
        for (int i = 0; i < merged.path("intervals").size(); i++) {
            Histogram sum = new Histogram(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS);
            for (List<Histogram> log : logs) {
                if (i < log.size()) {
                    sum.add(log.get(i));
                }
            }
            assertLadder(merged.path("intervals").get(i).path("latency").path("endToEnd"), LatencySummary.of(sum),
                    "interval " + i);
        }
        assertThat(dir.resolve("report.html")).exists();

        // harness report --merge of the same directories gives the same result.
        Path again = tmp.resolve("again");
        JarRunner.Result m = JarRunner.run("report", "--merge", dir.resolve("instance-0").toString(),
                dir.resolve("instance-1").toString(), dir.resolve("instance-2").toString(), "-o", again.toString());
        assertThat(m.exitCode()).as(m.all()).isZero();
        assertThat(m.out()).contains("all (merged)", "Merged 3 results into " + again);
        JsonNode remerged = ResultDocuments.readTree(again);
        assertThat(remerged.path("latency")).isEqualTo(merged.path("latency"));
        assertThat(remerged.path("counts")).isEqualTo(merged.path("counts"));
        assertThat(again.resolve("report.html")).exists();
    }

    /**
     * Each instance sends about 100 msg/s, the two together about 200: the gates are judged on the merged rate,
     * and decide the exit code (a child whose own gate broke does not fail the parent).
     */
    @Test
    void theExitCodeFollowsTheGatesOnTheMergedResult(RabbitMQBroker broker) throws Exception {
        for (String gate : List.of("rate.sent<130", "rate.sent>130")) {
            Path dir = tmp.resolve(gate.contains("<") ? "below" : "above");
            JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--instances", "2", "-r", "100", "-z", "2s",
                    "--no-broker-metrics", "--fail-if", gate, "--output-dir", dir.toString());
            boolean breaks = gate.contains(">");
            assertThat(r.exitCode()).as(r.all()).isEqualTo(breaks ? 1 : 0);
            JsonNode merged = ResultDocuments.readTree(dir);
            JsonNode verdict = merged.path("gates").get(0);
            assertThat(verdict.path("instance").asText()).isEqualTo("merged");
            assertThat(verdict.path("broken").asBoolean()).isEqualTo(breaks);
            assertThat(verdict.path("measured").asDouble()).isEqualTo(merged.path("rates").path("sent").asDouble());
            assertThat(verdict.path("sentence").asText()).contains("on the merged result of 2 instances: sent rate was");
            assertThat(merged.path("instances").get(0).path("gates").get(0).path("broken").asBoolean())
                    .as("each instance alone sent about 100 msg/s").isEqualTo(!breaks);
        }
    }

    /**
     * One instance publishes to a queue, another consumes it: with --clock wall the consumer measures the other
     * process's latency and checks its sequences.
     */
    @Test
    void aConsumerInOneInstanceChecksThePublisherInAnother(RabbitMQBroker broker) throws Exception {
        String queue = "harness-it-cross-" + UUID.randomUUID().toString().substring(0, 8);
        String barrier = "it-" + UUID.randomUUID().toString().substring(0, 8);
        Path pub = tmp.resolve("pub");
        Path sub = tmp.resolve("sub");
        CompletableFuture<JarRunner.Result> publisher = CompletableFuture.supplyAsync(() -> run("--uri", broker.uri(),
                "--instance", "pub", "--barrier", "2", "--barrier-name", barrier, "--barrier-timeout", "20s",
                "--clock", "wall", "-y", "0", "-r", "100", "-c", "20", "-z", "2s", "--queue", queue,
                "--keep-topology", "--no-broker-metrics", "--output-dir", pub.toString()));
        CompletableFuture<JarRunner.Result> consumer = CompletableFuture.supplyAsync(() -> run("--uri", broker.uri(),
                "--instance", "sub", "--barrier", "2", "--barrier-name", barrier, "--barrier-timeout", "20s",
                "--clock", "wall", "-x", "0", "-z", "3s", "--queue", queue, "--no-broker-metrics",
                "--output-dir", sub.toString()));
        JarRunner.Result p = publisher.get();
        JarRunner.Result s = consumer.get();
        assertThat(p.exitCode()).as(p.all()).isZero();
        assertThat(s.exitCode()).as(s.all()).isZero();
        JsonNode published = ResultDocuments.readTree(pub).path("counts");
        JsonNode received = ResultDocuments.readTree(sub);
        JsonNode counts = received.path("counts");
        assertThat(published.path("published").asLong()).isEqualTo(200);
        assertThat(counts.path("consumed").asLong()).isEqualTo(200);
        assertThat(counts.path("foreign").asLong()).as("all came from the other instance").isEqualTo(200);
        assertThat(counts.path("unique").asLong()).isEqualTo(200);
        assertThat(counts.path("lost").asLong() + counts.path("duplicated").asLong()).isZero();
        // Same host, one clock: no delivery seems to arrive before it was sent.
        assertThat(counts.path("clockSkew").asLong()).isZero();
        assertThat(received.path("latency").path("endToEnd").path("count").asLong()).isEqualTo(200);

        Path merged = tmp.resolve("merged");
        JarRunner.Result m = JarRunner.run("report", "--merge", pub.toString(), sub.toString(), "-o", merged.toString());
        assertThat(m.exitCode()).as(m.all()).isZero();
        JsonNode all = ResultDocuments.readTree(merged);
        assertThat(all.path("counts").path("published").asLong()).isEqualTo(all.path("counts").path("consumed").asLong());
        assertThat(all.path("instances").get(0).path("instance").asText()).isEqualTo("pub");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"amqp091", "amqp10"})
    void anInstanceAloneAtTheBarrierFailsWithOneSentence(String protocol, RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--protocol", protocol, "--instance", "lonely",
                "--barrier", "2",
                "--barrier-name", "it-" + UUID.randomUUID().toString().substring(0, 8), "--barrier-timeout", "1s",
                "-r", "10", "-z", "1s", "--no-broker-metrics");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.out()).contains("Instance lonely waits at the barrier 'it-", "' for 2 instances (at most 1s).");
        assertThat(r.err()).contains("Only 1 of 2 instances reached the barrier 'it-")
                .contains("within 1s (heard: lonely)").doesNotContain("Exception");
    }

    private static JarRunner.Result run(String... args) {
        try {
            return JarRunner.run(Map.of(), args);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertLadder(JsonNode actual, LatencySummary expected, String what) {
        Map<String, Long> values = Map.of("count", expected.count(), "min", expected.min(), "p50", expected.p50(),
                "p75", expected.p75(), "p90", expected.p90(), "p95", expected.p95(), "p99", expected.p99(),
                "p999", expected.p999(), "p9999", expected.p9999(), "max", expected.max());
        for (String field : LADDER) {
            assertThat(actual.path(field).asLong()).as("%s %s", what, field).isEqualTo(values.get(field));
        }
    }

    private static Histogram decode(String base64) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    }

    private static List<Histogram> read(Path hlog) throws Exception {
        List<Histogram> out = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(new File(hlog.toString()));
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            out.add((Histogram) h);
        }
        assertThat(Files.exists(hlog)).isTrue();
        return out;
    }
}
