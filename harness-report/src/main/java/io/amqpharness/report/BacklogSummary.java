package io.amqpharness.report;

import io.amqpharness.report.document.BacklogSection;
import io.amqpharness.report.document.ResultDocument;
import java.util.Locale;

/**
 * The text of a backlog run ({@code --backlog}): the fill, the drain, and the publishers before
 * and during it, as a few lines of the summary.
 */
public final class BacklogSummary {
    private BacklogSummary() {
    }

    /** The backlog lines; empty for a run without a backlog. */
    public static String format(ResultDocument r) {
        if (r.backlog().isEmpty()) {
            return "";
        }
        BacklogSection s = r.backlog().get();
        StringBuilder b = new StringBuilder();
        if (!s.reached()) {
            Format.line(b, "Backlog   %s messages NOT reached: publishing ended after %s s, before the queues held it; "
                    + "the consumers never arrived",
                    Format.count(s.target()), Format.seconds(s.fillTime()));
            publishers(b, s);
            return b.toString();
        }
        Format.line(b, "Backlog   %s messages reached in %s s (%s msg/s; broker depth %s), then %d consumers arrived "
                        + "in %s s; publishers %s", Format.count(s.filled()), Format.seconds(s.fillTime()),
                Format.rate(s.fillRate()), s.depthAtFill().isPresent() ? Format.count(s.depthAtFill().getAsLong())
                        : "not read", s.consumers(), Format.seconds(s.arrivalTime()),
                s.then().equals("drain") ? "stopped" : "kept publishing");
        if (s.drained()) {
            Format.line(b, "Drain     drained in %s s: %s msg/s net (peak %s), consumers received %s msg/s",
                    Format.seconds(s.drainTime().getAsLong()), Format.rate(s.drainRate().orElse(0)),
                    Format.count(s.peakBacklog()), Format.rate(s.consumerRate()));
        } else {
            Format.line(b, "Drain     NOT drained before the run ended (peak %s); consumers received %s msg/s",
                    Format.count(s.peakBacklog()), Format.rate(s.consumerRate()));
        }
        publishers(b, s);
        return b.toString();
    }

    private static void publishers(StringBuilder b, BacklogSection s) {
        Format.line(b, "  %-16s %10s %12s %13s %13s", "publishers", "sent/s", "confirmed/s", "confirm p50", "confirm p99");
        row(b, "while filling", s.beforeDrain());
        s.duringDrain().ifPresent(p -> row(b, "while draining", p));
    }

    private static void row(StringBuilder b, String phase, BacklogSection.Publishers p) {
        boolean confirms = p.confirm().any();
        b.append(String.format(Locale.ROOT, "  %-16s %10s %12s %13s %13s%n", phase, Format.rate(p.sent()),
                Format.rate(p.confirmed()), confirms ? Format.millis(p.confirm().p50()) + " ms" : "-",
                confirms ? Format.millis(p.confirm().p99()) + " ms" : "-"));
    }
}
