package io.amqpharness.report.merge;

import io.amqpharness.report.build.HistogramLogHeader;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.build.SectionValues;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.io.OutputFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The {@code .hlog} files of a merged result: per metric, the k-th interval histogram of every
 * instance added into the merged k-th, written as a single run writes its logs, each file whole
 * or not at all; none for a metric no instance recorded (an instance without the file recorded none).
 * Stateless.
 */
final class MergedLogs {
    private MergedLogs() {
    }

    /** The merged interval histograms as one HdrHistogram log per metric, as a single run writes them. */
    static void write(List<ResultMerge.Instance> instances, Path output, Instant startedAt) {
        for (Metric metric : Metric.values()) {
            Path file = output.resolve(metric.logFileName());
            if (instances.stream().allMatch(i -> i.intervals().get(metric).stream().allMatch(h -> h.getTotalCount() == 0))) {
                deleteStale(file); // no instance recorded it: no log, as a run writes none
                continue;
            }
            try {
                AtomicFiles.write(file, out -> {
                    PrintStream stream = new PrintStream(out, false, StandardCharsets.UTF_8);
                    writeLog(stream, metric, instances, startedAt);
                    stream.flush();
                    if (stream.checkError()) {
                        throw new IOException("the write failed (is the disk full?)");
                    }
                });
            } catch (IOException e) {
                throw OutputFiles.cannotWrite(file, e);
            }
        }
    }

    private static void deleteStale(Path file) {
        try {
            java.nio.file.Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new io.amqpharness.HarnessException("Cannot remove " + file + ", an earlier log: "
                    + OutputFiles.reason(e) + ".", e);
        }
    }

    private static void writeLog(PrintStream stream, Metric metric, List<ResultMerge.Instance> instances,
            Instant startedAt) {
        HistogramLogWriter w = HistogramLogHeader.start(stream, startedAt.toEpochMilli(), "amqp-harness: "
                + metric.label() + " latency in nanoseconds, merged from " + instances.size()
                + " instances, one histogram per reporting interval");
        int n = instances.stream().mapToInt(i -> i.intervals().get(metric).size()).max().orElse(0);
        for (int k = 0; k < n; k++) {
            Histogram sum = io.amqpharness.measure.LatencyRecorder.newHistogram();
            long start = Long.MAX_VALUE;
            long end = 0;
            for (ResultMerge.Instance i : instances) {
                List<Histogram> logged = i.intervals().get(metric);
                if (k < logged.size()) {
                    Histogram h = logged.get(k);
                    sum.add(h);
                    start = Math.min(start, h.getStartTimeStamp());
                    end = Math.max(end, h.getEndTimeStamp());
                }
            }
            sum.setStartTimeStamp(start);
            sum.setEndTimeStamp(end);
            w.outputIntervalHistogram(sum);
        }
    }
}
