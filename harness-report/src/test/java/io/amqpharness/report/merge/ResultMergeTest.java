package io.amqpharness.report.merge;

import io.amqpharness.report.build.SectionValues;
import io.amqpharness.report.files.ResultJsonTest;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merged percentiles are those of one histogram of every value, not averages of percentiles. */
class ResultMergeTest {
    private static final ObjectMapper MAPPER = com.fasterxml.jackson.databind.json.JsonMapper.builder().enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).build();
    private static final int INTERVALS = 4;

    @TempDir
    Path dir;

    /** Three instances with very different latency (so averaging percentiles would be far off). */
    @Test
    void mergedPercentilesEqualThoseOfOneHistogramOfAllValues() throws Exception {
        Random random = new Random(14);
        Histogram all = histogram();
        List<Histogram> allPerInterval = new ArrayList<>();
        for (int k = 0; k < INTERVALS; k++) {
            allPerInterval.add(histogram());
        }
        List<Path> dirs = new ArrayList<>();
        long[] scale = {1_000_000, 5_000_000, 40_000_000};
        for (int i = 0; i < 3; i++) {
            Histogram whole = histogram();
            List<Histogram> intervals = new ArrayList<>();
            for (int k = 0; k < INTERVALS; k++) {
                Histogram h = histogram();
                int n = 5_000 + random.nextInt(5_000) * (i + 1);
                for (int v = 0; v < n; v++) {
                    long value = 1 + (long) (scale[i] * Math.exp(random.nextGaussian()));
                    h.recordValue(value);
                    allPerInterval.get(k).recordValue(value);
                    all.recordValue(value);
                }
                whole.add(h);
                intervals.add(h);
            }
            dirs.add(write("instance-" + i, "loadgen-" + i, whole, intervals, 1_000L * (i + 1)));
        }

        Path out = dir.resolve("merged");
        ObjectNode merged = tree(ResultMerge.write(dirs, out));

        LatencySummary expected = LatencySummary.of(all);
        JsonNode e2e = merged.path("latency").path("endToEnd");
        assertThat(e2e.path("count").asLong()).isEqualTo(all.getTotalCount());
        assertThat(e2e.path("p50").asLong()).isEqualTo(expected.p50());
        assertThat(e2e.path("p90").asLong()).isEqualTo(expected.p90());
        assertThat(e2e.path("p99").asLong()).isEqualTo(expected.p99());
        assertThat(e2e.path("p999").asLong()).isEqualTo(expected.p999());
        assertThat(e2e.path("p9999").asLong()).isEqualTo(expected.p9999());
        assertThat(e2e.path("max").asLong()).isEqualTo(expected.max());
        assertThat(e2e.path("min").asLong()).isEqualTo(expected.min());
        // The mean of the merged histogram is the mean of all values (within HdrHistogram's precision).
        assertThat(e2e.path("mean").asDouble()).isEqualTo(all.getMean());
        // Averaging the instances' p99s would be a different (wrong) number.
        double averaged = 0;
        for (Path d : dirs) {
            averaged += ResultDocuments.readTree(d).path("latency").path("endToEnd").path("p99").asLong() / 3.0;
        }
        assertThat((long) averaged).isNotEqualTo(expected.p99());

        for (int k = 0; k < INTERVALS; k++) {
            JsonNode iv = merged.path("intervals").get(k).path("latency").path("endToEnd");
            LatencySummary x = LatencySummary.of(allPerInterval.get(k));
            assertThat(iv.path("count").asLong()).as("interval %d", k).isEqualTo(x.count());
            assertThat(iv.path("p99").asLong()).as("interval %d p99", k).isEqualTo(x.p99());
            assertThat(iv.path("p50").asLong()).as("interval %d p50", k).isEqualTo(x.p50());
            assertThat(iv.path("max").asLong()).as("interval %d max", k).isEqualTo(x.max());
        }
        // The merged result is a result file: it reads back, and its encoded histogram is the sum.
        JsonNode back = ResultDocuments.readTree(out);
        Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(
                back.path("histograms").path("endToEnd").path("encoded").asText())), 0);
        assertThat(decoded.getValueAtPercentile(99)).isEqualTo(expected.p99());
        assertThat(Files.exists(out.resolve("end-to-end.hlog"))).isTrue();
        String page = io.amqpharness.report.html.HtmlReport.render(
                List.of(new io.amqpharness.report.html.ReportRun("merged", io.amqpharness.report.document.TestDocuments.of(merged))));
        assertThat(page).contains("<h2>Instances</h2>", "<th>loadgen-0</th>", "<th>loadgen-2</th>",
                "<th>all (merged)</th>");
        // The merged interval log reads back as the merged intervals.
        ResultMerge.Instance again = ResultMerge.read(out);
        assertThat(again.intervals().get(Metric.END_TO_END)).hasSize(INTERVALS);
        assertThat(again.intervals().get(Metric.END_TO_END).get(2).getValueAtPercentile(99))
                .isEqualTo(allPerInterval.get(2).getValueAtPercentile(99));
    }

    @Test
    void countsAreSummedAndEachInstanceKeepsItsRow() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Histogram h = histogram();
            h.recordValue(1_000_000L * (i + 1));
            dirs.add(write("i" + i, "pod-" + i, h, List.of(h), 100L * (i + 1)));
        }
        ObjectNode merged = tree(ResultMerge.merge(dirs));
        assertThat(merged.path("merged").asBoolean()).isTrue();
        assertThat(merged.path("counts").path("published").asLong()).isEqualTo(600);
        assertThat(merged.path("counts").path("confirmed").asLong()).isEqualTo(600);
        assertThat(merged.path("counts").path("consumed").asLong()).isEqualTo(600);
        assertThat(merged.path("rates").path("sent").asDouble()).isEqualTo(60.0);
        assertThat(merged.path("intervals").get(0).path("total").path("published").asLong()).isEqualTo(600);
        assertThat(merged.path("instances")).hasSize(3);
        assertThat(merged.path("instances").get(2).path("instance").asText()).isEqualTo("pod-2");
        assertThat(merged.path("instances").get(2).path("counts").path("published").asLong()).isEqualTo(300);
        assertThat(merged.path("failed").asBoolean()).isFalse();
        for (String path : ResultJsonTest.documentedPaths()) {
            if (path.equals("merged") || path.startsWith("instances")) {
                assertThat(ResultJsonTest.present(merged, path)).as("documented merged field %s", path).isTrue();
            }
        }
    }

    @Test
    void connectionsAddUpAndBrokerMetricsAreTheFirstInstancesThatHasThem() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("c" + i, "pod-" + i, h, List.of(h), 100);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            ObjectNode c = r.putObject("connections");
            c.put("opened", 1_000 * (i + 1)).put("openingTime", (i + 1) * 1_000_000_000L).put("retries", i)
                    .put("idle", 900).put("openedPerSecond", 1_000.0);
            if (i == 0) {
                c.putNull("churn");
                r.putNull("brokerMetrics");
            } else {
                c.putObject("churn").put("opened", 100).put("closed", 90).put("failed", i)
                        .put("firstFailure", "refused " + i).put("duration", 10_000_000_000L).put("behind", 1)
                        .put("opensPerSecond", 10.0);
                r.putObject("brokerMetrics").put("source", "management").put("samples", 5 + i);
            }
            java.nio.file.Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        ObjectNode merged = tree(ResultMerge.merge(dirs));
        JsonNode c = merged.path("connections");
        assertThat(c.path("opened").asLong()).isEqualTo(6_000);
        assertThat(c.path("openingTime").asLong()).as("the longest: they open at once").isEqualTo(3_000_000_000L);
        assertThat(c.path("openedPerSecond").asDouble()).isEqualTo(2_000.0);
        assertThat(c.path("retries").asLong()).isEqualTo(3);
        assertThat(c.path("idle").asLong()).isEqualTo(2_700);
        JsonNode churn = c.path("churn");
        assertThat(churn.path("opened").asLong()).isEqualTo(200);
        assertThat(churn.path("closed").asLong()).isEqualTo(180);
        assertThat(churn.path("failed").asLong()).isEqualTo(3);
        assertThat(churn.path("behind").asLong()).isEqualTo(2);
        assertThat(churn.path("duration").asLong()).isEqualTo(10_000_000_000L);
        assertThat(churn.path("opensPerSecond").asDouble()).isEqualTo(20.0);
        assertThat(churn.path("firstFailure").asText()).isEqualTo("pod-1: refused 1");
        assertThat(merged.path("brokerMetrics").path("samples").asInt()).as("pod-1's, the first with any").isEqualTo(6);
        assertThat(merged.path("brokerMetrics").has("instance")).isFalse();
        assertThat(merged.path("notes").toString()).contains("Broker metrics are those pod-1 sampled");
    }

    /** Two instances receiving 5,000 msg/s each meet rate.received<9000 together, though each broke it alone. */
    @Test
    void gatesAreJudgedAgainOnTheMergedNumbersAndEachInstancesVerdictKeepsItsName() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(2_000_000L * (i + 1));
            Path d = write("g" + i, "pod-" + i, h, List.of(h), 50_000);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            ((ObjectNode) r.path("rates")).put("received", 5_000.0);
            ObjectNode run = ((ObjectNode) r.path("scenario")).putObject("run");
            run.putArray("gates").add("rate.received<9000").add("e2e.p99>3ms");
            ArrayNode gates = r.putArray("gates");
            gates.addObject().put("gate", "rate.received<9000").putNull("step").put("measured", 5_000.0)
                    .put("broken", true).put("sentence", "Gate rate.received<9000 failed: received rate was 5,000 msg/s.");
            gates.addObject().put("gate", "e2e.p99>3ms").putNull("step").put("measured", 2_000_000.0 * (i + 1))
                    .put("broken", i == 1).put("sentence", "Gate e2e.p99>3ms ...");
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        ObjectNode merged = tree(ResultMerge.merge(dirs));
        JsonNode gates = merged.path("gates");
        assertThat(gates).hasSize(2);
        JsonNode rate = gates.get(0);
        assertThat(rate.path("gate").asText()).isEqualTo("rate.received<9000");
        assertThat(rate.path("instance").asText()).isEqualTo("merged");
        assertThat(rate.path("measured").asDouble()).isEqualTo(10_000.0);
        assertThat(rate.path("broken").asBoolean()).isFalse();
        assertThat(rate.path("sentence").asText()).isEqualTo("Gate rate.received<9000 passed on the merged result "
                + "of 2 instances: received rate was 10,000 msg/s.");
        // The merged p99 is that of both instances' values: 4 ms, which breaks e2e.p99>3ms.
        JsonNode p99 = gates.get(1);
        assertThat(p99.path("broken").asBoolean()).isTrue();
        assertThat(p99.path("measured").asDouble()).isEqualTo(
                (double) merged.path("latency").path("endToEnd").path("p99").asLong());
        // Each instance's own verdicts are in its row, named.
        JsonNode own = merged.path("instances").get(1).path("gates");
        assertThat(own).hasSize(2);
        assertThat(own.get(0).path("instance").asText()).isEqualTo("pod-1");
        assertThat(own.get(0).path("sentence").asText()).startsWith("pod-1: Gate rate.received<9000 failed");
        String page = io.amqpharness.report.html.HtmlReport.render(
                List.of(new io.amqpharness.report.html.ReportRun("merged", io.amqpharness.report.document.TestDocuments.of(merged))));
        assertThat(page).contains("1 of 2 checks failed", "merged whole run");
    }

    /**
     * F6: each instance expected 1,000 deliveries and consumed 1,030 firsts, 60 of them of messages
     * in doubt (100 were): 30 confirmed messages lost in each. The merged gate and the accounting
     * line are one formula: 60 unaccounted, and the gate breaks.
     */
    @Test
    void theMergedUnaccountedGateAndTheAccountingLineAreOneFormula() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("u" + i, "pod-" + i, h, List.of(h), 1_100);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            ((ObjectNode) r.path("counts")).put("confirmed", 1_000).put("consumed", 1_030).put("unique", 1_030)
                    .put("ownUnique", 1_030).put("inDoubt", 100).put("inDoubtArrived", 60);
            r.put("expectedDeliveries", 1_000).put("leftInQueues", 0);
            ((ObjectNode) r.path("scenario")).putObject("run").putArray("gates").add("unaccounted>0");
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        io.amqpharness.report.document.ResultDocument merged = ResultMerge.merge(dirs);
        JsonNode gate = tree(merged).path("gates").get(0);
        assertThat(gate.path("sentence").asText()).contains("unaccounted messages was 60");
        assertThat(gate.path("broken").asBoolean()).isTrue();
        assertThat(io.amqpharness.report.TextSummary.format(merged))
                .contains("expected deliveries 2,000 = consumed once 2,060 - in doubt 120 + left in queue 0 "
                        + "(MISMATCH: 60 unexplained)")
                .contains("unaccounted 60");
    }

    /**
     * Two instances sharing one queue: each consumed about half of the other's messages, which its
     * counts cannot tell from another run's ("from other runs"). The summed first deliveries of each
     * instance's own messages miss them, so the merged deliveries are not judged (no MISMATCH of
     * 1,202 beside a gate that passed).
     */
    @Test
    void instancesSharingAQueueDoNotClaimTheDeliveriesCloseOrMismatch() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("q" + i, "pod-" + i, h, List.of(h), 1_200);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            r.putArray("queues").add("Q");
            ((ObjectNode) r.path("counts")).put("consumed", 1_200).put("unique", 1_200).put("ownUnique", 599 + i)
                    .put("foreign", 601 - i);
            r.put("expectedDeliveries", 1_200).put("leftInQueues", 0);
            ((ObjectNode) r.path("scenario")).putObject("run").putArray("gates").add("unaccounted>0");
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        io.amqpharness.report.document.ResultDocument merged = ResultMerge.merge(dirs);
        String text = io.amqpharness.report.TextSummary.format(merged);
        assertThat(text).doesNotContain("MISMATCH").doesNotContain("= consumed once")
                .contains("not judged on the merged result");
        assertThat(tree(merged).path("gates").get(0).path("broken").asBoolean()).isFalse();
    }

    /** N9: instance 0's cross-check next to the merged counts compared two different things. */
    @Test
    void theCrossCheckAddsUpOverInstancesWithQueuesOfTheirOwnElseItSaysWhoseItIs() throws Exception {
        List<Path> own = new ArrayList<>();
        List<Path> shared = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            for (boolean share : new boolean[] {false, true}) {
                Path d = write((share ? "s" : "o") + i, "pod-" + i, h, List.of(h), 1_000);
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                if (share) {
                    r.putArray("queues").add("shared-queue");
                }
                r.putObject("brokerMetrics").put("source", "management").putObject("crossCheck")
                        .put("basis", "queues").put("brokerPublished", 1_000 - 100 * i).put("harnessPublished", 1_000)
                        .put("brokerDelivered", 1_000).put("harnessDelivered", 1_000).put("brokerRestarts", 0)
                        .put("agrees", i == 0).put("verdict", i == 0 ? "agree" : "differ");
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
                (share ? shared : own).add(d);
            }
        }
        JsonNode summed = tree(ResultMerge.merge(own)).path("brokerMetrics").path("crossCheck");
        assertThat(summed.path("brokerPublished").asLong()).isEqualTo(1_900);
        assertThat(summed.path("harnessPublished").asLong()).isEqualTo(2_000);
        assertThat(summed.path("harnessDelivered").asLong()).isEqualTo(2_000);
        assertThat(summed.path("verdict").asText()).isEqualTo("differ");
        assertThat(summed.has("instance")).isFalse();
        ObjectNode merged = tree(ResultMerge.merge(shared));
        JsonNode first = merged.path("brokerMetrics").path("crossCheck");
        assertThat(first.path("instance").asText()).isEqualTo("pod-0");
        assertThat(first.path("harnessPublished").asLong()).isEqualTo(1_000);
        assertThat(merged.path("notes").toString()).contains("compares the broker's counts with pod-0's own counts");
        String page = io.amqpharness.report.html.HtmlReport.render(
                List.of(new io.amqpharness.report.html.ReportRun("merged", io.amqpharness.report.document.TestDocuments.of(merged))));
        assertThat(page).contains("cross-check (queues, pod-0&#39;s counts only)");
    }

    /** What is left in queues adds up over instances with queues of their own; one shared queue is read once. */
    @Test
    void leftInQueuesIsSummedOverOwnQueuesAndTheLargestReadingOfOneSharedQueue() throws Exception {
        for (boolean share : new boolean[] {false, true}) {
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Histogram h = histogram();
                h.recordValue(1_000);
                Path d = write("left" + share + i, "pod-" + i, h, List.of(h), 1_000);
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                r.put("leftInQueues", 10 + 5 * i);
                r.putArray("queues").add(share ? "shared-queue" : "own-" + i);
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
                dirs.add(d);
            }
            ObjectNode merged = tree(ResultMerge.merge(dirs));
            assertThat(merged.path("leftInQueues").asLong()).as("shared %s", share).isEqualTo(share ? 15 : 25);
        }
    }

    /** N18: processors are the host's, not summed; downtime is known from below; the intervals must line up. */
    @Test
    void processorsAreNotSummedDowntimeIsAtLeastTheIntervalsAndTheIntervalsMustMatch() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("n" + i, "pod-" + i, h, List.of(h, h), 100);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            r.putObject("client").put("processors", 2).put("cpuTime", 1_000);
            ((ObjectNode) r.path("scenario")).putObject("run").put("interval", 1_000_000_000L).putNull("warmup");
            // pod-0 was down 0.8 s in interval 0, pod-1 0.5 s in interval 1: at least 1.3 s with one down.
            r.putObject("outages").put("disconnects", 1).put("downtime", 800_000_000L - 300_000_000L * i);
            ((ObjectNode) r.path("intervals").get(i)).put("down", 800_000_000L - 300_000_000L * i);
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        ObjectNode merged = tree(ResultMerge.merge(dirs));
        assertThat(merged.path("client").path("processors").asInt()).isEqualTo(2);
        assertThat(merged.path("client").path("cpuTime").asLong()).isEqualTo(2_000);
        assertThat(merged.path("outages").path("downtime").asLong()).isEqualTo(1_300_000_000L);
        assertThat(merged.path("outages").path("disconnects").asLong()).isEqualTo(2);

        ObjectNode other = (ObjectNode) MAPPER.readTree(dirs.get(1).resolve(ResultDocuments.FILE_NAME).toFile());
        ((ObjectNode) other.path("scenario").path("run")).put("interval", 5_000_000_000L);
        Files.writeString(dirs.get(1).resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(other));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultMerge.merge(dirs))
                .isInstanceOf(io.amqpharness.scenario.ScenarioException.class)
                .satisfies(e -> assertThat(((io.amqpharness.scenario.ScenarioException) e).problems()).containsExactly(
                        dirs.get(0) + " ran with --interval 1s and " + dirs.get(1) + " with --interval 5s: intervals "
                                + "are merged by their number, so merge only instances run with the same --interval "
                                + "and --warmup."));
    }

    @Test
    void theSameRunTwiceIsRefusedInOneSentence() throws Exception {
        Histogram h = histogram();
        h.recordValue(1000);
        Path a = write("a", "pod-0", h, List.of(h), 10);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultMerge.merge(List.of(a, a)))
                .isInstanceOf(io.amqpharness.HarnessException.class)
                .hasMessage(a + " and " + a + " hold the same run (run id runa); give each instance's directory once.");
    }

    /**
     * The expected deliveries are judged on the merged result unless the instances shared a queue (then
     * each counted the other's messages as foreign): one of several queues is enough, and one instance
     * naming its own queue twice is not sharing.
     */
    @Test
    void expectedDeliveriesAreNotJudgedWhenInstancesShareOneOfTheirQueuesOnly() throws Exception {
        for (boolean share : new boolean[] {true, false}) {
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Histogram h = histogram();
                h.recordValue(1_000);
                Path d = write("sq" + share + i, "pod-" + i, h, List.of(h), 1_000);
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                ArrayNode queues = r.putArray("queues").add("own-" + i);
                queues.add(share ? "shared" : "own-" + i);
                ((ObjectNode) r.path("counts")).put("unique", 1_000).put("ownUnique", 900).put("foreign", 100);
                r.put("expectedDeliveries", 1_000).put("leftInQueues", 0);
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
                dirs.add(d);
            }
            ObjectNode merged = tree(ResultMerge.merge(dirs));
            if (share) {
                assertThat(merged.has("expectedDeliveries") && !merged.path("expectedDeliveries").isNull()).isFalse();
                assertThat(merged.path("notes").toString()).contains("The expected deliveries (2,000) are not judged")
                        .contains("(200 in all)");
            } else {
                assertThat(merged.path("expectedDeliveries").asLong()).isEqualTo(2_000);
                assertThat(merged.path("notes").toString()).doesNotContain("are not judged");
            }
        }
    }

    /**
     * Instances sharing a queue without counting each other's messages (their consumers read only
     * their own) keep the expected deliveries; an instance that did not know what was left or
     * expected leaves the merged result without them.
     */
    @Test
    void expectedDeliveriesAndWhatWasLeftAreKeptOnlyWhenEveryInstanceKnewThem() throws Exception {
        for (boolean everyoneKnew : new boolean[] {true, false}) {
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Histogram h = histogram();
                h.recordValue(1_000);
                Path d = write("known" + everyoneKnew + i, "pod-" + i, h, List.of(h), 1_000);
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                r.putArray("queues").add("shared");
                ((ObjectNode) r.path("counts")).put("unique", 1_000).put("ownUnique", 1_000).put("foreign", 0);
                if (everyoneKnew || i == 0) {
                    r.put("expectedDeliveries", 1_000).put("leftInQueues", 4);
                }
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
                dirs.add(d);
            }
            ObjectNode merged = tree(ResultMerge.merge(dirs));
            if (everyoneKnew) {
                assertThat(merged.path("expectedDeliveries").asLong()).isEqualTo(2_000);
                assertThat(merged.path("leftInQueues").asLong()).as("one shared queue, read once").isEqualTo(4);
            } else {
                assertThat(merged.path("expectedDeliveries").isNumber()).isFalse();
                assertThat(merged.path("leftInQueues").isNumber()).isFalse();
            }
        }
    }

    /** A failed instance makes the merged result failed, with its reason named by the instance. */
    @Test
    void anInstancesFailureIsCarriedIntoTheMergedResultUnderItsName() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("f" + i, "pod-" + i, h, List.of(h), 1_000);
            if (i > 0) {
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                r.put("failure", "connection refused " + i).put("failed", true);
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            }
            dirs.add(d);
        }
        ObjectNode merged = tree(ResultMerge.merge(dirs));
        assertThat(merged.path("failure").asText()).isEqualTo("pod-1: connection refused 1; pod-2: connection refused 2");
        assertThat(merged.path("failed").asBoolean()).isTrue();
        ObjectNode fine = tree(ResultMerge.merge(dirs.subList(0, 1)));
        assertThat(fine.path("failed").asBoolean()).isFalse();
        assertThat(fine.path("failure").isMissingNode() || fine.path("failure").isNull()).isTrue();
    }

    /**
     * The unaccounted gate of instances without expected deliveries covers the published messages
     * only; with consumers in any instance (here the second) its sentence says the deliveries could
     * not be judged, without consumers there were none to judge.
     */
    @Test
    void theUnaccountedGateOfInstancesWithoutConsumersIsJudgedOnWhatWasPublished() throws Exception {
        for (boolean consumers : new boolean[] {false, true}) {
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Histogram h = histogram();
                h.recordValue(1_000);
                Path d = write("nc" + consumers + i, "pod-" + i, h, List.of(h), 1_000);
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                ((ObjectNode) r.path("counts")).put("consumed", 0);
                r.put("unaccountedPublished", 3 + i);
                ObjectNode scenario = (ObjectNode) r.path("scenario");
                scenario.putObject("run").putArray("gates").add("unaccounted>0").add("unaccounted>100");
                scenario.putObject("consuming").put("consumers", consumers && i == 1 ? 1 : 0);
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
                dirs.add(d);
            }
            JsonNode gates = tree(ResultMerge.merge(dirs)).path("gates");
            JsonNode broken = gates.get(0);
            assertThat(broken.path("instance").asText()).isEqualTo("merged");
            assertThat(broken.path("sentence").asText()).contains("unaccounted messages was 7");
            assertThat(broken.path("broken").asBoolean()).isTrue();
            String passed = gates.get(1).path("sentence").asText();
            assertThat(passed).startsWith("Gate unaccounted>100 passed");
            if (consumers) {
                assertThat(passed).as("consumers, no delivery account").contains("published messages only");
            } else {
                assertThat(passed).doesNotContain("published messages only");
            }
        }
    }

    /**
     * What the merge lists rather than adds up: each instance's notes under its name, every
     * connection's outage and every reason for an outage or a block, in instance order; blocking
     * time and the longest credit wait are the longest instance's (the instances ran at once), the
     * episodes summed.
     */
    @Test
    void notesOutagesAndBlockingOfEveryInstanceReachTheMergedResult() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("lists" + i, "pod-" + i, h, List.of(h), 1_000);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            r.putArray("notes").add("note " + i);
            ObjectNode outages = r.putObject("outages").put("disconnects", 1).put("downtime", 100L + i);
            outages.putArray("connections").addObject().put("name", "publisher-" + i).put("disconnects", 1)
                    .put("downtime", 100L + i).put("longest", 100L + i).put("stillDown", false);
            outages.putArray("reasons").add("connection reset " + i);
            ObjectNode blocking = r.putObject("blocking").put("time", 1_000L * (i + 1)).put("episodes", 2)
                    .put("creditWait", 300L - 100L * i).put("creditWaits", 1);
            blocking.putArray("reasons").add(i == 0 ? "low on memory" : "low on disk space");
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        ObjectNode merged = tree(ResultMerge.merge(dirs));
        assertThat(merged.path("notes").toString()).contains("pod-0: note 0").contains("pod-1: note 1");
        JsonNode outages = merged.path("outages");
        assertThat(outages.path("connections").findValuesAsText("name")).containsExactly("publisher-0", "publisher-1");
        assertThat(outages.path("reasons").toString()).isEqualTo("[\"connection reset 0\",\"connection reset 1\"]");
        JsonNode blocking = merged.path("blocking");
        assertThat(blocking.path("time").asLong()).isEqualTo(2_000);
        assertThat(blocking.path("episodes").asLong()).isEqualTo(4);
        assertThat(blocking.path("reasons").toString()).isEqualTo("[\"low on memory\",\"low on disk space\"]");
        assertThat(blocking.path("creditWait").asLong()).isEqualTo(300);
        assertThat(blocking.path("creditWaits").asLong()).isEqualTo(2);
    }

    /**
     * The client's peak RSS is summed over the instances that measured it (one could not); the
     * measured period's CPU time is summed only when every instance has it.
     */
    @Test
    void theClientsCostsAreSummedOverWhatEachInstanceKnew() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("client" + i, "pod-" + i, h, List.of(h), 1_000);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            ObjectNode client = r.putObject("client").put("processors", 2).put("cpuTime", 1_000)
                    .put("peakHeapBytes", 10);
            if (i == 0) {
                client.put("peakRssBytes", 500).put("measuredCpuTime", 700);
            }
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        JsonNode client = tree(ResultMerge.merge(dirs)).path("client");
        assertThat(client.path("peakRssBytes").asLong()).as("the one instance that knew it").isEqualTo(500);
        assertThat(client.path("peakHeapBytes").asLong()).isEqualTo(20);
        assertThat(client.path("measuredCpuTime").isNumber()).as("one instance did not measure it").isFalse();
    }

    /** Instances run with different --warmup are refused, the setting named as given ("none" when absent). */
    @Test
    void instancesRunWithDifferentWarmupsAreRefusedNamingBothSettings() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = histogram();
            h.recordValue(1_000);
            Path d = write("warm" + i, "pod-" + i, h, List.of(h), 100);
            ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
            ObjectNode run = ((ObjectNode) r.path("scenario")).putObject("run").put("interval", 1_000_000_000L);
            if (i == 0) {
                run.putNull("warmup");
            } else {
                run.put("warmup", 1_500_000_000L);
            }
            Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
            dirs.add(d);
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultMerge.merge(dirs))
                .isInstanceOf(io.amqpharness.scenario.ScenarioException.class)
                .satisfies(e -> assertThat(((io.amqpharness.scenario.ScenarioException) e).problems()).containsExactly(
                        dirs.get(0) + " ran with --warmup none and " + dirs.get(1) + " with --warmup 1500ms: intervals "
                                + "are merged by their number, so merge only instances run with the same --interval "
                                + "and --warmup."));
    }

    /** With gates, a stepped instance's per-step verdicts are not merged: a note says the merged gates are the whole run's. */
    @Test
    void gatesOfSteppedInstancesAreJudgedOnTheWholeRunWithANoteSayingSo() throws Exception {
        for (boolean stepped : new boolean[] {false, true}) {
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Histogram h = histogram();
                h.recordValue(1_000);
                Path d = write("steps" + stepped + i, "pod-" + i, h, List.of(h), 1_000);
                ObjectNode r = (ObjectNode) MAPPER.readTree(d.resolve(ResultDocuments.FILE_NAME).toFile());
                ((ObjectNode) r.path("scenario")).putObject("run").putArray("gates").add("lost>0");
                if (stepped && i == 1) {
                    r.putArray("steps").addObject().put("index", 0).put("label", "rate=100").put("start", 0)
                            .put("length", 1_000_000_000L);
                }
                Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
                dirs.add(d);
            }
            ObjectNode merged = tree(ResultMerge.merge(dirs));
            assertThat(merged.path("gates").get(0).path("instance").asText()).isEqualTo("merged");
            if (stepped) {
                assertThat(merged.path("notes").toString()).contains("The gates are checked on the merged whole run only");
            } else {
                assertThat(merged.path("notes").toString()).doesNotContain("steps are not merged");
            }
        }
    }

    /** The merged result as the tree its result.json holds. */
    private static ObjectNode tree(io.amqpharness.report.document.ResultDocument merged) {
        return (ObjectNode) io.amqpharness.report.document.ResultDocuments.toTree(merged);
    }

    private static Histogram histogram() {
        return new Histogram(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS);
    }

    /** A result directory as a run writes it, reduced to what the merge reads. */
    private Path write(String name, String instance, Histogram whole, List<Histogram> intervals, long published)
            throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        ObjectNode r = MAPPER.createObjectNode();
        r.put("format", 1);
        r.put("instance", instance);
        r.put("runId", "run" + name);
        r.putObject("scenario").putArray("arguments");
        r.putArray("queues").add("harness-run" + name);
        r.put("startedAt", "2026-11-23T15:00:00Z");
        r.put("publishingTime", 10_000_000_000L);
        r.put("totalTime", 11_000_000_000L);
        r.put("paced", true);
        ObjectNode counts = r.putObject("counts");
        counts.put("published", published).put("confirmed", published).put("consumed", published).put("lost", 0);
        r.putObject("rates").put("sent", published / 10.0);
        ObjectNode hs = r.putObject("histograms");
        Map<Metric, Histogram> byMetric = new EnumMap<>(Metric.class);
        byMetric.put(Metric.END_TO_END, whole);
        for (Metric m : Metric.values()) {
            Histogram h = byMetric.getOrDefault(m, histogram());
            ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
            int length = h.encodeIntoCompressedByteBuffer(b);
            hs.putObject(SectionValues.id(m)).put("encoded",
                    Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), length)));
        }
        ArrayNode ivs = r.putArray("intervals");
        for (int k = 0; k < intervals.size(); k++) {
            ObjectNode iv = ivs.addObject();
            iv.put("index", k).put("phase", "running").put("elapsed", (k + 1) * 1_000_000_000L);
            iv.putObject("delta").put("published", published / intervals.size());
            iv.putObject("total").put("published", published / intervals.size() * (k + 1));
        }
        Files.writeString(d.resolve(ResultDocuments.FILE_NAME), MAPPER.writeValueAsString(r));
        try (java.io.PrintStream s = new java.io.PrintStream(d.resolve("end-to-end.hlog").toFile())) {
            HistogramLogWriter w = new HistogramLogWriter(s);
            w.outputLogFormatVersion();
            w.outputStartTime(0);
            w.outputLegend();
            long t = 0;
            for (Histogram h : intervals) {
                h.setStartTimeStamp(t);
                h.setEndTimeStamp(t + 1000);
                t += 1000;
                w.outputIntervalHistogram(h);
            }
        }
        return d;
    }
}
