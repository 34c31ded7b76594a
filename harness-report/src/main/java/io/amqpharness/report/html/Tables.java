package io.amqpharness.report.html;

import static io.amqpharness.report.html.Html.escape;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.report.Format;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's tables, from {@code result.json} trees. Counts, rates and percentile ladders are
 * listed field by field from the JSON, so fields added to the result appear without changes here.
 */
final class Tables {
    /** Percentiles shown in the worst-interval table (the seeds' "max 99th over intervals"). */
    private static final String[] WORST = {"p50", "p75", "p95", "p99", "p999", "max"};

    private Tables() {
    }

    /** Key facts of a run as a definition list. */
    static String facts(JsonNode r) {
        JsonNode s = r.path("scenario");
        JsonNode b = r.path("broker");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Run", r.path("runId").asText() + (r.path("failed").asBoolean() ? " (failed)" : "")});
        rows.add(new String[] {"Started", r.path("startedAt").asText()});
        rows.add(new String[] {"Duration", "publishing " + Html.seconds(r.path("publishingTime")) + ", total "
                + Html.seconds(r.path("totalTime"))});
        rows.add(new String[] {"Broker", (b.path("product").asText() + " " + b.path("version").asText() + " on "
                + b.path("platform").asText()).strip() + " at " + s.path("uri").asText()});
        rows.add(new String[] {"Protocol", s.path("protocol").asText()});
        rows.add(new String[] {"Queues", Html.value(r.path("queues")) + " ("
                + s.path("topology").path("queueType").asText() + ")"});
        rows.add(new String[] {"Pacing", r.path("paced").asBoolean()
                ? "paced: latency is measured from each message's intended send time"
                : "closed loop (unpaced): latency is measured from the actual send"});
        StringBuilder h = new StringBuilder("<dl class=\"facts\">");
        for (String[] row : rows) {
            h.append("<dt>").append(escape(row[0])).append("</dt><dd>").append(escape(row[1])).append("</dd>");
        }
        h.append("<dt>Command</dt><dd><code>harness ").append(escape(String.join(" ", texts(s.path("arguments")))))
                .append("</code></dd></dl>");
        return h.toString();
    }

    /** Every count of the run, then the accounting fields; unexplained messages are flagged. */
    static String messages(JsonNode r) {
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        for (Map.Entry<String, JsonNode> c : fields(r.path("counts"))) {
            h.append(kv(Html.words(c.getKey()), Html.value(c.getValue()), ""));
        }
        h.append(kv("unconfirmed at stop", Html.value(r.path("unconfirmedAtStop")), ""));
        h.append(kv("due but not sent at stop", Html.value(r.path("unsentAtStop")), ""));
        h.append(kv("left in queues", Html.value(r.path("leftInQueues")), ""));
        long unaccounted = r.path("unaccountedPublished").asLong();
        h.append(kv("unaccounted for", Html.value(r.path("unaccountedPublished")), unaccounted != 0 ? "bad" : ""));
        return h.append("</tbody></table>").toString();
    }

    /** Average rates, messages per second. */
    static String rates(JsonNode r) {
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        for (Map.Entry<String, JsonNode> c : fields(r.path("rates"))) {
            h.append(kv(Html.words(c.getKey()), Format.rate(c.getValue().asDouble()) + " msg/s", ""));
        }
        return h.append("</tbody></table>").toString();
    }

    /** The percentile ladder of every metric over the whole run, in milliseconds. */
    static String latency(JsonNode r) {
        List<String> columns = new ArrayList<>();
        JsonNode any = r.path("latency").path("endToEnd");
        fields(any).forEach(e -> columns.add(e.getKey()));
        columns.remove("count");
        StringBuilder h = new StringBuilder("<table class=\"num\"><thead><tr><th>ms</th>");
        columns.forEach(c -> h.append("<th>").append(escape(Html.words(c))).append("</th>"));
        h.append("<th>count</th></tr></thead><tbody>");
        boolean rows = false;
        for (String[] m : Charts.METRICS) {
            JsonNode l = r.path("latency").path(m[0]);
            if (l.path("count").asLong() == 0) {
                continue;
            }
            rows = true;
            h.append("<tr><th>").append(escape(m[1])).append("</th>");
            for (String c : columns) {
                h.append("<td>").append(Format.millis(Math.round(l.path(c).asDouble()))).append("</td>");
            }
            h.append("<td>").append(Format.count(l.path("count").asLong())).append("</td></tr>");
        }
        if (!rows) {
            h.append("<tr><td colspan=\"").append(columns.size() + 2).append("\">no latency recorded</td></tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    /**
     * The highest value of each percentile over the reporting intervals, in milliseconds; the
     * {@code --warmup} intervals are left out (as from every other result), and not counted.
     */
    static String worstInterval(JsonNode r) {
        StringBuilder h = new StringBuilder("<table class=\"num\"><thead><tr><th>ms</th>");
        for (String p : WORST) {
            h.append("<th>").append(escape(Html.words(p))).append("</th>");
        }
        h.append("<th>intervals</th></tr></thead><tbody>");
        boolean rows = false;
        for (String[] m : Charts.METRICS) {
            long[] worst = new long[WORST.length];
            int intervals = 0;
            for (JsonNode i : r.path("intervals")) {
                JsonNode l = i.path("latency").path(m[0]);
                if (l.path("count").asLong() == 0 || i.path("phase").asText().equals("warmup")) {
                    continue;
                }
                intervals++;
                for (int k = 0; k < WORST.length; k++) {
                    worst[k] = Math.max(worst[k], l.path(WORST[k]).asLong());
                }
            }
            if (intervals == 0) {
                continue;
            }
            rows = true;
            h.append("<tr><th>").append(escape(m[1])).append("</th>");
            for (long w : worst) {
                h.append("<td>").append(Format.millis(w)).append("</td>");
            }
            h.append("<td>").append(intervals).append("</td></tr>");
        }
        if (!rows) {
            h.append("<tr><td colspan=\"").append(WORST.length + 2).append("\">no latency recorded</td></tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    /** The client process: CPU, memory, Java, host. */
    static String client(JsonNode r) {
        JsonNode c = r.path("client");
        JsonNode e = r.path("environment");
        long messages = Math.max(r.path("counts").path("published").asLong(), r.path("counts").path("consumed").asLong());
        double cpuSeconds = c.path("cpuTime").asLong() / 1e9;
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        h.append(kv("CPU time", String.format(Locale.ROOT, "%.2f s", cpuSeconds), ""));
        if (messages > 0) {
            h.append(kv("CPU per 100k messages", String.format(Locale.ROOT, "%.3f s", cpuSeconds * 1e5 / messages), ""));
        }
        h.append(kv("peak heap", Format.mebibytes(c.path("peakHeapBytes").asLong()) + " MiB", ""));
        if (e.has("maxHeapBytes")) {
            h.append(kv("max heap", Format.mebibytes(e.path("maxHeapBytes").asLong()) + " MiB", ""));
        }
        h.append(kv("processors", Html.value(c.path("processors")), ""));
        h.append(kv("Java", c.path("javaVersion").asText(), ""));
        for (String k : new String[] {"jvm", "os", "arch"}) {
            if (e.has(k)) {
                h.append(kv(k, e.path(k).asText(), ""));
            }
        }
        h.append(kv("generator", r.path("generator").asText(), ""));
        return h.append("</tbody></table>").toString();
    }

    /** The broker's side of the run ({@code brokerMetrics}): source, peaks, cross-check, growth; empty if none. */
    static String broker(JsonNode r) {
        JsonNode b = r.path("brokerMetrics");
        if (!b.isObject()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        if (b.path("unavailable").isTextual()) {
            return h.append(kv("not read", b.path("unavailable").asText(), "")).append("</tbody></table>").toString();
        }
        h.append(kv("source", b.path("source").asText() + " " + b.path("url").asText(), ""));
        if (b.path("cpuUrl").isTextual() && !b.path("cpuUrl").asText().equals(b.path("url").asText())) {
            h.append(kv("CPU from", b.path("cpuUrl").asText(), ""));
        }
        h.append(kv("samples", b.path("samples").asInt() + (b.path("failed").asInt() > 0
                ? " (" + b.path("failed").asInt() + " failed)" : ""), ""));
        number(h, "peak queue depth", b.path("peakDepth"), 1, "");
        number(h, "peak memory", b.path("peakMemoryBytes"), 1.0 / (1 << 20), " MiB");
        number(h, "memory limit", b.path("memoryLimitBytes"), 1.0 / (1 << 20), " MiB");
        if (b.path("peakCpuCores").isNumber()) {
            h.append(kv("peak CPU", String.format(Locale.ROOT, "%.2f cores", b.path("peakCpuCores").asDouble()), ""));
        }
        number(h, "peak connections", b.path("peakConnections"), 1, "");
        number(h, "peak channels", b.path("peakChannels"), 1, "");
        h.append(kv("alarms", b.path("alarms").isEmpty() ? "none" : String.join(", ", texts(b.path("alarms"))), ""));
        JsonNode c = b.path("crossCheck");
        if (c.isObject()) {
            h.append(kv("cross-check (" + c.path("basis").asText()
                            + (c.path("instance").isTextual() ? ", " + c.path("instance").asText() + "'s counts only" : "")
                            + ")", crossCheck(c),
                    verdict(c).equals("differ") ? "bad" : ""));
        }
        JsonNode g = b.path("growth");
        if (g.isObject()) {
            boolean atLeast = g.path("basis").asText().equals("harness") && g.has("exact") && !g.path("exact").asBoolean();
            h.append(kv("queue growth while publishing", String.format(Locale.ROOT, "%s%,d messages, %,.0f per second (%s)",
                    atLeast ? "at least " : "", g.path("messages").asLong(), g.path("perSecond").asDouble(), g.path("basis").asText()), ""));
        }
        return h.append("</tbody></table>").toString();
    }

    private static String crossCheck(JsonNode c) {
        List<String> parts = new java.util.ArrayList<>();
        for (String[] f : new String[][] {{"published", "brokerPublished", "harnessPublished"},
            {"delivered", "brokerDelivered", "harnessDelivered"}}) {
            if (c.path(f[1]).isNumber()) {
                parts.add(String.format(Locale.ROOT, "%s: broker %,d", f[0], c.path(f[1]).asLong())
                        + (c.path(f[2]).isNumber() ? String.format(Locale.ROOT, ", harness %,d", c.path(f[2]).asLong()) : ""));
            }
        }
        return String.join("; ", parts) + switch (verdict(c)) {
            case "agree" -> " (agree)";
            case "nothing" -> " (nothing to compare)";
            case "incomplete" -> " (not checked: the broker restarted or a queue disappeared during the run, so its counters, at least "
                    + "these, cover only part of it)";
            default -> " (DIFFER)";
        };
    }

    /** {@code agree}, {@code differ}, {@code incomplete} or {@code nothing}; from {@code agrees} in older files. */
    private static String verdict(JsonNode c) {
        return c.path("verdict").isTextual() ? c.path("verdict").asText()
                : c.path("agrees").asBoolean() ? "agree" : "differ";
    }

    private static void number(StringBuilder h, String key, JsonNode v, double scale, String unit) {
        if (v.isNumber()) {
            h.append(kv(key, scale == 1 ? String.format(Locale.ROOT, "%,d", v.asLong())
                    : String.format(Locale.ROOT, "%,.1f%s", v.asDouble() * scale, unit), ""));
        }
    }

    /** Every setting of the scenario, group by group. */
    static String settings(JsonNode r) {
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        for (String group : new String[] {"publishing", "consuming", "topology", "run"}) {
            for (Map.Entry<String, JsonNode> f : fields(r.path("scenario").path(group))) {
                String value = f.getValue().isIntegralNumber() && looksLikeDuration(f.getKey())
                        ? io.amqpharness.scenario.Durations.format(java.time.Duration.ofNanos(f.getValue().asLong()))
                        : Html.value(f.getValue());
                h.append(kv(group + " · " + Html.words(f.getKey()), value, ""));
            }
        }
        return h.append("</tbody></table>").toString();
    }

    /** What the driver learned about the connection, and the broker's properties. */
    static String driverAndBroker(JsonNode r) {
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        for (Map.Entry<String, JsonNode> f : fields(r.path("driverFacts"))) {
            h.append(kv(f.getKey(), f.getValue().asText(), ""));
        }
        for (Map.Entry<String, JsonNode> f : fields(r.path("broker").path("properties"))) {
            h.append(kv("broker · " + f.getKey(), f.getValue().asText(), ""));
        }
        return h.append("</tbody></table>").toString();
    }

    /** The {@code --fail-if} gates and their verdicts, broken ones first; empty without gates. */
    static String gates(JsonNode r) {
        JsonNode gates = r.path("gates");
        if (gates.size() == 0) {
            return "";
        }
        int broken = 0;
        StringBuilder rows = new StringBuilder();
        for (boolean pass : new boolean[] {false, true}) {
            for (JsonNode g : gates) {
                if (g.path("broken").asBoolean() == pass) {
                    continue;
                }
                broken += pass ? 0 : 1;
                rows.append("<tr><td").append(pass ? ">passed" : " class=\"bad\">FAILED").append("</td><td><code>")
                        .append(escape(g.path("gate").asText())).append("</code></td><td>")
                        .append(escape(checkedOn(g))).append("</td><td>").append(escape(g.path("sentence").asText())).append("</td></tr>");
            }
        }
        boolean merged = r.path("merged").asBoolean();
        return "<section><h2>Gates</h2><p" + (broken > 0 ? " class=\"bad\">" + broken + " of " + gates.size()
                + " checks failed" : ">All " + gates.size() + " checks passed") + " (<code>--fail-if</code>, "
                + (merged ? "on the merged whole run: summed counts and rates, added histograms; each instance's own "
                        + "verdicts are in result.json, <code>instances[].gates</code>)."
                        : "on the whole run and on each step).") + "</p><table><thead><tr><th>verdict</th><th>gate</th><th>checked on</th>"
                + "<th>measured</th></tr></thead><tbody>" + rows + "</tbody></table></section>";
    }

    /** Where a verdict was checked: {@code whole run}, {@code step 2}, {@code merged whole run}, {@code pod-1, step 2}. */
    private static String checkedOn(JsonNode g) {
        String where = g.path("step").isNumber() ? "step " + (g.path("step").asInt() + 1) : "whole run";
        String instance = g.path("instance").asText("");
        return instance.isEmpty() ? where : instance.equals("merged") ? "merged " + where : instance + ", " + where;
    }

    /** The answer and the probes of a {@code find-max} search; empty for any other run. */
    static String search(JsonNode r) {
        JsonNode s = r.path("search");
        if (!s.isObject()) {
            return "";
        }
        StringBuilder target = new StringBuilder();
        s.path("target").forEach(g -> target.append(target.length() == 0 ? "" : ", ").append("<code>")
                .append(escape(g.asText())).append("</code>"));
        String answer = s.path("answer").isNumber()
                ? "<p>Highest rate that met " + target + " and kept up: <b>" + escape(Format.rate(
                        s.path("answer").asDouble())) + " msg/s</b>" + (s.path("converged").asBoolean() ? ""
                        : " (the search did not converge: out of probes, or stopped)") + ".</p>"
                : "<p class=\"bad\">No probe met " + target + ".</p>";
        StringBuilder rows = new StringBuilder();
        for (JsonNode p : s.path("probes")) {
            JsonNode step = r.path("steps").path(p.path("step").asInt());
            JsonNode e2e = step.path("latency").path("endToEnd");
            StringBuilder why = new StringBuilder();
            p.path("reasons").forEach(x -> why.append(why.length() == 0 ? "" : " ").append(x.asText()));
            rows.append("<tr><td>").append(p.path("step").asInt() + 1).append("</td><td>")
                    .append(escape(Format.rate(p.path("rate").asDouble()))).append("</td><td>")
                    .append(escape(Format.rate(step.path("rates").path("sent").asDouble())))
                    .append("</td><td>")
                    .append(escape(Format.rate(step.path("rates").path("received").asDouble())))
                    .append("</td><td>").append(e2e.path("count").asLong() > 0
                            ? escape(Format.millis(e2e.path("p99").asLong())) : "")
                    .append("</td><td").append(p.path("passed").asBoolean() ? ">met" : " class=\"bad\">failed")
                    .append("</td><td>").append(escape(why.toString())).append("</td></tr>");
        }
        return "<section><h2>find-max</h2>" + answer + "<table><thead><tr><th>probe</th><th>intended msg/s</th>"
                + "<th>sent msg/s</th><th>received msg/s</th><th>e2e p99 ms</th><th>verdict</th><th>why</th></tr>"
                + "</thead><tbody>" + rows + "</tbody></table></section>";
    }

    /** Notes and the failure, if any; empty when there are none. */
    static String notes(JsonNode r) {
        StringBuilder h = new StringBuilder();
        JsonNode failure = r.path("failure");
        if (failure.isTextual()) {
            h.append("<p class=\"bad\">Failure: ").append(escape(failure.asText())).append("</p>");
        }
        JsonNode interrupted = r.path("interruptedAfter");
        if (interrupted.isTextual()) {
            h.append("<p class=\"bad\">Interrupted after ").append(escape(interrupted.asText())).append(".</p>");
        }
        if (r.path("notes").size() > 0) {
            h.append("<ul class=\"notes\">");
            r.path("notes").forEach(n -> h.append("<li>").append(escape(n.asText())).append("</li>"));
            h.append("</ul>");
        }
        return h.toString();
    }

    /**
     * Several runs side by side: the settings they share, then one row per run with the settings
     * that differ and its key numbers.
     */
    static String comparison(List<ReportRun> runs) {
        List<Map<String, String>> options = new ArrayList<>();
        runs.forEach(r -> options.add(Arguments.options(r.result().path("scenario").path("arguments"))));
        List<String> varied = Arguments.varied(options);
        StringBuilder h = new StringBuilder("<p>Settings all runs share: <code>")
                .append(escape(Arguments.join(options.get(0), k -> !varied.contains(k)))).append("</code></p>");
        h.append("<table class=\"num compare\"><thead><tr><th>run</th><th class=\"text\">settings that differ</th>"
                + "<th>sent/s</th><th>received/s</th><th>e2e p50</th><th>e2e p99</th><th>e2e p99.9</th>"
                + "<th>e2e max</th><th>confirm p99</th><th>published</th><th>consumed</th><th>unaccounted</th>"
                + "<th class=\"text\">broker</th></tr></thead><tbody>");
        for (int n = 0; n < runs.size(); n++) {
            ReportRun run = runs.get(n);
            JsonNode r = run.result();
            long unaccounted = r.path("unaccountedPublished").asLong();
            h.append("<tr><th>").append(escape(run.label()));
            if (r.path("failed").asBoolean()) {
                h.append(" <span class=\"bad\">failed</span>");
            }
            h.append("</th><td class=\"text\"><code>")
                    .append(escape(Arguments.varied(options.get(n), varied))).append("</code></td>");
            rateLatencyAndCountCells(h, r);
            h.append(unaccounted != 0 ? "<td class=\"bad\">" : "<td>").append(Format.count(unaccounted)).append("</td>");
            JsonNode b = r.path("broker");
            h.append("<td class=\"text\">").append(escape(b.path("product").asText() + " " + b.path("version").asText()))
                    .append("</td></tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    /** The cells a comparison row and an instance row share: rates, end-to-end and confirm latency, published and consumed. */
    private static void rateLatencyAndCountCells(StringBuilder h, JsonNode r) {
        JsonNode e2e = r.path("latency").path("endToEnd");
        JsonNode confirm = r.path("latency").path("confirm");
        cell(h, Format.rate(r.path("rates").path("sent").asDouble()));
        cell(h, Format.rate(r.path("rates").path("received").asDouble()));
        for (String p : new String[] {"p50", "p99", "p999", "max"}) {
            cell(h, e2e.path("count").asLong() > 0 ? Format.millis(e2e.path(p).asLong()) + " ms" : "–");
        }
        cell(h, confirm.path("count").asLong() > 0 ? Format.millis(confirm.path("p99").asLong()) + " ms" : "–");
        cell(h, Format.count(r.path("counts").path("published").asLong()));
        cell(h, Format.count(r.path("counts").path("consumed").asLong()));
    }

    /** A merged result's row per instance, then the merged totals; empty for a single instance's result. */
    static String instances(JsonNode r) {
        if (!r.path("instances").isArray() || r.path("instances").isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<table class=\"num compare\"><thead><tr><th>instance</th>"
                + "<th>sent/s</th><th>received/s</th><th>e2e p50</th><th>e2e p99</th><th>e2e p99.9</th><th>e2e max</th>"
                + "<th>confirm p99</th><th>published</th><th>consumed</th><th>lost</th><th>clock skew</th>"
                + "<th>unaccounted</th></tr></thead><tbody>");
        for (JsonNode row : r.path("instances")) {
            instanceRow(h, row.path("instance").asText() + (row.path("failure").isTextual() ? " (failed)" : ""), row);
        }
        instanceRow(h, "all (merged)", r);
        return h.append("</tbody></table>").toString();
    }

    private static void instanceRow(StringBuilder h, String name, JsonNode r) {
        h.append("<tr><th>").append(escape(name)).append("</th>");
        rateLatencyAndCountCells(h, r);
        cell(h, Format.count(r.path("counts").path("lost").asLong()));
        cell(h, Format.count(r.path("counts").path("clockSkew").asLong()));
        long unaccounted = r.path("unaccountedPublished").asLong();
        h.append(unaccounted != 0 ? "<td class=\"bad\">" : "<td>").append(Format.count(unaccounted)).append("</td></tr>");
    }

    private static void cell(StringBuilder h, String text) {
        h.append("<td>").append(escape(text)).append("</td>");
    }

    private static String kv(String key, String value, String cssClass) {
        return "<tr><th>" + escape(key) + "</th><td" + (cssClass.isEmpty() ? "" : " class=\"" + cssClass + "\"")
                + ">" + escape(value) + "</td></tr>";
    }

    private static boolean looksLikeDuration(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("time") || k.contains("interval") || k.contains("timeout");
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(a -> out.add(a.asText()));
        return out;
    }

    private static List<Map.Entry<String, JsonNode>> fields(JsonNode object) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}
