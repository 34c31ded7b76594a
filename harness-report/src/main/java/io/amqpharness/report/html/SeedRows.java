package io.amqpharness.report.html;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a seed-report table from result documents: one per step of a stepped run, or one
 * per run of a sweep. Each has a label, messages per second, and end-to-end percentiles over the
 * whole step or run and their highest value in any one interval.
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
    record Row(String label, double rate, Ladder whole, Ladder max) {
    }

    static List<Row> steps(ResultDocument r) {
        List<Row> rows = new ArrayList<>();
        boolean consumed = r.scenario().consumers() > 0;
        for (Step s : r.steps()) {
            String label = s.values().size() == 1 ? number(s.values().values().iterator().next()) : s.label();
            rows.add(new Row(label, consumed ? s.rates().received() : s.rates().sent(),
                    s.latency().get(Metric.END_TO_END), s.maxOverIntervals().get(Metric.END_TO_END)));
        }
        return rows;
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    static List<Row> runs(List<ReportRun> runs) {
        List<Row> rows = new ArrayList<>();
        for (ReportRun run : runs) {
            ResultDocument r = run.result();
            boolean consumed = r.scenario().consumers() > 0;
            rows.add(new Row(run.label(), consumed ? r.rates().received() : r.rates().sent(),
                    r.latency().get(Metric.END_TO_END), maxOverIntervals(r)));
        }
        return rows;
    }

    /**
     * Each end-to-end percentile's highest value over the run's measured intervals (p50, p75, p95,
     * p99, p99.9 and max; the other rungs 0), with the values counted over them.
     */
    private static Ladder maxOverIntervals(ResultDocument r) {
        long count = 0;
        long p50 = 0;
        long p75 = 0;
        long p95 = 0;
        long p99 = 0;
        long p999 = 0;
        long max = 0;
        for (Interval i : r.intervals()) {
            Ladder l = i.latency().get(Metric.END_TO_END);
            if (!l.any() || i.warmup()) {
                continue;
            }
            count += l.count();
            p50 = Math.max(p50, l.p50());
            p75 = Math.max(p75, l.p75());
            p95 = Math.max(p95, l.p95());
            p99 = Math.max(p99, l.p99());
            p999 = Math.max(p999, l.p999());
            max = Math.max(max, l.max());
        }
        return new Ladder(count, 0, p50, p75, 0, p95, p99, p999, 0, max, 0);
    }

    /** The seed-report table: label, Msg/s, 99th, 95th, 75th, Max 99th, Max 95th, Max 75th (ms). */
    static String table(String firstColumn, List<Row> rows) {
        StringBuilder h = new StringBuilder("<table class=\"ladder seed\"><thead><tr><th>")
                .append(Html.escape(firstColumn)).append("</th><th>Msg/s</th><th>99th</th><th>95th</th><th>75th</th>"
                        + "<th>Max 99th</th><th>Max 95th</th><th>Max 75th</th></tr></thead><tbody>");
        for (Row r : rows) {
            h.append("<tr><th>").append(Html.escape(r.label())).append("</th><td>")
                    .append(io.amqpharness.report.Format.rate(r.rate())).append("</td>");
            for (Ladder ladder : new Ladder[] {r.whole(), r.max()}) {
                for (long v : new long[] {ladder.p99(), ladder.p95(), ladder.p75()}) {
                    h.append("<td>").append(!ladder.any() ? "-"
                            : io.amqpharness.report.Format.millis(v)).append("</td>");
                }
            }
            h.append("</tr>");
        }
        return h.append("</tbody></table>").toString();
    }
}
