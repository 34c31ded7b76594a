package io.amqpharness.report;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.Step;
import io.amqpharness.scenario.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Markdown table shaped like the seed reports': the varied value, messages per second, then
 * end-to-end latency percentiles over the whole step or run and their highest value in any one
 * reporting interval ("Max 99th / Max 95th / Max 75th").
 */
public final class SeedTable {
    private SeedTable() {
    }

    /**
     * One row.
     *
     * @param label             the varied value, for example {@code 200} or {@code quorum}
     * @param messagesPerSecond the received rate (sent when nothing was consumed)
     * @param whole             end-to-end latency over the whole step or run, nanoseconds
     * @param maxOverIntervals  each percentile's highest value in any one interval, nanoseconds
     */
    public record Row(String label, double messagesPerSecond, Ladder whole, Ladder maxOverIntervals) {
    }

    /** The rows of a stepped run, labelled by their step values. */
    public static List<Row> steps(ResultDocument d) {
        List<Row> rows = new ArrayList<>();
        boolean consumed = DocumentFacts.consumers(d);
        for (Step s : d.steps()) {
            String label = s.values().size() == 1 ? number(s.values().values().iterator().next()) : s.label();
            rows.add(new Row(label, consumed ? s.rates().received() : s.rates().sent(),
                    DocumentFacts.ladder(s.latency(), Metric.END_TO_END),
                    DocumentFacts.ladder(s.maxOverIntervals(), Metric.END_TO_END)));
        }
        return rows;
    }

    /**
     * {@code ", after a 5s warm-up at the first step's settings (not measured)"} for a stepped run
     * that warmed up, else empty: said next to the step table, so no one reads step 1 as cold.
     */
    public static String warmUp(ResultDocument d) {
        return d.steps().isEmpty() || DocumentFacts.warmup(d).isEmpty() ? ""
                : ", after a " + Durations.format(DocumentFacts.warmup(d).get())
                        + " warm-up at the first step's settings (not measured)";
    }

    /**
     * A row for a whole run: the received rate (sent without consumers), end-to-end latency and
     * its highest value in any one measured interval.
     */
    public static Row run(String label, ResultDocument d) {
        return new Row(label, DocumentFacts.throughput(d), DocumentFacts.ladder(d.latency(), Metric.END_TO_END),
                DocumentFacts.maxOverIntervals(d, Metric.END_TO_END));
    }

    /**
     * The table as Markdown, right-aligned numbers, latencies in milliseconds as the other tables
     * print them ({@link Format#millis}: {@code 5.157 ms}, {@code 1,983 ms}).
     */
    public static String markdown(String firstColumn, List<Row> rows) {
        String[] header = {firstColumn, "Msg/s", "99th", "95th", "75th", "Max 99th", "Max 95th", "Max 75th"};
        List<String[]> cells = new ArrayList<>();
        cells.add(header);
        for (Row r : rows) {
            cells.add(new String[] {r.label(), Format.rate(r.messagesPerSecond()), ms(r.whole().p99(), r.whole()),
                ms(r.whole().p95(), r.whole()), ms(r.whole().p75(), r.whole()),
                ms(r.maxOverIntervals().p99(), r.maxOverIntervals()), ms(r.maxOverIntervals().p95(), r.maxOverIntervals()),
                ms(r.maxOverIntervals().p75(), r.maxOverIntervals())});
        }
        int[] width = new int[header.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], Math.max(row[i].length(), 2));
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, cells.get(0), width);
        StringBuilder rule = new StringBuilder("|");
        for (int w : width) {
            rule.append(' ').append("-".repeat(w - 1)).append(": |");
        }
        b.append(rule).append('\n');
        for (int i = 1; i < cells.size(); i++) {
            line(b, cells.get(i), width);
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String[] row, int[] width) {
        b.append('|');
        for (int i = 0; i < row.length; i++) {
            b.append(' ').append(" ".repeat(width[i] - row[i].length())).append(row[i]).append(" |");
        }
        b.append('\n');
    }

    private static String ms(long nanos, Ladder from) {
        return !from.any() ? "-" : Format.millis(nanos) + " ms";
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
