package io.amqpharness.report.document;

import io.amqpharness.measure.Metric;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The metric table of docs/result-json.md, made from {@link Metric}: a row per constant with its
 * names (JSON key, summary label, {@code .hlog} file, {@code intervals.csv} prefix, Prometheus
 * histogram, gate) and its meaning, the constant's Javadoc read from core's source.
 */
final class MetricDocs {
    private static final Path SOURCE = Path.of("..", "harness-core", "src", "main", "java",
            Metric.class.getName().replace('.', '/') + ".java");

    private MetricDocs() {
    }

    /** The table's markdown: header, then a row per series in the order of {@link Metric}. */
    static String table() {
        String source;
        try {
            source = Files.readString(SOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder b = new StringBuilder("| metric (summary row) | key | `.hlog` file | `intervals.csv` columns "
                + "| Prometheus histogram | gate | meaning |\n|---|---|---|---|---|---|---|\n");
        for (Metric m : Metric.values()) {
            // The label first: a row starting with a backquoted path would read as a field of the document.
            b.append("| ").append(m.label()).append(" | `").append(m.jsonKey()).append("` | `").append(m.logFileName())
                    .append("` | `").append(snake(m.jsonKey())).append("_*` | `").append(m.prometheusName())
                    .append("` | ").append(m.gateName().map(g -> "`" + g + ".p99`").orElse("none")).append(" | ")
                    .append(meaning(source, m)).append(" |\n");
        }
        return b.toString();
    }

    /** The Javadoc of a constant, as markdown on one line. */
    static String meaning(String source, Metric m) {
        Matcher c = Pattern.compile("\\n\\s*" + m.name() + "\\(").matcher(source);
        if (!c.find()) {
            throw new IllegalStateException("no constant " + m.name() + " in " + SOURCE);
        }
        int end = source.lastIndexOf("*/", c.start());
        int start = source.lastIndexOf("/**", end);
        String text = Arrays.stream(source.substring(start + 3, end).split("\n"))
                .map(l -> l.replaceFirst("^\\s*\\* ?", "").trim()).collect(Collectors.joining(" ")).trim();
        return RecordDocs.markdown(text.replaceAll("\\s+", " "));
    }

    private static String snake(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }
}
