package io.amqpharness.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.Format;
import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.BrokerSample;
import io.amqpharness.report.document.Histograms;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.Step;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Builds the Chart.js configurations of a report from result documents: rates and
 * latency percentiles over time, the latency distribution (HdrHistogram's percentile plot), and
 * for several runs the same charts overlaid plus one chart with the runs on the x axis.
 */
final class Charts {
    static final String[] PALETTE = {"#2563eb", "#dc2626", "#16a34a", "#d97706", "#7c3aed", "#0891b2",
        "#db2777", "#4b5563", "#65a30d", "#9333ea"};
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final List<ChartSpec> specs = new ArrayList<>();

    List<ChartSpec> specs() {
        return specs;
    }

    /** The charts of one run. */
    static Charts single(ReportRun run) {
        Charts c = new Charts();
        ResultDocument r = run.result();
        ArrayNode rates = F.arrayNode();
        if (r.scenario().producers() > 0) {
            rates.add(timeLine(r, "sent", PALETTE[0], timeSeries(r, Interval::sentPerSecond, 1)));
            if (r.scenario().confirms()) {
                rates.add(timeLine(r, "confirmed", PALETTE[2], timeSeries(r, Interval::confirmedPerSecond, 1)));
            }
        }
        if (r.scenario().consumers() > 0) {
            rates.add(timeLine(r, "received", PALETTE[1], timeSeries(r, Interval::receivedPerSecond, 1)));
        }
        c.add("Throughput (messages per second)", "time", chart("line", rates, seconds(List.of(run)), rateAxis()));
        if (anyInterval(r, Interval::down) || anyInterval(r, Interval::blocked)) {
            ArrayNode faults = F.arrayNode();
            faults.add(timeLine(r, "connections down", PALETTE[1], secondsSeries(r, Interval::down)).put("stepped", true));
            faults.add(timeLine(r, "publishers blocked", PALETTE[3], secondsSeries(r, Interval::blocked)).put("stepped", true));
            c.add("Outages: seconds of each interval with a connection down or a publisher blocked by the broker",
                    "time", chart("line", faults, seconds(List.of(run)), secondsAxis()));
        }
        if (r.search().isPresent() && !r.search().get().probes().isEmpty()) {
            c.add("find-max: probes by rate (bars: received msg/s, green met the target, red did not; line: "
                    + "end-to-end p99)", "findMax", probes(r));
        }
        List<SeedRows.Row> steps = SeedRows.steps(r);
        if (!steps.isEmpty()) {
            c.add("Per step: throughput and end-to-end latency", "perStep", byValue(steps));
        }
        ArrayNode dist = F.arrayNode();
        for (Metric m : Metric.values()) {
            if (count(r, m) > 0) {
                dist.add(line(m.title(), PALETTE[m.ordinal() % PALETTE.length], distribution(r, m)).put("pointRadius", 0));
            }
        }
        if (!dist.isEmpty()) {
            c.add("Latency distribution over the whole run", "distribution",
                    chart("line", dist, percentileAxis(), msAxis(true)));
        }
        for (Metric m : Metric.values()) {
            if (count(r, m) == 0) {
                continue;
            }
            ArrayNode ds = F.arrayNode();
            String[][] ladder = {{"p50", "p50"}, {"p95", "p95"}, {"p99", "p99"}, {"p999", "p99.9"}, {"max", "max"}};
            for (int i = 0; i < ladder.length; i++) {
                ds.add(timeLine(r, ladder[i][1], PALETTE[i], latencySeries(r, m, ladder[i][0])));
            }
            c.add(m.title() + " latency over time (per interval)", "time", chart("line", ds, seconds(List.of(run)), msAxis(true)));
            if (m == Metric.END_TO_END) {
                c.broker(run);
            }
        }
        if (count(r, Metric.END_TO_END) == 0) {
            c.broker(run);
        }
        c.markFaults(r);
        return c;
    }

    /**
     * Marks each fault of {@code --fault} on the charts over time ({@code faultMarks} of each such chart's
     * configuration, which the page draws): a dashed line when the harness began to make it, and a band from when
     * it was made to when it was undone (a line at {@code made} for a fault that does not last), in seconds from the
     * start of publishing. A fault that could not be made is a line at {@code begun}.
     */
    private void markFaults(ResultDocument r) {
        if (r.faults().isEmpty()) {
            return;
        }
        ArrayNode marks = F.arrayNode();
        for (io.amqpharness.report.document.FaultEntry f : r.faults()) {
            ObjectNode m = marks.addObject();
            m.put("label", f.kind() + f.node().map(n -> " " + n).orElse("") + (f.error().isPresent() ? " (failed)" : ""));
            m.put("begun", round(f.begun() / 1e9, 3));
            if (f.made().isPresent()) {
                m.put("from", round(f.made().getAsLong() / 1e9, 3));
                m.put("to", round((f.undone().isPresent() ? f.undone().getAsLong() : f.made().getAsLong()) / 1e9, 3));
            }
        }
        for (ChartSpec spec : specs) {
            if (spec.kind().equals("time")) {
                spec.config().set("faultMarks", marks);
            }
        }
    }

    /**
     * The broker's side, beside the latency: queue depth (ready and unacknowledged, with end-to-end
     * p99 on a second axis) and the node's memory and CPU, from the samples in the intervals.
     */
    private void broker(ReportRun run) {
        ResultDocument r = run.result();
        if (!hasBroker(r, DEPTH) && !hasBroker(r, MEMORY)) {
            return;
        }
        String source = r.brokerMetrics().flatMap(BrokerMetrics::source).orElse("broker");
        if (hasBroker(r, DEPTH)) {
            ArrayNode ds = F.arrayNode();
            ds.add(timeLine(r, "ready", PALETTE[0], brokerSeries(r, b -> real(b.ready()), 1)));
            ds.add(timeLine(r, "unacknowledged", PALETTE[3], brokerSeries(r, b -> real(b.unacked()), 1)));
            ObjectNode config = chart("line", ds, seconds(List.of(run)), countAxis("messages in the run's queues"));
            if (count(r, Metric.END_TO_END) > 0) {
                ds.add(timeLine(r, "end-to-end p99 ms", PALETTE[1], latencySeries(r, Metric.END_TO_END, "p99"))
                        .put("yAxisID", "ms"));
                secondAxis(config, "ms", msAxis(true));
            }
            add("Broker: queue depth (" + source + ", as the broker last refreshed it)", "time", config);
        }
        if (hasBroker(r, MEMORY)) {
            ArrayNode ds = F.arrayNode();
            ds.add(timeLine(r, "memory MiB", PALETTE[4], brokerSeries(r, MEMORY, 1.0 / (1 << 20))));
            ObjectNode config = chart("line", ds, seconds(List.of(run)), countAxis("memory (MiB)"));
            if (hasBroker(r, BrokerSample::cpuCores)) {
                ds.add(timeLine(r, "CPU cores", PALETTE[5], brokerSeries(r, BrokerSample::cpuCores, 1)).put("yAxisID", "cpu"));
                ObjectNode cpu = F.objectNode().put("type", "linear").put("beginAtZero", true);
                cpu.putObject("title").put("display", true).put("text", "CPU (cores)");
                secondAxis(config, "cpu", cpu);
            }
            add("Broker: memory" + (hasBroker(r, BrokerSample::cpuCores) ? " and CPU" : ""), "time", config);
        }
    }

    private static final Function<BrokerSample, OptionalDouble> DEPTH = b -> real(b.depth());
    private static final Function<BrokerSample, OptionalDouble> MEMORY = b -> real(b.memoryBytes());

    private static OptionalDouble real(OptionalLong v) {
        return v.isPresent() ? OptionalDouble.of(v.getAsLong()) : OptionalDouble.empty();
    }

    private static boolean hasBroker(ResultDocument r, Function<BrokerSample, OptionalDouble> field) {
        for (Interval i : r.intervals()) {
            if (i.broker().map(field).filter(OptionalDouble::isPresent).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /** A value of the broker's samples, scaled, at the time each was taken; intervals without it are skipped. */
    private static ArrayNode brokerSeries(ResultDocument r, Function<BrokerSample, OptionalDouble> field, double scale) {
        ArrayNode points = F.arrayNode();
        for (Interval i : r.intervals()) {
            if (i.broker().isPresent() && field.apply(i.broker().get()).isPresent()) {
                BrokerSample b = i.broker().get();
                points.add(point(round(b.elapsed() / 1e9, 3), round(field.apply(b).getAsDouble() * scale, 3)));
            }
        }
        return points;
    }

    private static ObjectNode countAxis(String title) {
        ObjectNode y = F.objectNode().put("type", "linear").put("beginAtZero", true);
        y.putObject("title").put("display", true).put("text", title);
        return y;
    }

    /** Adds {@code axis} on the right as scale {@code id}. */
    private static void secondAxis(ObjectNode config, String id, ObjectNode axis) {
        axis.put("position", "right");
        axis.putObject("grid").put("drawOnChartArea", false);
        ((ObjectNode) config.get("options").get("scales")).set(id, axis);
    }

    /** The charts comparing several runs (a sweep: the varied value is each run's label). */
    static Charts comparison(List<ReportRun> runs) {
        Charts c = new Charts();
        c.add("Throughput and end-to-end latency per run", "perRun", byValue(SeedRows.runs(runs)));
        boolean received = runs.stream().anyMatch(r -> r.result().scenario().consumers() > 0);
        ToDoubleFunction<Interval> field = received ? Interval::receivedPerSecond : Interval::sentPerSecond;
        ArrayNode rates = F.arrayNode();
        for (int i = 0; i < runs.size(); i++) {
            ResultDocument r = runs.get(i).result();
            rates.add(timeLine(r, runs.get(i).label(), color(i), timeSeries(r, field, 1)));
        }
        c.add((received ? "Received" : "Sent") + " messages per second", "time",
                chart("line", rates, seconds(runs), rateAxis()));
        for (Metric m : Metric.values()) {
            if (runs.stream().allMatch(r -> count(r.result(), m) == 0)) {
                continue;
            }
            ArrayNode p99 = F.arrayNode();
            ArrayNode dist = F.arrayNode();
            for (int i = 0; i < runs.size(); i++) {
                ResultDocument r = runs.get(i).result();
                if (count(r, m) > 0) {
                    p99.add(timeLine(r, runs.get(i).label(), color(i), latencySeries(r, m, "p99")));
                    dist.add(line(runs.get(i).label(), color(i), distribution(r, m)).put("pointRadius", 0));
                }
            }
            c.add(m.title() + " latency p99 over time (per interval)", "time", chart("line", p99, seconds(runs), msAxis(true)));
            c.add(m.title() + " latency distribution", "distribution", chart("line", dist, percentileAxis(), msAxis(true)));
        }
        return c;
    }

    /**
     * The probes of a {@code find-max} search ordered by rate: received rate as bars coloured by
     * verdict, end-to-end p99 as a line on a millisecond axis.
     */
    private static ObjectNode probes(ResultDocument r) {
        List<ResultDocument.Probe> probes = new ArrayList<>(r.search().map(ResultDocument.Search::probes).orElse(List.of()));
        probes.sort(Comparator.comparingDouble(ResultDocument.Probe::rate));
        ArrayNode labels = F.arrayNode();
        ArrayNode received = F.arrayNode();
        ArrayNode colors = F.arrayNode();
        ArrayNode p99 = F.arrayNode();
        for (ResultDocument.Probe p : probes) {
            java.util.Optional<Step> step = Tables.step(r, p.step());
            boolean passed = p.passed();
            labels.add(Format.rate(p.rate()) + (passed ? " met" : " failed"));
            received.add(round(step.map(s -> s.rates().received()).orElse(0.0), 1));
            colors.add(passed ? "#86efac" : "#fca5a5");
            Ladder e2e = step.map(s -> s.latency().get(Metric.END_TO_END)).orElse(Ladder.EMPTY);
            p99.add(e2e.any() ? F.numberNode(round(e2e.p99() / 1e6, 4)) : F.nullNode());
        }
        ArrayNode ds = F.arrayNode();
        ObjectNode bars = dataset("received msg/s", "#86efac", received).put("type", "bar").put("yAxisID", "y")
                .put("order", 1);
        bars.set("backgroundColor", colors);
        ds.add(bars);
        ds.add(line("e2e p99 ms", PALETTE[1], p99).put("type", "line").put("yAxisID", "ms").put("order", 0)
                .put("pointRadius", 4));
        return barsAndMsLines(ds, labels);
    }

    /**
     * Bars of throughput and lines of end-to-end p50, p99 and the per-interval maximum of p99, with
     * the varied value (a step's or a run's label) on the x axis.
     */
    private static ObjectNode byValue(List<SeedRows.Row> rows) {
        ArrayNode labels = F.arrayNode();
        ArrayNode rate = F.arrayNode();
        ArrayNode p50 = F.arrayNode();
        ArrayNode p99 = F.arrayNode();
        ArrayNode max99 = F.arrayNode();
        for (SeedRows.Row row : rows) {
            labels.add(row.label());
            rate.add(round(row.rate(), 1));
            boolean any = row.whole().any();
            p50.add(any ? F.numberNode(round(row.whole().p50() / 1e6, 4)) : F.nullNode());
            p99.add(any ? F.numberNode(round(row.whole().p99() / 1e6, 4)) : F.nullNode());
            max99.add(row.max().any() ? F.numberNode(round(row.max().p99() / 1e6, 4)) : F.nullNode());
        }
        ArrayNode ds = F.arrayNode();
        ds.add(dataset("msg/s", "#93c5fd", rate).put("type", "bar").put("yAxisID", "y").put("order", 3));
        ds.add(line("e2e p50 ms", PALETTE[2], p50).put("type", "line").put("yAxisID", "ms").put("order", 2)
                .put("pointRadius", 4));
        ds.add(line("e2e p99 ms", PALETTE[1], p99).put("type", "line").put("yAxisID", "ms").put("order", 1)
                .put("pointRadius", 4));
        ds.add(line("max p99 per interval ms", PALETTE[4], max99).put("type", "line").put("yAxisID", "ms")
                .put("order", 0).put("pointRadius", 4));
        ((ObjectNode) ds.get(3)).putArray("borderDash").add(4).add(3);
        return barsAndMsLines(ds, labels);
    }

    private void add(String title, String kind, ObjectNode config) {
        specs.add(new ChartSpec("chart-" + specs.size(), title, kind, config));
    }

    private static ObjectNode chart(String type, ArrayNode datasets, ObjectNode x, ObjectNode y) {
        ObjectNode c = F.objectNode();
        c.put("type", type);
        c.putObject("data").set("datasets", datasets);
        ObjectNode o = c.putObject("options");
        o.put("animation", false).put("responsive", true).put("maintainAspectRatio", false);
        o.putObject("interaction").put("mode", "nearest").put("axis", "x").put("intersect", false);
        o.putObject("plugins").putObject("legend").put("position", "bottom");
        ObjectNode scales = o.putObject("scales");
        scales.set("x", x);
        scales.set("y", y);
        return c;
    }

    private static ObjectNode line(String label, String color, ArrayNode data) {
        ObjectNode d = dataset(label, color, data);
        d.put("borderWidth", 1.5).put("pointRadius", data.size() > 60 ? 0 : 2).put("spanGaps", false);
        d.put("fill", false).put("tension", 0);
        return d;
    }

    /** A line over time; the page draws it dashed after {@code drainingFrom} (publishing had stopped). */
    private static ObjectNode timeLine(ResultDocument r, String label, String color, ArrayNode data) {
        return line(label, color, data).put("drainingFrom", round(r.publishingTime() / 1e9, 3));
    }

    private static ObjectNode dataset(String label, String color, ArrayNode data) {
        ObjectNode d = F.objectNode();
        d.put("label", label).put("borderColor", color).put("backgroundColor", color);
        d.set("data", data);
        return d;
    }

    /** Seconds since the start, up to the end of the longest run. */
    private static ObjectNode seconds(List<ReportRun> runs) {
        double max = 0;
        for (ReportRun run : runs) {
            for (Interval i : run.result().intervals()) {
                max = Math.max(max, elapsedSeconds(i));
            }
        }
        ObjectNode x = F.objectNode().put("type", "linear").put("min", 0);
        if (max > 0) {
            x.put("max", max);
        }
        x.putObject("title").put("display", true).put("text", "seconds since publishing started");
        return x;
    }

    private static ObjectNode rateAxis() {
        ObjectNode y = F.objectNode().put("type", "linear").put("beginAtZero", true);
        y.putObject("title").put("display", true).put("text", "messages per second");
        return y;
    }

    /** A bar chart over {@code labels} (messages per second) with its lines on a log ms axis at the right. */
    private static ObjectNode barsAndMsLines(ArrayNode ds, ArrayNode labels) {
        ObjectNode config = chart("bar", ds, F.objectNode().put("type", "category"), rateAxis());
        ((ObjectNode) config.get("data")).set("labels", labels);
        ObjectNode ms = msAxis(true);
        ms.put("position", "right");
        ms.putObject("grid").put("drawOnChartArea", false);
        ((ObjectNode) config.get("options").get("scales")).set("ms", ms);
        return config;
    }

    private static ObjectNode secondsAxis() {
        ObjectNode y = F.objectNode().put("type", "linear").put("beginAtZero", true);
        y.putObject("title").put("display", true).put("text", "seconds of the interval");
        return y;
    }

    /** Whether any interval has a non-zero {@code field}. */
    private static boolean anyInterval(ResultDocument r, ToLongFunction<Interval> field) {
        for (Interval i : r.intervals()) {
            if (field.applyAsLong(i) > 0) {
                return true;
            }
        }
        return false;
    }

    /** A duration field (nanoseconds) of every interval, in seconds. */
    private static ArrayNode secondsSeries(ResultDocument r, ToLongFunction<Interval> field) {
        ArrayNode points = F.arrayNode();
        for (Interval i : r.intervals()) {
            points.add(point(elapsedSeconds(i), round(field.applyAsLong(i) / 1e9, 3)));
        }
        return points;
    }

    private static ObjectNode msAxis(boolean log) {
        ObjectNode y = F.objectNode().put("type", log ? "logarithmic" : "linear");
        y.putObject("title").put("display", true).put("text", "latency (ms)");
        return y;
    }

    private static ObjectNode percentileAxis() {
        ObjectNode x = F.objectNode().put("type", "logarithmic").put("min", 1);
        x.putObject("title").put("display", true).put("text", "percentile");
        return x;
    }

    /** An interval field over time: {x: seconds since start, y: value}. */
    private static ArrayNode timeSeries(ResultDocument r, ToDoubleFunction<Interval> field, int places) {
        ArrayNode points = F.arrayNode();
        for (Interval i : r.intervals()) {
            points.add(point(elapsedSeconds(i), round(field.applyAsDouble(i), places)));
        }
        return points;
    }

    /** A percentile of a metric per interval, in ms; null (a gap) where nothing was recorded. */
    private static ArrayNode latencySeries(ResultDocument r, Metric metric, String percentile) {
        ArrayNode points = F.arrayNode();
        for (Interval i : r.intervals()) {
            Ladder l = i.latency().get(metric);
            ObjectNode p = F.objectNode().put("x", elapsedSeconds(i));
            if (l.any()) {
                p.put("y", round(l.rung(percentile) / 1e6, 4));
            } else {
                p.putNull("y");
            }
            points.add(p);
        }
        return points;
    }

    /**
     * The percentile curve of a metric: x is 1/(1-percentile), so 10 is the 90th percentile and
     * 1000 the 99.9th, capped at the number of values (beyond it lies only the maximum); y in ms.
     */
    static ArrayNode distribution(ResultDocument r, Metric metric) {
        Histograms.Curve h = r.histograms().get(metric);
        double count = Math.max(1, h.count());
        ArrayNode points = F.arrayNode();
        for (Histograms.Point p : h.percentiles()) {
            double percentile = p.percentile();
            double x = percentile >= 100 ? count : Math.min(count, 100 / (100 - percentile));
            points.add(point(round(x, 4), round(p.value() / 1e6, 4)));
        }
        return points;
    }

    static long count(ResultDocument r, Metric metric) {
        return r.latency().get(metric).count();
    }

    private static double elapsedSeconds(Interval interval) {
        return round(interval.elapsed() / 1e9, 3);
    }

    private static ObjectNode point(double x, double y) {
        return F.objectNode().put("x", x).put("y", y);
    }

    private static String color(int i) {
        return PALETTE[i % PALETTE.length];
    }

    private static double round(double v, int places) {
        double scale = Math.pow(10, places);
        return Math.round(v * scale) / scale;
    }
}
