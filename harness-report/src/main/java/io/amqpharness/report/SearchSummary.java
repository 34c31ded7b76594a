package io.amqpharness.report;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.Step;
import io.amqpharness.scenario.Durations;
import java.util.Locale;

/** The text of a {@code find-max} search: the table of probes and the answer in one sentence. */
public final class SearchSummary {
    private SearchSummary() {
    }

    /** The probe table and the answer; empty for a run that was not a search. */
    public static String format(ResultDocument r) {
        if (r.search().isEmpty()) {
            return "";
        }
        ResultDocument.Search s = r.search().get();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "find-max probes (target: %s, and keep up)%s%n", String.join(", ", s.target()),
                warmUp(r)));
        b.append(String.format(Locale.ROOT, "  %5s  %12s  %10s  %10s  %10s  %10s  %s%n", "probe", "intended/s", "sent/s",
                "received/s", "e2e p50", "e2e p99", "verdict"));
        int next = 0;
        for (ResultDocument.Probe p : s.probes()) {
            for (; next < p.step(); next++) {
                // A step that is not a probe: the first probe, failed and measured once more.
                Step step = r.steps().get(next);
                row(b, step, step.values().getOrDefault("total-rate", p.rate()),
                        "not counted: the first probe failed, and was measured once more");
            }
            next = p.step() + 1;
            row(b, r.steps().get(p.step()), p.rate(), p.passed() ? "met" : "FAILED: " + String.join(" ", p.reasons()));
        }
        b.append(answer(r)).append(String.format("%n"));
        return b.toString();
    }

    private static void row(StringBuilder b, Step step, double rate, String verdict) {
        Ladder e2e = DocumentFacts.ladder(step.latency(), Metric.END_TO_END);
        b.append(String.format(Locale.ROOT, "  %5d  %12s  %10s  %10s  %10s  %10s  %s%n", step.index() + 1,
                Format.rate(rate), Format.rate(step.rates().sent()), Format.rate(step.rates().received()),
                !e2e.any() ? "-" : Format.millis(e2e.p50()) + " ms", !e2e.any() ? "-" : Format.millis(e2e.p99())
                        + " ms", verdict));
    }

    /** {@code ", after a 5 s warm-up at 1,000 msg/s (not measured)"}, or empty without a warm-up. */
    private static String warmUp(ResultDocument r) {
        if (DocumentFacts.warmup(r).isEmpty() || r.steps().isEmpty()) {
            return "";
        }
        Double first = r.steps().get(0).values().get("total-rate");
        return String.format(Locale.ROOT, "; after a %s warm-up%s (not measured)",
                Durations.format(DocumentFacts.warmup(r).get()),
                first == null ? "" : " at " + Format.rate(first) + " msg/s");
    }

    /** The answer in one sentence. */
    public static String answer(ResultDocument r) {
        ResultDocument.Search s = r.search().orElseThrow();
        int publishers = DocumentFacts.publishers(r);
        if (s.answer().isEmpty()) {
            return String.format(Locale.ROOT, "No probe met the target (%s): even %s msg/s failed.",
                    String.join(", ", s.target()), Format.rate(lowestFailure(s).orElse(0)));
        }
        double a = s.answer().getAsDouble();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "Highest rate that met %s and kept up: %s msg/s",
                String.join(", ", s.target()), Format.rate(a)));
        if (publishers > 1) {
            b.append(String.format(Locale.ROOT, " (%s per publisher over %d)", Format.rate(a / publishers), publishers));
        }
        if (lowestFailure(s).isPresent()) {
            b.append(String.format(Locale.ROOT, "; %s msg/s failed", Format.rate(lowestFailure(s).getAsDouble())));
        }
        b.append(s.converged() ? "." : ". The search did not converge (out of probes, or stopped early): the "
                + "highest rate may be higher.");
        return b.toString();
    }

    /** The lowest rate above the answer (above 0 without one) that failed, if any did. */
    private static java.util.OptionalDouble lowestFailure(ResultDocument.Search s) {
        double above = s.answer().orElse(0);
        return s.probes().stream().filter(p -> !p.passed() && p.rate() > above)
                .mapToDouble(ResultDocument.Probe::rate).min();
    }
}
