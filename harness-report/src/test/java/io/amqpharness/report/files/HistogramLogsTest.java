package io.amqpharness.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.LatencyRecorder;
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
        ResultMerge.Instance read = ResultMerge.read(dir);
        assertThat(read.intervals().get(Metric.CHURN_OPEN)).hasSize(run.intervals.size());
        assertThat(read.intervals().get(Metric.CHURN_OPEN).get(0).getTotalCount()).isZero();
        assertThat(read.intervals().get(Metric.CHURN_OPEN).get(0).getStartTimeStamp())
                .isEqualTo(run.intervalHistograms.get(0).get(Metric.END_TO_END).getStartTimeStamp());
        assertThat(read.intervals().get(Metric.CHURN_OPEN).stream().mapToLong(Histogram::getTotalCount).sum())
                .isEqualTo(run.totalCount(Metric.CHURN_OPEN));
        assertThat(read.intervals().get(Metric.ROUND_TRIP)).isEmpty();
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
        assertThat(ResultMerge.read(out).intervals().get(Metric.CHURN_OPEN)).hasSize(withoutRoundTrips().intervals.size());
    }

    /** The second instance of a merge needs a run id and instance name of its own. */
    private static void rename(Path dir, String instance) throws Exception {
        Path json = dir.resolve("result.json");
        String text = Files.readString(json).replace("\"abc123\"", "\"def456\"");
        Files.writeString(json, text.replaceFirst("\"instance\"\\s*:\\s*(null|\"[^\"]*\")", "\"instance\":\"" + instance + "\""));
    }
}
