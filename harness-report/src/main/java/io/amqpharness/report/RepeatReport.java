package io.amqpharness.report;

import io.amqpharness.report.document.ResultDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Markdown tables of repeated runs ({@code harness run --repeat N}, {@code harness report A... --vs B...}):
 * for each key figure, its median over the runs, its spread and the confidence interval of the
 * median ({@link RepeatStats}); and between two sets of runs, the change of the median in % and
 * whether it is beyond the run-to-run noise ({@link MannWhitney}, two-sided, 5 %). Rates are
 * messages per second over each run's measured part (the warm-up left out), latencies
 * milliseconds. Stateless.
 */
public final class RepeatReport {
    private RepeatReport() {
    }

    /** A figure of a run: its name, whether it is a latency (milliseconds) or a rate, and how to read it. */
    private record Figure(String name, boolean latency, Function<KeyNumbers, OptionalLong> nanos,
                          Function<KeyNumbers, Double> rate) {
        double[] values(List<KeyNumbers> runs) {
            List<Double> out = new ArrayList<>();
            for (KeyNumbers k : runs) {
                if (latency) {
                    OptionalLong v = nanos.apply(k);
                    if (v.isPresent()) {
                        out.add(v.getAsLong() / 1e6);
                    }
                } else {
                    out.add(rate.apply(k));
                }
            }
            return out.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("throughput (msg/s)", false, null, KeyNumbers::throughput),
            new Figure("sent (msg/s)", false, null, KeyNumbers::sent),
            new Figure("e2e p50 (ms)", true, KeyNumbers::e2eP50, null),
            new Figure("e2e p99 (ms)", true, KeyNumbers::e2eP99, null),
            new Figure("confirm p99 (ms)", true, KeyNumbers::confirmP99, null));

    /**
     * One set of runs of one scenario: a row per figure with its median, range, spread and the
     * confidence interval of the median.
     */
    public static String summary(List<ResultDocument> runs) {
        List<KeyNumbers> keys = runs.stream().map(KeyNumbers::of).toList();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"figure", "runs", "median", "min", "max", "spread", "95% CI of the median"});
        for (Figure f : FIGURES) {
            double[] v = f.values(keys);
            if (v.length == 0) {
                continue;
            }
            RepeatStats s = RepeatStats.of(v);
            rows.add(new String[] {f.name(), String.valueOf(s.n()), number(s.median(), f), number(s.min(), f),
                    number(s.max(), f), String.format(Locale.ROOT, "%.1f%%", s.spreadPercent()), interval(s, f)});
        }
        return Format.markdownTable(rows) + "\n" + String.format(Locale.ROOT, "%d runs; spread: (max - min) / median; "
                + "the interval is the order-statistic confidence interval of the median (distribution-free)%s.%n",
                runs.size(), runs.size() < 6 ? ", whose coverage is below 95 % with fewer than 6 runs (shown)" : "");
    }

    /**
     * Two sets of runs: a row per figure with each set's median and interval, the change of the
     * median from {@code a} to {@code b}, the Mann-Whitney U test's p-value and the verdict.
     *
     * @param labelA what to call the first set (its directory), {@code labelB} the second's
     */
    public static String compare(String labelA, List<ResultDocument> a, String labelB, List<ResultDocument> b) {
        List<KeyNumbers> ka = a.stream().map(KeyNumbers::of).toList();
        List<KeyNumbers> kb = b.stream().map(KeyNumbers::of).toList();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"figure", labelA + " median (95% CI)", labelB + " median (95% CI)", "change",
                "p (Mann-Whitney)", "verdict"});
        for (Figure f : FIGURES) {
            double[] va = f.values(ka);
            double[] vb = f.values(kb);
            if (va.length == 0 || vb.length == 0) {
                continue;
            }
            RepeatStats sa = RepeatStats.of(va);
            RepeatStats sb = RepeatStats.of(vb);
            MannWhitney.Result t = MannWhitney.test(va, vb);
            rows.add(new String[] {f.name(), number(sa.median(), f) + " (" + interval(sa, f) + ")",
                    number(sb.median(), f) + " (" + interval(sb, f) + ")", change(sa.median(), sb.median()),
                    String.format(Locale.ROOT, "%.3f%s", t.p(), t.exact() ? "" : " ≈"), verdict(t, va.length, vb.length)});
        }
        return Format.markdownTable(rows) + "\n" + String.format(Locale.ROOT, "%d runs against %d; change: the median "
                + "of %s against that of %s; p: two-sided Mann-Whitney U test (exact without ties, ≈ the normal "
                + "approximation); beyond the noise when p < %.2f.%n", a.size(), b.size(), labelB, labelA,
                MannWhitney.ALPHA);
    }

    /**
     * The verdict: beyond the noise or within it; with fewer than 4 runs a side, no p-value reaches
     * 5 % (3 against 3 gives at least 0.1), which the verdict says.
     */
    static String verdict(MannWhitney.Result t, int n1, int n2) {
        if (t.significant()) {
            return "beyond the noise";
        }
        return MannWhitney.exactP(0, n1, n2) >= MannWhitney.ALPHA
                ? "too few runs to tell (" + n1 + " and " + n2 + ")" : "within the noise";
    }

    /** {@code +7.5%} of {@code a}; {@code n/a} when {@code a} is 0. */
    static String change(double a, double b) {
        if (a == 0) {
            return b == 0 ? "0.0%" : "n/a";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * (b - a) / Math.abs(a));
    }

    private static String interval(RepeatStats s, Figure f) {
        String range = number(s.low(), f) + "–" + number(s.high(), f);
        return s.coverage() >= RepeatStats.LEVEL || s.n() == 1 ? range
                : range + String.format(Locale.ROOT, ", %.1f%%", 100 * s.coverage());
    }

    private static String number(double v, Figure f) {
        return f.latency() ? Format.millis(Math.round(v * 1e6)) : Format.rate(v);
    }
}
