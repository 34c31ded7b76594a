package io.amqpharness.report.files;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.build.HistogramLogHeader;
import io.amqpharness.report.io.OutputFiles;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunStart;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs, one file per {@link Metric} that recorded something
 * ({@code end-to-end.hlog}, {@code confirm.hlog}, {@code publish-delay.hlog}, ...), appended at every
 * reporting interval so that a run cut short still leaves readable logs. A metric's log is created
 * at its first recording and then holds every interval of the run, the earlier ones empty, so the
 * k-th histogram of every log (and of every instance's) covers the same interval; a metric that
 * recorded nothing (round trips without {@code --request-reply}, churn opens without churn) has no
 * log. Values are nanoseconds, so HdrHistogram's {@code HistogramLogProcessor} prints milliseconds
 * with its default {@code -outputValueUnitRatio}.
 *
 * <p>Called by the runner's reporting thread only (the {@code RunListener} contract).
 */
final class HistogramLogs implements AutoCloseable {
    private final Path directory;
    private final Map<Metric, Log> logs = new EnumMap<>(Metric.class);
    /** Metrics whose log could not be written: not tried again. */
    private final Set<Metric> failed = EnumSet.noneOf(Metric.class);
    private final List<Path> files = new ArrayList<>();
    /** The start and end stamps (epoch milliseconds) of each interval so far, for a log created late. */
    private long[] stamps = new long[64];
    private int intervals;
    private Optional<RunStart> start = Optional.empty();
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

    /** The run starts: an earlier run's logs in the directory go (this run writes its own, or none). */
    void open(RunStart runStart) {
        start = Optional.of(runStart);
        for (Metric m : Metric.values()) {
            Path file = directory.resolve(fileName(m));
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                fail("Cannot remove " + file + ", an earlier run's log: " + OutputFiles.reason(e) + ".");
            }
        }
    }

    /** Appends the interval's histograms (epoch-millisecond start and end stamps set by the recorder). */
    void append(IntervalStats stats, Map<Metric, Histogram> histograms) {
        for (Map.Entry<Metric, Histogram> e : histograms.entrySet()) {
            Metric m = e.getKey();
            Histogram h = e.getValue();
            Log log = logs.get(m);
            if (log == null && h != null && h.getTotalCount() > 0 && !failed.contains(m)) {
                log = create(m);
            }
            if (log != null && h != null) {
                log.writer().outputIntervalHistogram(h);
                check(m, log);
            }
        }
        Histogram any = histograms.values().stream().filter(java.util.Objects::nonNull).findFirst().orElse(null);
        if (any != null) {
            if (2 * intervals + 2 > stamps.length) {
                stamps = Arrays.copyOf(stamps, stamps.length * 2);
            }
            stamps[2 * intervals] = any.getStartTimeStamp();
            stamps[2 * intervals + 1] = any.getEndTimeStamp();
            intervals++;
        }
    }

    /** A metric's log at its first recording, with an empty histogram for each interval before. */
    private Log create(Metric m) {
        Path file = directory.resolve(fileName(m));
        if (start.isEmpty()) {
            return null;
        }
        try {
            PrintStream stream = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.UTF_8);
            HistogramLogWriter w = HistogramLogHeader.start(stream, start.get().startedAt().toEpochMilli(), "amqp-harness run "
                    + start.get().runId() + ": " + m.label() + " latency in nanoseconds, one histogram per reporting interval");
            Histogram empty = LatencyRecorder.newHistogram();
            for (int i = 0; i < intervals; i++) {
                empty.setStartTimeStamp(stamps[2 * i]);
                empty.setEndTimeStamp(stamps[2 * i + 1]);
                w.outputIntervalHistogram(empty);
            }
            Log log = new Log(file, stream, w);
            logs.put(m, log);
            files.add(file);
            return check(m, log) ? log : null;
        } catch (IOException e) {
            failed.add(m);
            fail(OutputFiles.cannotWrite(file, e).getMessage());
            return null;
        }
    }

    /** The logs created so far. */
    List<Path> files() {
        return List.copyOf(files);
    }

    /** The first problem met, as one sentence; writing stops for a log that failed. */
    Optional<String> problem() {
        return problem;
    }

    private boolean check(Metric m, Log log) {
        log.stream().flush();
        if (log.stream().checkError()) {
            fail("Cannot write " + log.file() + ": the write failed (is the disk full?).");
            logs.remove(m);
            failed.add(m);
            log.stream().close();
            return false;
        }
        return true;
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
