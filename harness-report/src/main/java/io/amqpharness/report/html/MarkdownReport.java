package io.amqpharness.report.html;

import io.amqpharness.report.Format;
import io.amqpharness.report.KeyNumbers;
import io.amqpharness.report.document.ResultDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * {@code harness report --format md}: the {@link KeyNumbers} of one run, or of several side by
 * side, as a Markdown table to paste into a pull request or a chat. One row per number, one column
 * per run; with several runs, each run after the first is followed by a "change" column: its
 * difference from the first run, and that difference as a percentage of the first run's value.
 * Rates are messages per second over the measured part, latencies milliseconds.
 *
 * <p>Thread-safe: the methods are static.
 */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    /**
     * The table, with a line saying what the numbers are.
     *
     * @param runs at least one run, the first being the one the others are compared with
     * @return Markdown text ending in a newline
     */
    public static String render(List<ReportRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one run");
        }
        List<KeyNumbers> keys = runs.stream().map(r -> KeyNumbers.of(r.result())).toList();
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("run"));
        for (int i = 0; i < runs.size(); i++) {
            header.add(runs.get(i).label());
            if (i > 0) {
                header.add("change");
            }
        }
        rows.add(header.toArray(String[]::new));
        rate(rows, keys, "throughput (msg/s)", KeyNumbers::throughput);
        rate(rows, keys, "sent (msg/s)", KeyNumbers::sent);
        millis(rows, keys, "e2e p50 (ms)", KeyNumbers::e2eP50);
        millis(rows, keys, "e2e p99 (ms)", KeyNumbers::e2eP99);
        millis(rows, keys, "confirm p99 (ms)", KeyNumbers::confirmP99);
        count(rows, keys, "published", KeyNumbers::published);
        count(rows, keys, "consumed", KeyNumbers::consumed);
        count(rows, keys, "lost", KeyNumbers::lost);
        count(rows, keys, "unaccounted", KeyNumbers::unaccounted);
        text(rows, keys, "accounting", k -> k.accountingVerdict());
        text(rows, keys, "gates", KeyNumbers::gates);
        if (keys.stream().anyMatch(KeyNumbers::failed)) {
            text(rows, keys, "run", k -> k.failed() ? "FAILED" : "finished");
        }
        List<ResultDocument> docs = runs.stream().map(ReportRun::result).toList();
        text(rows, docs, "broker", d -> (d.broker().product() + " " + d.broker().version()).strip());
        if (runs.size() > 1) {
            List<Map<String, String>> options = docs.stream()
                    .map(d -> Arguments.options(d.scenario().arguments())).toList();
            List<String> varied = Arguments.varied(options);
            text(rows, options, "settings that differ", o -> "`" + Arguments.varied(o, varied) + "`");
        }
        StringBuilder b = new StringBuilder(Format.markdownTable(rows));
        b.append('\n').append(runs.size() == 1
                ? "Throughput: messages per second received (sent without consumers); latency over the measured run."
                : "Throughput: messages per second received (sent without consumers); latency over each measured run; "
                        + "change: the difference from " + runs.get(0).label() + " (and in % of its value).")
                .append('\n');
        return b.toString();
    }

    private static void rate(List<String[]> rows, List<KeyNumbers> keys, String name, Function<KeyNumbers, Double> f) {
        row(rows, keys, name, k -> Format.rate(f.apply(k)), (first, other) -> {
            double a = f.apply(first);
            double d = f.apply(other) - a;
            return signed(Format.rate(Math.abs(d)), Math.round(d)) + percent(d, a);
        });
    }

    private static void count(List<String[]> rows, List<KeyNumbers> keys, String name, Function<KeyNumbers, Long> f) {
        row(rows, keys, name, k -> Format.count(f.apply(k)), (first, other) -> {
            long a = f.apply(first);
            long d = f.apply(other) - a;
            return signed(Format.count(Math.abs(d)), d) + percent(d, a);
        });
    }

    private static void millis(List<String[]> rows, List<KeyNumbers> keys, String name,
            Function<KeyNumbers, OptionalLong> f) {
        if (keys.stream().noneMatch(k -> f.apply(k).isPresent())) {
            return;
        }
        row(rows, keys, name, k -> f.apply(k).isPresent() ? Format.millis(f.apply(k).getAsLong()) : "–",
                (first, other) -> {
                    if (f.apply(first).isEmpty() || f.apply(other).isEmpty()) {
                        return "";
                    }
                    long a = f.apply(first).getAsLong();
                    long d = f.apply(other).getAsLong() - a;
                    return signed(Format.millis(Math.abs(d)), d) + percent(d, a);
                });
    }

    private static <T> void text(List<String[]> rows, List<T> values, String name, Function<T, String> f) {
        row(rows, values, name, f, (first, other) -> "");
    }

    private static <T> void row(List<String[]> rows, List<T> values, String name, Function<T, String> cell,
            java.util.function.BiFunction<T, T, String> change) {
        List<String> r = new ArrayList<>(List.of(name));
        for (int i = 0; i < values.size(); i++) {
            r.add(cell.apply(values.get(i)));
            if (i > 0) {
                r.add(change.apply(values.get(0), values.get(i)));
            }
        }
        rows.add(r.toArray(String[]::new));
    }

    /** {@code +1,000}, {@code -3.2}, or {@code 0} when there is no difference. */
    private static String signed(String magnitude, double difference) {
        return difference > 0 ? "+" + magnitude : difference < 0 ? "-" + magnitude : "0";
    }

    /** {@code " (+12.5%)"} of the first run's value; nothing when that value is 0 and they differ. */
    private static String percent(double difference, double of) {
        if (difference == 0) {
            return " (0.0%)";
        }
        return of == 0 ? "" : String.format(Locale.ROOT, " (%+.1f%%)", 100 * difference / of);
    }
}
