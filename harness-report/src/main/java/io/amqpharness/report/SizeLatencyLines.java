package io.amqpharness.report;

import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.SizeBucket;
import io.amqpharness.scenario.SizeMix;
import java.util.Locale;

/**
 * The text summary's lines for a {@code --size} mix: the end-to-end latency ladder of each size,
 * under the run's ladder and in its columns. Nothing for a single size. Stateless.
 */
final class SizeLatencyLines {
    private SizeLatencyLines() {
    }

    /** {@code 50%}, {@code 33.3%}. */
    static String percent(double p) {
        return p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
    }

    /** Appends the per-size ladders of {@code d}, if it has any. */
    static void append(StringBuilder b, ResultDocument d) {
        if (d.latencyBySize().isEmpty()) {
            return;
        }
        Format.line(b, "End-to-end latency by size (share asked; count received):");
        for (SizeBucket s : d.latencyBySize()) {
            String label = SizeMix.label(s.bytes()) + " " + percent(s.percent());
            Ladder l = s.endToEnd();
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-13s", label));
            for (String rung : Ladder.RUNGS) {
                row.append(String.format(Locale.ROOT, "%9s", l.any() ? Format.millis(l.rung(rung)) : "-"));
            }
            row.append(String.format(Locale.ROOT, "%13s", Format.count(l.count())));
            Format.line(b, "%s", row);
        }
    }
}
