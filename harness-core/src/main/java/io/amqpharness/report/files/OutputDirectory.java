package io.amqpharness.report.files;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.run.IntervalStats;
import io.amqpharness.run.RunListener;
import io.amqpharness.run.RunResult;
import io.amqpharness.run.RunStart;
import io.amqpharness.spi.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Writes a run's files into one directory: the HdrHistogram interval logs and
 * {@code intervals.csv} as the run goes, then {@code result.json} and {@code report.html} when
 * it finishes. A file that cannot be written does not stop the run: the first problem is kept as
 * one sentence in {@link #problem()} and the other files are still written.
 *
 * <pre>{@code
 * try (OutputDirectory files = OutputDirectory.prepare(Path.of("results/run-1"))) {
 *     RunResult r = new LoadRunner(scenario).listener(files).run();
 *     files.problem().ifPresent(System.err::println);
 * }
 * }</pre>
 *
 * <p>Called by the runner's threads one at a time, as every {@link RunListener}.
 */
public final class OutputDirectory implements RunListener, AutoCloseable {
    /** The HTML report's file name. */
    public static final String REPORT_FILE = "report.html";

    private final Path directory;
    private final HistogramLogs logs;
    private final List<Path> written = new ArrayList<>();
    private IntervalsCsv.Appender csv;
    private Optional<String> problem = Optional.empty();

    private OutputDirectory(Path directory) {
        this.directory = directory;
        this.logs = new HistogramLogs(directory);
    }

    /**
     * Creates the directory (and its parents) if needed and checks that it can be written, so that
     * a bad path fails before the run starts.
     *
     * @param directory where the files go; existing files of the same names are replaced
     * @throws HarnessException with one sentence if the directory cannot be created or written
     */
    public static OutputDirectory prepare(Path directory) {
        return new OutputDirectory(OutputFiles.createDirectory(directory, "--output-dir"));
    }

    /** The directory the files go to. */
    public Path directory() {
        return directory;
    }

    @Override
    public void started(RunStart start) {
        logs.open(start);
        for (Metric m : Metric.values()) {
            written.add(directory.resolve(HistogramLogs.fileName(m)));
        }
        Path file = directory.resolve(IntervalsCsv.FILE_NAME);
        try {
            csv = new IntervalsCsv.Appender(file, start.startedAt());
            written.add(file);
        } catch (IOException e) {
            fail(OutputFiles.cannotWrite(file, e).getMessage());
        }
    }

    @Override
    public void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> histograms) {
        logs.append(stats, histograms);
        if (csv != null) {
            try {
                csv.append(stats);
            } catch (HarnessException e) {
                fail(e.getMessage());
                csv = null;
            }
        }
    }

    @Override
    public void finished(RunResult result) {
        close();
        logs.problem().ifPresent(this::fail);
        ObjectNode tree = ResultJson.toTree(result);
        Path json = directory.resolve(ResultJson.FILE_NAME);
        try {
            Files.writeString(json, ResultJson.mapper().writeValueAsString(tree));
            written.add(json);
        } catch (IOException e) {
            fail(OutputFiles.cannotWrite(json, e).getMessage());
        }
        try {
            written.add(HtmlReport.write(List.of(new ReportRun(result.runId(), tree)), directory.resolve(REPORT_FILE)));
        } catch (HarnessException e) {
            fail(e.getMessage());
        }
    }

    /** The files written so far. */
    public List<Path> written() {
        return List.copyOf(written);
    }

    /** The first file problem, as one sentence; empty if every file was written. */
    public Optional<String> problem() {
        return problem;
    }

    private void fail(String sentence) {
        if (problem.isEmpty()) {
            problem = Optional.of(sentence);
        }
    }

    /** Closes the logs and the CSV file; idempotent. */
    @Override
    public void close() {
        logs.close();
        if (csv != null) {
            csv.close();
        }
    }
}
