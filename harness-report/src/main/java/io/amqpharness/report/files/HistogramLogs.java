package io.amqpharness.report.files;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunStart;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs, one file per {@link Metric} ({@code end-to-end.hlog},
 * {@code confirm.hlog}, {@code publish-delay.hlog}), appended at every reporting interval so that
 * a run cut short still leaves readable logs. Values are nanoseconds, so HdrHistogram's
 * {@code HistogramLogProcessor} prints milliseconds with its default {@code -outputValueUnitRatio}.
 *
 * <p>Called by the runner's reporting thread only (the {@code RunListener} contract).
 */
final class HistogramLogs implements AutoCloseable {
    private final Path directory;
    private final Map<Metric, Log> logs = new EnumMap<>(Metric.class);
    private Optional<String> problem = Optional.empty();

    private record Log(Path file, PrintStream stream, HistogramLogWriter writer) {
    }

    HistogramLogs(Path directory) {
        this.directory = directory;
    }

    /** The log file of a metric: {@link Metric#logFileName()}. */
    static String fileName(Metric metric) {
        return metric.logFileName();
    }

    /**
     * A log writer whose header is written: {@code comment}, the histograms' range and precision,
     * the format version, the start time (epoch milliseconds, also the base of the interval
     * stamps) and the legend. Shared by a run's logs and a merged result's.
     */
    static HistogramLogWriter startLog(PrintStream stream, long startMillis, String comment) {
        HistogramLogWriter w = new HistogramLogWriter(stream);
        w.outputComment(comment);
        w.outputComment("Range 1 ns to " + LatencyRecorder.HIGHEST_NANOS + " ns, " + LatencyRecorder.DIGITS
                + " significant digits");
        w.outputLogFormatVersion();
        w.outputStartTime(startMillis);
        w.setBaseTime(startMillis);
        w.outputLegend();
        return w;
    }

    void open(RunStart start) {
        long startMillis = start.startedAt().toEpochMilli();
        for (Metric m : Metric.values()) {
            Path file = directory.resolve(fileName(m));
            try {
                PrintStream stream = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.UTF_8);
                HistogramLogWriter w = startLog(stream, startMillis, "amqp-harness run " + start.runId() + ": "
                        + m.label() + " latency in nanoseconds, one histogram per reporting interval");
                logs.put(m, new Log(file, stream, w));
                check(logs.get(m));
            } catch (IOException e) {
                fail(OutputFiles.cannotWrite(file, e).getMessage());
            }
        }
    }

    /** Appends the interval's histograms (epoch-millisecond start and end stamps set by the recorder). */
    void append(IntervalStats stats, Map<Metric, Histogram> histograms) {
        for (Map.Entry<Metric, Log> e : new EnumMap<>(logs).entrySet()) {
            Histogram h = histograms.get(e.getKey());
            if (h != null) {
                e.getValue().writer().outputIntervalHistogram(h);
                check(e.getValue());
            }
        }
    }

    /** The first problem met, as one sentence; writing stops for a log that failed. */
    Optional<String> problem() {
        return problem;
    }

    private void check(Log log) {
        log.stream().flush();
        if (log.stream().checkError()) {
            fail("Cannot write " + log.file() + ": the write failed (is the disk full?).");
            logs.values().remove(log);
            log.stream().close();
        }
    }

    private void fail(String sentence) {
        if (problem.isEmpty()) {
            problem = Optional.of(sentence);
        }
    }

    @Override
    public void close() {
        for (Log l : logs.values()) {
            l.stream().close();
        }
        logs.clear();
    }
}
