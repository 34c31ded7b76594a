package io.amqpharness.report.files;

import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.build.SectionValues;
import io.amqpharness.HarnessException;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.io.OutputFiles;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.run.RunListener;
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
 * it finishes, each whole or not at all ({@link AtomicFiles}). A file that cannot be written does
 * not stop the run: the first problem is kept as one sentence in {@link #problem()} and the other
 * files are still written. When the run starts, a {@code result.json} and {@code report.html} an
 * earlier run left are removed, so the directory never pairs one run's summary with another's
 * logs; whether an earlier run's files may be replaced at all is the caller's question
 * ({@link #heldResult(Path)}).
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

    /**
     * What an earlier run left in a directory, for a sentence such as "DIR already holds run
     * z99du7 (result.json)".
     *
     * @param description {@code run z99du7}, {@code merged run a+b}, {@code a result.json} (one that
     *     cannot be read) or {@code the files of a run}
     * @param files the files found, in the order a run writes them (the result first)
     */
    public record Held(String description, List<Path> files) {
        public Held {
            files = List.copyOf(files);
        }
    }

    /**
     * Whether {@code directory} holds what a run writes into it ({@code result.json}, {@code report.html},
     * {@code intervals.csv}, an {@code .hlog}), which a run there would replace. Reads nothing but
     * the run id of {@code result.json}.
     *
     * @return empty if none of those files is there (or the directory does not exist)
     */
    public static Optional<Held> heldResult(Path directory) {
        List<Path> found = new ArrayList<>();
        List<String> names = new ArrayList<>(List.of(ResultDocuments.FILE_NAME, REPORT_FILE, IntervalsCsv.FILE_NAME));
        for (Metric m : Metric.values()) {
            names.add(HistogramLogs.fileName(m));
        }
        for (String name : names) {
            Path file = directory.resolve(name);
            if (Files.isRegularFile(file)) {
                found.add(file);
            }
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Path json = directory.resolve(ResultDocuments.FILE_NAME);
        if (!found.get(0).equals(json)) {
            return Optional.of(new Held("the files of a run", found));
        }
        try {
            ResultDocument result = ResultDocuments.read(json);
            return Optional.of(new Held((result.mergedResult() ? "merged run " : "run ") + result.runId(),
                    List.of(json)));
        } catch (HarnessException e) {
            return Optional.of(new Held("a " + ResultDocuments.FILE_NAME, List.of(json)));
        }
    }

    private OutputDirectory(Path directory) {
        this.directory = directory;
        this.logs = new HistogramLogs(directory);
    }

    /**
     * Creates the directory (and its parents) if needed and checks that it can be written, so that
     * a bad path fails before the run starts.
     *
     * @param directory where the files go; existing files of the same names are replaced (ask
     *     {@link #heldResult(Path)} first)
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
        removeEarlierSummary();
        logs.open(start);
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

    /** Writes {@code result.json} and {@code report.html} from the run's document, built here. */
    @Override
    public void finished(RunResult result) {
        finished(result, RunDocument.of(result));
    }

    /**
     * Closes the logs and writes {@code result.json} and {@code report.html} from the run's
     * document, built once by the caller ({@link RunDocument#of}) for everything that reads it.
     */
    public void finished(RunResult result, ResultDocument document) {
        close();
        written.addAll(0, logs.files());
        logs.problem().ifPresent(this::fail);
        try {
            written.add(ResultDocuments.write(document, directory));
        } catch (HarnessException e) {
            fail(e.getMessage());
        }
        try {
            written.add(HtmlReport.write(List.of(new ReportRun(result.runId(), document)), directory.resolve(REPORT_FILE)));
        } catch (HarnessException e) {
            fail(e.getMessage());
        }
    }

    /**
     * This directory as a listener that writes only what a run records as it goes (the
     * {@code .hlog} files and {@code intervals.csv}), for a caller that hands it the finished run
     * and its document through {@link #finished(RunResult, ResultDocument)}.
     */
    public RunListener recorder() {
        return new RunListener() {
            @Override
            public void started(RunStart start) {
                OutputDirectory.this.started(start);
            }

            @Override
            public void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> histograms) {
                OutputDirectory.this.intervalHistograms(stats, histograms);
            }
        };
    }

    /** An earlier run's result.json and report.html would describe other logs than the ones this run writes. */
    private void removeEarlierSummary() {
        for (String name : List.of(ResultDocuments.FILE_NAME, REPORT_FILE)) {
            Path file = directory.resolve(name);
            try {
                if (Files.isRegularFile(file)) {
                    Files.delete(file);
                }
            } catch (IOException e) {
                fail("Cannot replace " + file + ": " + OutputFiles.reason(e) + ".");
            }
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
