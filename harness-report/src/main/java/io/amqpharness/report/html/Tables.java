package io.amqpharness.report.html;

import static io.amqpharness.report.html.Html.escape;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.Format;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.Latencies;
import io.amqpharness.report.document.Rates;
import io.amqpharness.report.document.RecordFields;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The report's tables, from result documents. Counts, rates and percentile ladders are listed
 * field by field from their records, so fields added to the result appear without changes here.
 */
final class Tables {
    /** Percentiles shown in the worst-interval table (the seeds' "max 99th over intervals"). */
    private static final String[] WORST = {"p50", "p75", "p95", "p99", "p999", "max"};

    private Tables() {
    }

    /** Key facts of a run as a definition list. */
    static String facts(ResultDocument r) {
        ResultDocument.ScenarioSection s = r.scenario();
        ResultDocument.Broker b = r.broker();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Run", r.runId() + (r.failed() ? " (failed)" : "")});
        rows.add(new String[] {"Started", r.startedAt() == null ? "–" : Html.time(r.startedAt())});
        rows.add(new String[] {"Duration", "publishing " + Html.seconds(r.publishingTime()) + ", total "
                + Html.seconds(r.totalTime())});
        List<ResultDocument.InstanceRow> groups = r.groupRows();
        if (!groups.isEmpty() && groups.stream().allMatch(ResultDocument.InstanceRow::described)) {
            // A run of client groups: each group's own, said once for the groups that share it.
            rows.add(new String[] {"Broker", byGroups(groups, g -> brokerText(g.broker().orElse(b), g.uri()))});
            rows.add(new String[] {"Protocol", byGroups(groups, ResultDocument.InstanceRow::protocol)});
            rows.add(new String[] {"Queues", byGroups(groups, g -> Html.value(g.queues()) + " (" + g.queueType() + ")")});
        } else {
            rows.add(new String[] {"Broker", brokerText(b, s.uri())});
            rows.add(new String[] {"Protocol", s.protocol()});
            rows.add(new String[] {"Queues", Html.value(r.queues()) + " (" + s.queueType() + ")"});
        }
        rows.add(new String[] {"Pacing", r.paced()
                ? "paced: latency is measured from each message's intended send time"
                : "closed loop (unpaced): latency is measured from the actual send"});
        StringBuilder h = new StringBuilder("<dl class=\"facts\">");
        for (String[] row : rows) {
            h.append("<dt>").append(escape(row[0])).append("</dt><dd>").append(escape(row[1])).append("</dd>");
        }
        h.append("<dt>Command</dt><dd><code>harness ").append(escape(String.join(" ", s.arguments())))
                .append("</code></dd></dl>");
        return h.toString();
    }

    private static String brokerText(ResultDocument.Broker b, String uri) {
        return (b.product() + " " + b.version() + " on " + b.platform()).strip() + " at " + uri;
    }

    /** {@code g1, g2: A; g3: B}, or {@code A, every group} when every group has it. */
    private static String byGroups(List<ResultDocument.InstanceRow> groups,
            java.util.function.Function<ResultDocument.InstanceRow, String> text) {
        Map<String, List<String>> by = new java.util.LinkedHashMap<>();
        groups.forEach(g -> by.computeIfAbsent(text.apply(g), k -> new ArrayList<>()).add(g.instance()));
        if (by.size() == 1) {
            return by.keySet().iterator().next() + (groups.size() > 1 ? ", every group" : "");
        }
        StringBuilder t = new StringBuilder();
        by.forEach((value, names) -> t.append(t.length() == 0 ? "" : "; ").append(String.join(", ", names))
                .append(": ").append(value));
        return t.toString();
    }

    /** Counts always shown in the Messages table, zero or not. */
    private static final java.util.Set<String> ALWAYS = java.util.Set.of("published", "consumed", "lost");

    /**
     * The counts of the run that are not zero (published, consumed and lost always), then the
     * accounting fields; unexplained messages are flagged. Every count, zeros included, is in a
     * folded "show all" table below.
     */
    static String messages(ResultDocument r) {
        StringBuilder shown = new StringBuilder("<table class=\"kv\"><tbody>");
        StringBuilder all = new StringBuilder("<table class=\"kv\"><tbody>");
        int zeros = 0;
        for (Map.Entry<String, Object> c : RecordFields.of(r.counts()).entrySet()) {
            String row = kv(Html.words(c.getKey()), Html.value(c.getValue()), "");
            all.append(row);
            if (ALWAYS.contains(c.getKey()) || !(c.getValue() instanceof Number n) || n.longValue() != 0) {
                shown.append(row);
            } else {
                zeros++;
            }
        }
        if (r.unconfirmedAtStop() != 0) {
            shown.append(kv("unconfirmed at stop", Html.value(r.unconfirmedAtStop()), ""));
        }
        if (r.unsentAtStop() != 0) {
            shown.append(kv("due but not sent at stop", Html.value(r.unsentAtStop()), ""));
        }
        shown.append(kv("left in queues", Html.value(r.leftInQueues()), ""));
        long unaccounted = r.unaccountedPublished();
        shown.append(kv("unaccounted for", Html.value(unaccounted), unaccounted != 0 ? "bad" : ""));
        all.append(kv("unconfirmed at stop", Html.value(r.unconfirmedAtStop()), ""));
        all.append(kv("due but not sent at stop", Html.value(r.unsentAtStop()), ""));
        return shown.append("</tbody></table><details class=\"more\"><summary>show all counts (")
                .append(zeros).append(" of them zero)</summary>").append(all).append("</tbody></table></details>")
                .toString();
    }

    /**
     * The run's key numbers as one row (throughput, end-to-end p50 and p99, confirm p99, lost,
     * unaccounted), then the accounting and gate verdicts: what a pull request or chat needs.
     */
    static String keyNumbers(ResultDocument r) {
        io.amqpharness.report.KeyNumbers k = io.amqpharness.report.KeyNumbers.of(r);
        StringBuilder h = new StringBuilder("<section class=\"key\"><h2>Key numbers</h2>"
                + "<table class=\"num compare\"><thead><tr><th>throughput</th><th>e2e p50</th><th>e2e p99</th>"
                + "<th>confirm p99</th><th>published</th><th>consumed</th><th>lost</th><th>unaccounted</th>"
                + "</tr></thead><tbody><tr>");
        cell(h, Format.rate(k.throughput()) + " msg/s");
        for (OptionalLong v : new OptionalLong[] {k.e2eP50(), k.e2eP99(), k.confirmP99()}) {
            cell(h, v.isPresent() ? Format.millis(v.getAsLong()) + " ms" : "–");
        }
        cell(h, Format.count(k.published()));
        cell(h, Format.count(k.consumed()));
        h.append(k.lost() != 0 ? "<td class=\"bad\">" : "<td>").append(Format.count(k.lost())).append("</td>");
        h.append(k.unaccounted() != 0 ? "<td class=\"bad\">" : "<td>").append(Format.count(k.unaccounted()))
                .append("</td></tr></tbody></table><dl class=\"facts\"><dt>Accounting</dt><dd")
                .append(k.accounting().contains("MISMATCH") ? " class=\"bad\">" : ">").append(escape(k.accounting()))
                .append("</dd><dt>Gates</dt><dd").append(k.gates().contains("FAILED") ? " class=\"bad\">" : ">")
                .append(escape(k.gates()));
        r.gates().forEach(g -> h.append("<br><code>").append(escape(g.gate())).append("</code> ")
                .append(escape(checkedOn(g))).append(": ").append(g.broken() ? "FAILED" : "passed"));
        h.append("</dd>");
        if (r.failed()) {
            h.append("<dt>Run</dt><dd class=\"bad\">failed</dd>");
        }
        return h.append("</dl><p class=\"hint\">Throughput: messages per second ")
                .append(r.scenario().consumers() > 0 ? "received" : "sent")
                .append(" over the measured part; latency over the whole measured run.</p></section>").toString();
    }

    /** Average rates, messages per second. */
    static String rates(ResultDocument r) {
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        for (Map.Entry<String, Object> c : RecordFields.of(r.rates()).entrySet()) {
            h.append(kv(Html.words(c.getKey()), Format.rate((Double) c.getValue()) + " msg/s", ""));
        }
        return h.append("</tbody></table>").toString();
    }

    /** The percentile ladder of every metric over the whole run, in milliseconds. */
    static String latency(ResultDocument r) {
        List<String> columns = new ArrayList<>(RecordFields.of(Ladder.EMPTY).keySet());
        columns.remove("count");
        StringBuilder h = new StringBuilder("<table class=\"num\"><thead><tr><th>ms</th>");
        columns.forEach(c -> h.append("<th>").append(escape(Html.words(c))).append("</th>"));
        h.append("<th>count</th></tr></thead><tbody>");
        boolean rows = false;
        for (Metric m : Metric.values()) {
            Ladder l = r.latency().get(m);
            if (!l.any()) {
                continue;
            }
            rows = true;
            h.append("<tr><th>").append(escape(m.title())).append("</th>");
            Map<String, Object> values = RecordFields.of(l);
            for (String c : columns) {
                h.append("<td>").append(Format.millis(Math.round(((Number) values.get(c)).doubleValue()))).append("</td>");
            }
            h.append("<td>").append(Format.count(l.count())).append("</td></tr>");
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
    static String worstInterval(ResultDocument r) {
        StringBuilder h = new StringBuilder("<table class=\"num\"><thead><tr><th>ms</th>");
        for (String p : WORST) {
            h.append("<th>").append(escape(Html.words(p))).append("</th>");
        }
        h.append("<th>intervals</th></tr></thead><tbody>");
        boolean rows = false;
        for (Metric m : Metric.values()) {
            long[] worst = new long[WORST.length];
            int intervals = 0;
            for (Interval i : r.intervals()) {
                Ladder l = i.latency().get(m);
                if (!l.any() || i.warmup()) {
                    continue;
                }
                intervals++;
                for (int k = 0; k < WORST.length; k++) {
                    worst[k] = Math.max(worst[k], l.rung(WORST[k]));
                }
            }
            if (intervals == 0) {
                continue;
            }
            rows = true;
            h.append("<tr><th>").append(escape(m.title())).append("</th>");
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
    static String client(ResultDocument r) {
        ResultDocument.Client c = r.client();
        ResultDocument.Environment e = r.environment();
        long messages = Math.max(r.counts().published(), r.counts().consumed());
        double cpuSeconds = c.cpuTime() / 1e9;
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        h.append(kv("CPU time", String.format(Locale.ROOT, "%.2f s", cpuSeconds), ""));
        if (c.cpuNanosPerMessage().isPresent()) {
            h.append(kv("CPU per 100k messages while measuring", String.format(Locale.ROOT, "%.3f s",
                    c.cpuNanosPerMessage().getAsDouble() * 1e5 / 1e9), ""));
        } else if (c.measuredMessages().isEmpty() && messages > 0) {
            h.append(kv("CPU per 100k messages over the whole run",
                    String.format(Locale.ROOT, "%.3f s", cpuSeconds * 1e5 / messages), ""));
        }
        c.processCpuTime().ifPresent(t -> h.append(kv("CPU time since the JVM started",
                String.format(Locale.ROOT, "%.2f s", t / 1e9), "")));
        h.append(kv("peak heap", Format.mebibytes(c.peakHeapBytes()) + " MiB", ""));
        if (e != null) {
            h.append(kv("max heap", Format.mebibytes(e.maxHeapBytes()) + " MiB", ""));
        }
        h.append(kv("processors", Html.value(c.processors()), ""));
        h.append(kv("Java", c.javaVersion(), ""));
        if (e != null) {
            h.append(kv("jvm", e.jvm(), "")).append(kv("os", e.os(), "")).append(kv("arch", e.arch(), ""));
        }
        h.append(kv("generator", r.generator(), ""));
        return h.append("</tbody></table>").toString();
    }


    /** Every setting of the scenario, group by group. */
    static String settings(ResultDocument r) {
        ResultDocument.ScenarioSection s = r.scenario();
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        Map<String, Map<String, Object>> groups = new java.util.LinkedHashMap<>();
        groups.put("publishing", s.publishing());
        groups.put("consuming", s.consuming());
        groups.put("topology", s.topology());
        groups.put("run", s.run());
        groups.forEach((group, settings) -> settings.forEach((key, v) -> {
            String value = (v instanceof Integer || v instanceof Long) && looksLikeDuration(key)
                    ? io.amqpharness.scenario.Durations.format(java.time.Duration.ofNanos(((Number) v).longValue()))
                    : Html.value(v);
            h.append(kv(group + " · " + Html.words(key), value, ""));
        }));
        return h.append("</tbody></table>").toString();
    }

    /** What the driver learned about the connection, and the broker's properties. */
    static String driverAndBroker(ResultDocument r) {
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        r.driverFacts().forEach((k, v) -> h.append(kv(k, v, "")));
        List<ResultDocument.InstanceRow> groups = r.groupRows();
        if (groups.stream().allMatch(g -> g.broker().isPresent())
                && groups.stream().map(g -> g.broker().get()).distinct().count() > 1) {
            // Groups on different brokers: each group's broker properties, named by the group.
            groups.forEach(g -> g.broker().get().properties()
                    .forEach((k, v) -> h.append(kv(g.instance() + " · broker · " + k, v, ""))));
        } else {
            r.broker().properties().forEach((k, v) -> h.append(kv("broker · " + k, v, "")));
        }
        return h.append("</tbody></table>").toString();
    }

    /** The {@code --fail-if} gates and their verdicts, broken ones first; empty without gates. */
    static String gates(ResultDocument r) {
        List<ResultDocument.Gate> gates = r.gates();
        if (gates.isEmpty()) {
            return "";
        }
        int broken = 0;
        StringBuilder rows = new StringBuilder();
        for (boolean pass : new boolean[] {false, true}) {
            for (ResultDocument.Gate g : gates) {
                if (g.broken() == pass) {
                    continue;
                }
                broken += pass ? 0 : 1;
                rows.append("<tr><td").append(pass ? ">passed" : " class=\"bad\">FAILED").append("</td><td><code>")
                        .append(escape(g.gate())).append("</code></td><td>")
                        .append(escape(checkedOn(g))).append("</td><td>").append(escape(g.sentence())).append("</td></tr>");
            }
        }
        boolean merged = r.mergedResult();
        return "<section><h2>Gates</h2><p" + (broken > 0 ? " class=\"bad\">" + broken + " of " + gates.size()
                + " checks failed" : ">All " + gates.size() + " checks passed") + " (<code>--fail-if</code>, "
                + (!r.groupRows().isEmpty() ? "each group's own on that group, named by it, then the top level's on "
                        + "all groups together: summed counts and rates, added histograms)."
                        : merged ? "on the merged whole run: summed counts and rates, added histograms; each instance's own "
                        + "verdicts are in result.json, <code>instances[].gates</code>)."
                        : "on the whole run and on each step).") + "</p><table><thead><tr><th>verdict</th><th>gate</th><th>checked on</th>"
                + "<th>measured</th></tr></thead><tbody>" + rows + "</tbody></table></section>";
    }

    /** Where a verdict was checked: {@code whole run}, {@code step 2}, {@code merged whole run}, {@code pod-1, step 2}. */
    private static String checkedOn(ResultDocument.Gate g) {
        String where = g.step().isPresent() ? "step " + (g.step().getAsInt() + 1) : "whole run";
        String instance = g.instance().orElse("");
        return instance.isEmpty() ? where : instance.equals("merged") ? "merged " + where : instance + ", " + where;
    }

    /** The answer and the probes of a {@code find-max} search; empty for any other run. */
    static String search(ResultDocument r) {
        if (r.search().isEmpty()) {
            return "";
        }
        ResultDocument.Search s = r.search().get();
        StringBuilder target = new StringBuilder();
        s.target().forEach(g -> target.append(target.length() == 0 ? "" : ", ").append("<code>")
                .append(escape(g)).append("</code>"));
        String answer = s.answer().isPresent()
                ? "<p>Highest rate that met " + target + " and kept up: <b>" + escape(Format.rate(
                        s.answer().getAsDouble())) + " msg/s</b>" + (s.converged() ? ""
                        : " (the search did not converge: out of probes, or stopped)") + ".</p>"
                : "<p class=\"bad\">No probe met " + target + ".</p>";
        StringBuilder rows = new StringBuilder();
        for (ResultDocument.Probe p : s.probes()) {
            Optional<Step> step = step(r, p.step());
            Ladder e2e = step.map(x -> x.latency().get(Metric.END_TO_END)).orElse(Ladder.EMPTY);
            rows.append("<tr><td>").append(p.step() + 1).append("</td><td>")
                    .append(escape(Format.rate(p.rate()))).append("</td><td>")
                    .append(escape(Format.rate(step.map(x -> x.rates().sent()).orElse(0.0))))
                    .append("</td><td>")
                    .append(escape(Format.rate(step.map(x -> x.rates().received()).orElse(0.0))))
                    .append("</td><td>").append(e2e.any() ? escape(Format.millis(e2e.p99())) : "")
                    .append("</td><td").append(p.passed() ? ">met" : " class=\"bad\">failed")
                    .append("</td><td>").append(escape(String.join(" ", p.reasons()))).append("</td></tr>");
        }
        return "<section><h2>find-max</h2>" + answer + "<table><thead><tr><th>probe</th><th>intended msg/s</th>"
                + "<th>sent msg/s</th><th>received msg/s</th><th>e2e p99 ms</th><th>verdict</th><th>why</th></tr>"
                + "</thead><tbody>" + rows + "</tbody></table></section>";
    }

    /** The step a probe ran as; empty if the file has no such step. */
    static Optional<Step> step(ResultDocument r, int index) {
        return index >= 0 && index < r.steps().size() ? Optional.of(r.steps().get(index)) : Optional.empty();
    }

    /** Notes and the failure, if any; empty when there are none. */
    static String notes(ResultDocument r) {
        StringBuilder h = new StringBuilder();
        r.failure().ifPresent(f -> h.append("<p class=\"bad\">Failure: ").append(escape(f)).append("</p>"));
        r.interruptedAfter().ifPresent(i -> h.append("<p class=\"bad\">Interrupted after ").append(escape(i)).append(".</p>"));
        if (!r.notes().isEmpty()) {
            h.append("<ul class=\"notes\">");
            r.notes().forEach(n -> h.append("<li>").append(escape(Html.durations(n))).append("</li>"));
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
        runs.forEach(r -> options.add(Arguments.options(r.result().scenario().arguments())));
        List<String> varied = Arguments.varied(options);
        StringBuilder h = new StringBuilder("<p>Settings all runs share: <code>")
                .append(escape(Arguments.join(options.get(0), k -> !varied.contains(k)))).append("</code></p>");
        h.append("<table class=\"num compare\"><thead><tr><th>run</th><th class=\"text\">settings that differ</th>"
                + "<th>sent/s</th><th>received/s</th><th>e2e p50</th><th>e2e p99</th><th>e2e p99.9</th>"
                + "<th>e2e max</th><th>confirm p99</th><th>published</th><th>consumed</th><th>unaccounted</th>"
                + "<th class=\"text\">broker</th></tr></thead><tbody>");
        for (int n = 0; n < runs.size(); n++) {
            ReportRun run = runs.get(n);
            ResultDocument r = run.result();
            long unaccounted = r.unaccountedPublished();
            h.append("<tr><th>").append(escape(run.label()));
            if (r.failed()) {
                h.append(" <span class=\"bad\">failed</span>");
            }
            h.append("</th><td class=\"text\"><code>")
                    .append(escape(Arguments.varied(options.get(n), varied))).append("</code></td>");
            rateLatencyAndCountCells(h, r.rates(), r.latency(), r.counts());
            h.append(unaccounted != 0 ? "<td class=\"bad\">" : "<td>").append(Format.count(unaccounted)).append("</td>");
            h.append("<td class=\"text\">").append(escape(r.broker().product() + " " + r.broker().version()))
                    .append("</td></tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    /** The cells a comparison row and an instance row share: rates, end-to-end and confirm latency, published and consumed. */
    private static void rateLatencyAndCountCells(StringBuilder h, Rates rates, Latencies latency, Counts counts) {
        Ladder e2e = latency.get(Metric.END_TO_END);
        Ladder confirm = latency.get(Metric.CONFIRM);
        cell(h, Format.rate(rates.sent()));
        cell(h, Format.rate(rates.received()));
        for (String p : new String[] {"p50", "p99", "p999", "max"}) {
            cell(h, e2e.any() ? Format.millis(e2e.rung(p)) + " ms" : "–");
        }
        cell(h, confirm.any() ? Format.millis(confirm.p99()) + " ms" : "–");
        cell(h, Format.count(counts.published()));
        cell(h, Format.count(counts.consumed()));
    }

    /**
     * A merged result's row per instance, then the merged totals; a grouped run's row per group, then
     * all groups; empty for a single instance's result.
     */
    static String instances(ResultDocument r) {
        boolean groups = !r.groupRows().isEmpty();
        List<ResultDocument.InstanceRow> rows = groups ? r.groupRows() : r.instanceRows();
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<table class=\"num compare\"><thead><tr><th>"
                + (groups ? "group" : "instance") + "</th>"
                + "<th>sent/s</th><th>received/s</th><th>e2e p50</th><th>e2e p99</th><th>e2e p99.9</th><th>e2e max</th>"
                + "<th>confirm p99</th><th>published</th><th>consumed</th><th>lost</th><th>clock skew</th>"
                + "<th>unaccounted</th></tr></thead><tbody>");
        for (ResultDocument.InstanceRow row : rows) {
            instanceRow(h, row.instance() + (row.failure().isPresent() ? " (failed)" : ""), row.rates(), row.latency(),
                    row.counts(), row.unaccountedPublished());
        }
        instanceRow(h, groups ? "all groups" : "all (merged)", r.rates(), r.latency(), r.counts(), r.unaccountedPublished());
        return h.append("</tbody></table>").toString();
    }

    private static void instanceRow(StringBuilder h, String name, Rates rates, Latencies latency, Counts counts,
            long unaccounted) {
        h.append("<tr><th>").append(escape(name)).append("</th>");
        rateLatencyAndCountCells(h, rates, latency, counts);
        cell(h, Format.count(counts.lost()));
        cell(h, Format.count(counts.clockSkew()));
        h.append(unaccounted != 0 ? "<td class=\"bad\">" : "<td>").append(Format.count(unaccounted)).append("</td></tr>");
    }

    private static void cell(StringBuilder h, String text) {
        h.append("<td>").append(escape(text)).append("</td>");
    }

    static String kv(String key, String value, String cssClass) {
        return "<tr><th>" + escape(key) + "</th><td" + (cssClass.isEmpty() ? "" : " class=\"" + cssClass + "\"")
                + ">" + escape(value) + "</td></tr>";
    }

    private static boolean looksLikeDuration(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("time") || k.contains("interval") || k.contains("timeout");
    }
}
