package io.amqpharness.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a seed-report table from {@code result.json} trees: one per step of a stepped run,
 * or one per run of a sweep. Each has a label, messages per second, and end-to-end percentiles
 * over the whole step or run and their highest value in any one interval.
 */
final class SeedRows {
    private SeedRows() {
    }

    /**
     * One row.
     *
     * @param label  the varied value
     * @param rate   messages per second (received, or sent when nothing was consumed)
     * @param whole  the end-to-end ladder over the step or run (nanoseconds)
     * @param max    the end-to-end per-interval maxima (nanoseconds)
     */
    record Row(String label, double rate, JsonNode whole, JsonNode max) {
    }

    static List<Row> steps(JsonNode r) {
        List<Row> rows = new ArrayList<>();
        boolean consumed = Charts.consumers(r) > 0;
        for (JsonNode s : r.path("steps")) {
            JsonNode values = s.path("values");
            String label = values.size() == 1 ? number(values.elements().next()) : s.path("label").asText();
            rows.add(new Row(label, s.path("rates").path(consumed ? "received" : "sent").asDouble(),
                    s.path("latency").path("endToEnd"), s.path("maxOverIntervals").path("endToEnd")));
        }
        return rows;
    }

    private static String number(JsonNode n) {
        double d = n.asDouble();
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    static List<Row> runs(List<ReportRun> runs) {
        List<Row> rows = new ArrayList<>();
        for (ReportRun run : runs) {
            JsonNode r = run.result();
            boolean consumed = Charts.consumers(r) > 0;
            rows.add(new Row(run.label(), r.path("rates").path(consumed ? "received" : "sent").asDouble(),
                    r.path("latency").path("endToEnd"), maxOverIntervals(r)));
        }
        return rows;
    }

    /** Each end-to-end percentile's highest value over the run's intervals, as a JSON-like ladder. */
    private static JsonNode maxOverIntervals(JsonNode r) {
        com.fasterxml.jackson.databind.node.ObjectNode max =
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        long count = 0;
        for (JsonNode i : r.path("intervals")) {
            JsonNode l = i.path("latency").path("endToEnd");
            if (l.path("count").asLong() == 0 || "warmup".equals(i.path("phase").asText())) {
                continue;
            }
            count += l.path("count").asLong();
            for (String p : new String[] {"p50", "p75", "p95", "p99", "p999", "max"}) {
                max.put(p, Math.max(max.path(p).asLong(), l.path(p).asLong()));
            }
        }
        max.put("count", count);
        return max;
    }

    /** The seed-report table: label, Msg/s, 99th, 95th, 75th, Max 99th, Max 95th, Max 75th (ms). */
    static String table(String firstColumn, List<Row> rows) {
        StringBuilder h = new StringBuilder("<table class=\"ladder seed\"><thead><tr><th>")
                .append(Html.escape(firstColumn)).append("</th><th>Msg/s</th><th>99th</th><th>95th</th><th>75th</th>"
                        + "<th>Max 99th</th><th>Max 95th</th><th>Max 75th</th></tr></thead><tbody>");
        for (Row r : rows) {
            h.append("<tr><th>").append(Html.escape(r.label())).append("</th><td>")
                    .append(io.amqpharness.report.Format.rate(r.rate())).append("</td>");
            for (JsonNode ladder : new JsonNode[] {r.whole(), r.max()}) {
                for (String p : new String[] {"p99", "p95", "p75"}) {
                    h.append("<td>").append(ladder.path("count").asLong() == 0 ? "-"
                            : String.format(java.util.Locale.ROOT, "%.2f", ladder.path(p).asLong() / 1e6)).append("</td>");
                }
            }
            h.append("</tr>");
        }
        return h.append("</tbody></table>").toString();
    }
}
