package io.amqpharness.cli;

import io.amqpharness.HarnessException;
import io.amqpharness.metrics.PortInUseException;
import io.amqpharness.metrics.PrometheusEndpoint;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.files.OutputDirectory;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.RunListener;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The outputs of a run besides the console: the output directory and the Prometheus endpoint.
 * Both are set up before the run starts, so a bad directory or a busy port fails at once, and a
 * directory holding an earlier run's results is refused unless {@code --overwrite} was given.
 */
final class RunOutputs implements AutoCloseable {
    private final Optional<OutputDirectory> files;
    private final Optional<PrometheusEndpoint> metrics;
    private Optional<ResultDocument> document = Optional.empty();

    private RunOutputs(Optional<OutputDirectory> files, Optional<PrometheusEndpoint> metrics) {
        this.files = files;
        this.metrics = metrics;
    }

    /**
     * Prepares what the options ask for and says where the metrics are served.
     *
     * @throws HarnessException with one sentence if the directory cannot be written or the port is busy
     * @throws io.amqpharness.scenario.ScenarioException with one sentence if the directory holds an earlier
     *     run's results and {@code --overwrite} was not given
     */
    static RunOutputs open(OutputOptions options, PrintWriter out) {
        return open(options, out, Optional.ofNullable(options.outputDir()));
    }

    /** As {@link #open(OutputOptions, PrintWriter)}, writing the files into {@code directory} if present. */
    static RunOutputs open(OutputOptions options, PrintWriter out, Optional<Path> directory) {
        return open(options, out, directory, Map.of());
    }

    /**
     * As {@link #open(OutputOptions, PrintWriter, Optional)}, with labels added to every exported series
     * unless {@code --metrics-tags} sets the same ones (for example {@code harness_instance}).
     */
    static RunOutputs open(OutputOptions options, PrintWriter out, Optional<Path> directory, Map<String, String> tags) {
        directory.ifPresent(d -> options.refuseEarlierResults(d, List.of(d)));
        Optional<PrometheusEndpoint> metrics = Optional.empty();
        if (options.prometheus()) {
            Map<String, String> all = new java.util.TreeMap<>(tags);
            all.putAll(options.tags());
            try {
                metrics = Optional.of(PrometheusEndpoint.start(options.port(), all));
            } catch (PortInUseException e) {
                String example = e.freePort().isPresent() ? Integer.toString(e.freePort().getAsInt()) : "9091";
                throw new HarnessException("Cannot serve Prometheus metrics: port " + e.port() + " is already in use "
                        + "by another process; choose another with --metrics-port, for example --metrics-port "
                        + example + ".", e);
            }
            out.println("Prometheus metrics at " + metrics.get().url());
        }
        try {
            Optional<OutputDirectory> files = directory.map(OutputDirectory::prepare);
            return new RunOutputs(files, metrics);
        } catch (RuntimeException e) {
            metrics.ifPresent(PrometheusEndpoint::close);
            throw e;
        }
    }

    /**
     * The listeners to add to the runner, after the console reporter: the metrics endpoint, and the
     * output directory's per-interval files (its result files come through {@link #finished}).
     */
    List<RunListener> listeners() {
        List<RunListener> l = new ArrayList<>();
        metrics.ifPresent(m -> l.add(m.listener()));
        files.ifPresent(f -> l.add(f.recorder()));
        return l;
    }

    /**
     * Writes the run's result files, if there is an output directory, from its document: give this
     * to the {@link ConsoleReporter}, which builds the document once for the summary and the files.
     */
    void finished(RunResult result, ResultDocument document) {
        this.document = Optional.of(document);
        files.ifPresent(f -> f.finished(result, document));
    }

    /** The run's document as {@link #finished} was given it; built from {@code result} if it was not. */
    ResultDocument document(RunResult result) {
        return document.orElseGet(() -> RunDocument.of(result));
    }

    /**
     * After the run: says where the files are, or what could not be written.
     *
     * @return {@code exitCode}, or the failure code if a file could not be written
     */
    int finish(int exitCode, PrintWriter out, PrintWriter err) {
        if (files.isEmpty()) {
            return exitCode;
        }
        OutputDirectory f = files.get();
        if (!f.written().isEmpty()) {
            Path dir = f.directory();
            out.println("Results in " + dir + ": " + f.written().stream().map(p -> dir.relativize(p).toString())
                    .collect(Collectors.joining(", ")));
        }
        if (f.problem().isPresent()) {
            err.println(f.problem().get());
            return HarnessCommand.ExitCode.FAILURE;
        }
        return exitCode;
    }

    @Override
    public void close() {
        files.ifPresent(OutputDirectory::close);
        metrics.ifPresent(PrometheusEndpoint::close);
    }
}
