package io.amqpharness.cli;

import io.amqpharness.metrics.MetricTags;
import io.amqpharness.metrics.PrometheusEndpoint;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** Where a run's results go besides the console: files and a Prometheus endpoint. */
final class OutputOptions {

    @ArgGroup(validate = false, heading = "%nResult files and metrics%n", order = 100)
    Group group = new Group();

    static final class Group {
        @Option(names = "--output-dir", paramLabel = "DIR",
                description = "Write result.json, intervals.csv, HdrHistogram logs (*.hlog) and report.html "
                        + "into DIR (created if needed). A DIR that holds an earlier run's results is refused.")
        Path outputDir;

        @Option(names = "--overwrite",
                description = "Let --output-dir replace the results an earlier run or sweep left in DIR.")
        boolean overwrite;

        @Option(names = "--metrics-prometheus",
                description = "Serve Prometheus metrics at http://HOST:PORT/metrics during the run.")
        boolean prometheus;

        @Option(names = "--metrics-port", paramLabel = "PORT", converter = PortConverter.class,
                description = "Port of the Prometheus endpoint (default 8080; 0 picks a free port).")
        Integer port;

        @Option(names = {"--metrics-tags", "--metric-tags"}, paramLabel = "K=V,...", converter = TagsConverter.class,
                description = "Labels added to every exported series, for example env=test,host=node-1.")
        Tags tags;
    }

    /** Parsed {@code --metrics-tags}. */
    record Tags(Map<String, String> map) {
    }

    Path outputDir() {
        return group.outputDir;
    }

    /** Whether {@code --overwrite} was given. */
    boolean overwrite() {
        return group.overwrite;
    }

    /**
     * Refuses {@code --output-dir} if it, or one of the subdirectories the command writes into,
     * holds an earlier run's results, unless {@code --overwrite} was given.
     *
     * @param directories {@code --output-dir} and those subdirectories, in that order
     * @throws io.amqpharness.scenario.ScenarioException with one sentence naming what it holds
     */
    void refuseEarlierResults(Path given, java.util.List<Path> directories) {
        EarlierResults.refuse("--output-dir", given, directories, overwrite());
    }

    /** As {@link #refuseEarlierResults(Path, java.util.List)} for {@code --output-dir} alone, if given. */
    void refuseEarlierResults() {
        if (outputDir() != null) {
            refuseEarlierResults(outputDir(), java.util.List.of(outputDir()));
        }
    }

    boolean prometheus() {
        return group.prometheus;
    }

    int port() {
        return group.port == null ? PrometheusEndpoint.DEFAULT_PORT : group.port;
    }

    Map<String, String> tags() {
        return group.tags == null ? Map.of() : group.tags.map();
    }

    static final class PortConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int port = Integer.parseInt(value.trim());
                if (port >= 0 && port <= 65535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // fall through to the message
            }
            throw new TypeConversionException("'" + value + "' is not a port; use a number from 1 to 65535 such as "
                    + "9091, or 0 for any free port");
        }
    }

    static final class TagsConverter implements ITypeConverter<Tags> {
        @Override
        public Tags convert(String value) {
            try {
                return new Tags(MetricTags.parse(value));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
