package io.amqpharness.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.report.merge.ResultMerge;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A histogram log is written for a metric that recorded something, and only then. */
class HistogramLogsTest {
    @TempDir
    Path tmp;

    /** The run, with nothing recorded for round trips, and churn opens recorded from interval 3 on. */
    private static SyntheticRun withoutRoundTrips() {
        SyntheticRun run = SyntheticRun.create(6, 1000, 1);
        for (int i = 0; i < run.intervalHistograms.size(); i++) {
            Map<Metric, Histogram> hs = run.intervalHistograms.get(i);
            hs.put(Metric.ROUND_TRIP, emptyLike(hs.get(Metric.END_TO_END)));
            if (i < 3) {
                hs.put(Metric.CHURN_OPEN, emptyLike(hs.get(Metric.END_TO_END)));
            }
        }
        return run;
    }

    private static Histogram emptyLike(Histogram h) {
        Histogram empty = LatencyRecorder.newHistogram();
        empty.setStartTimeStamp(h.getStartTimeStamp());
        empty.setEndTimeStamp(h.getEndTimeStamp());
        return empty;
    }

    @Test
    void aMetricThatRecordedNothingHasNoLogAndOneThatStartedLateHasEveryInterval() throws Exception {
        Path dir = tmp.resolve("run");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("round-trip.hlog"), "an earlier run's log");
        SyntheticRun run = withoutRoundTrips();
        OutputDirectory files = OutputDirectoryTest.play(run, dir);
        assertThat(files.problem()).isEmpty();
        assertThat(dir.resolve("round-trip.hlog")).as("nothing recorded; an earlier run's log goes").doesNotExist();
        assertThat(files.written()).extracting(p -> p.getFileName().toString()).doesNotContain("round-trip.hlog")
                .contains("end-to-end.hlog", "churn-open.hlog");
        // The churn-open log holds every interval, the first three empty, so merging by interval lines up.
        List<Histogram> churn = histograms(dir.resolve("churn-open.hlog"));
        assertThat(churn).hasSize(run.intervals.size());
        assertThat(churn.get(0).getTotalCount()).isZero();
        assertThat(churn.get(0).getStartTimeStamp())
                .isEqualTo(run.intervalHistograms.get(0).get(Metric.END_TO_END).getStartTimeStamp());
        assertThat(churn.stream().mapToLong(Histogram::getTotalCount).sum())
                .isEqualTo(run.totalCount(Metric.CHURN_OPEN));
    }

    @Test
    void aMergeOfRunsWithoutALogWritesNoneForThatMetric() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        OutputDirectoryTest.play(withoutRoundTrips(), a);
        OutputDirectoryTest.play(withoutRoundTrips(), b);
        rename(b, "loadgen-1");
        Path out = tmp.resolve("merged");
        ResultMerge.write(List.of(a, b), out);
        assertThat(out.resolve("round-trip.hlog")).doesNotExist();
        assertThat(out.resolve("end-to-end.hlog")).isNotEmptyFile();
        assertThat(histograms(out.resolve("churn-open.hlog"))).hasSize(withoutRoundTrips().intervals.size());
    }

    /** The second instance of a merge needs a run id and instance name of its own. */
    private static void rename(Path dir, String instance) throws Exception {
        Path json = dir.resolve("result.json");
        String text = Files.readString(json).replace("\"abc123\"", "\"def456\"");
        Files.writeString(json, text.replaceFirst("\"instance\"\\s*:\\s*(null|\"[^\"]*\")", "\"instance\":\"" + instance + "\""));
    }

    /** The interval histograms of a log, in order. */
    private static List<Histogram> histograms(Path log) throws java.io.IOException {
        try (org.HdrHistogram.HistogramLogReader r = new org.HdrHistogram.HistogramLogReader(log.toFile())) {
            List<Histogram> out = new java.util.ArrayList<>();
            for (var h = r.nextIntervalHistogram(); h != null; h = r.nextIntervalHistogram()) {
                out.add((Histogram) h);
            }
            return out;
        }
    }
}
