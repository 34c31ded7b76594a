package io.amqpharness.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.HarnessException;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.io.OutputFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code report.html}: one self-contained page (styles, data and Chart.js inlined; no network
 * needed) rendered from result documents ({@link io.amqpharness.report.document.ResultDocument}).
 * One run gives its report: key facts, charts of rates and latency percentiles over time, the
 * latency distribution, and the summary tables.
 * Several runs give a comparison page: a table of their key numbers, a chart with the runs on the
 * x axis, overlaid charts, and each run's tables.
 *
 * <p>Thread-safe: the methods are static.
 */
public final class HtmlReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlReport() {
    }

    /**
     * Renders one run's report, or a comparison page for several.
     *
     * @param runs at least one run, in the order to show them
     * @return the whole HTML document
     */
    public static String render(List<ReportRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one run");
        }
        boolean single = runs.size() == 1;
        Charts charts = single ? Charts.single(runs.get(0)) : Charts.comparison(runs);
        String title = single ? "amqp-harness run " + runs.get(0).label()
                : "amqp-harness: " + runs.size() + " runs compared";
        StringBuilder body = new StringBuilder(32_768);
        body.append("<header><h1>").append(Html.escape(title)).append("</h1>");
        if (single) {
            body.append(Tables.keyNumbers(runs.get(0).result()));
            body.append(Tables.facts(runs.get(0).result())).append("</header>");
            body.append(Tables.notes(runs.get(0).result()));
            body.append(Tables.gates(runs.get(0).result()));
            body.append(Tables.search(runs.get(0).result()));
            body.append(BacklogTable.section(runs.get(0).result()));
            String instances = Tables.instances(runs.get(0).result());
            if (!instances.isEmpty() && !runs.get(0).result().groupRows().isEmpty()) {
                body.append("<section><h2>Groups</h2>").append(instances)
                        .append("<p class=\"hint\">Each client group's own numbers, then all groups together: counts "
                                + "and rates summed, latency from all groups' histograms added (exact percentiles, "
                                + "not averages). Each group's own report is in its directory.</p></section>");
            } else if (!instances.isEmpty()) {
                body.append("<section><h2>Instances</h2>").append(instances)
                        .append("<p class=\"hint\">Each instance's own numbers, then the merged result: counts and "
                                + "rates summed, latency from all instances' histograms added (exact percentiles, "
                                + "not averages).</p></section>");
            }
            List<SeedRows.Row> steps = SeedRows.steps(runs.get(0).result());
            if (!steps.isEmpty()) {
                body.append("<section><h2>Steps</h2>").append(SeedRows.table("step", steps))
                        .append("<p class=\"hint\">End-to-end latency in milliseconds over each step, and each "
                                + "percentile's highest value in any one reporting interval of the step.</p></section>");
            }
        } else {
            body.append("</header><section><h2>Key numbers</h2>").append(Tables.comparison(runs))
                    .append("<p class=\"hint\">Latency in milliseconds over each whole run; rates in messages "
                            + "per second.</p></section>");
            body.append("<section><h2>As the seed reports tabulate it</h2>")
                    .append(SeedRows.table("run", SeedRows.runs(runs)))
                    .append("<p class=\"hint\">End-to-end latency in milliseconds over each run, and each "
                            + "percentile's highest value in any one reporting interval.</p></section>");
        }
        body.append("<section class=\"charts\">");
        for (ChartSpec c : charts.specs()) {
            body.append("<figure><figcaption>").append(Html.escape(c.title()))
                    .append("<button type=\"button\" class=\"scale\" data-chart=\"").append(c.id())
                    .append("\">log y</button></figcaption><div class=\"plot\"><canvas id=\"").append(c.id())
                    .append("\"></canvas></div></figure>");
        }
        body.append("</section>");
        for (ReportRun run : runs) {
            body.append(single ? "<div>" : "<details><summary>" + Html.escape(run.label()) + "</summary>");
            if (!single) {
                body.append(Tables.facts(run.result())).append(Tables.notes(run.result()))
                        .append(Tables.gates(run.result()));
            }
            body.append(runTables(run));
            body.append(single ? "</div>" : "</details>");
        }
        return fill(resource("report.html"), Map.of(
                "title", Html.escape(title),
                "style", resource("report.css"),
                "body", body.toString(),
                "chartjs", ChartLibrary.script(),
                "data", data(charts),
                "script", resource("report.js")));
    }

    /**
     * Renders and writes a report.
     *
     * @return {@code file}
     * @throws HarnessException with one sentence if the file cannot be written
     */
    public static Path write(List<ReportRun> runs, Path file) {
        String html = render(runs);
        try {
            return AtomicFiles.writeString(file, html);
        } catch (IOException e) {
            throw new HarnessException("Cannot write " + file + ": "
                    + OutputFiles.reason(e) + ".", e);
        }
    }

    private static String runTables(ReportRun run) {
        ResultDocument r = run.result();
        return "<section class=\"wide\"><h2>Latency over the whole run (ms)</h2>" + Tables.latency(r)
                + "<h2>Worst reporting interval (ms)</h2>" + Tables.worstInterval(r)
                + "<p class=\"hint\">The highest value each percentile reached in any one reporting interval, "
                + "as in &ldquo;max 99th over 15-second intervals&rdquo;; the warm-up left out.</p></section>"
                + SizeTable.section(r)
                + FaultTable.section(r)
                + "<section class=\"grid\">"
                + "<div><h2>Messages</h2>" + Tables.messages(r) + "</div>"
                + "<div><h2>Rates</h2>" + Tables.rates(r) + "</div>"
                + "<div><h2>Client</h2>" + Tables.client(r) + "</div>"
                + (BrokerTable.broker(r).isEmpty() ? "" : "<div><h2>Broker metrics</h2>" + BrokerTable.broker(r) + "</div>")
                + "</section>"
                + (NodeRows.table(r).isEmpty() ? "" : "<section class=\"wide\"><h2>Broker nodes over the run</h2>"
                        + NodeRows.table(r) + "</section>")
                + "<details class=\"more\"><summary>All settings</summary>" + Tables.settings(r) + "</details>"
                + "<details class=\"more\"><summary>Driver and broker properties</summary>"
                + Tables.driverAndBroker(r) + "</details>";
    }

    /** The chart configurations as JSON that is safe inside a script element. */
    private static String data(Charts charts) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode list = root.putArray("charts");
        for (ChartSpec c : charts.specs()) {
            list.addObject().put("id", c.id()).put("kind", c.kind()).set("config", c.config());
        }
        try {
            // "<" only occurs inside JSON strings, where \u003c means the same: no "</script>" can appear.
            return JSON.writeValueAsString(root).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces {@code {{name}}} placeholders of the template only (inserted text is not scanned). */
    static String fill(String template, Map<String, String> values) {
        StringBuilder out = new StringBuilder(template.length() + 300_000);
        int at = 0;
        while (true) {
            int open = template.indexOf("{{", at);
            if (open < 0) {
                break;
            }
            int close = template.indexOf("}}", open);
            String key = template.substring(open + 2, close);
            out.append(template, at, open).append(values.getOrDefault(key, ""));
            at = close + 2;
        }
        return out.append(template, at, template.length()).toString();
    }
}
