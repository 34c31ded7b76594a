package io.amqpharness.report;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.GateVerdict;
import io.amqpharness.run.RunResult;
import io.amqpharness.scenario.Scenario;
import java.util.List;
import java.util.Locale;

/** The final summary of a run as plain text: counts, rates, a percentile ladder, notes. */
public final class TextSummary {
    private static final String[] LADDER = {"min", "p50", "p75", "p90", "p95", "p99", "p99.9", "p99.99", "max"};

    private TextSummary() {
    }

    public static String format(RunResult r) {
        Scenario s = r.scenario();
        StringBuilder b = new StringBuilder(2048);
        line(b, "Run %s %s after %s s (publishing %s)", r.runId(),
                r.failed() ? "FAILED" : r.interrupted() ? "interrupted" : "finished",
                Format.seconds(r.totalTime().toNanos()),
                r.interruptedAfter().orElse(Format.seconds(r.publishingTime().toNanos()) + " s"));
        line(b, "Broker    %s at %s over %s", r.broker(), s.addresses().redacted(), s.protocol());
        String placement = r.driverFacts().get(io.amqpharness.spi.AddressOrder.FACT);
        if (placement != null) {
            line(b, "Nodes     connections opened per address: %s", placement);
        }
        if (!r.queues().isEmpty()) {
            line(b, "Queue     %s (%s)", String.join(", ", r.queues()), s.topology().queueType().argumentValue());
        }
        line(b, "Scenario  %s", String.join(" ", s.toArguments()));
        b.append('\n');
        counts(b, r);
        outages(b, r);
        blocking(b, r);
        rates(b, r);
        latency(b, r);
        if (!r.steps().isEmpty()) {
            line(b, "Steps (end-to-end latency; Max = highest value in any one %s interval of the step)%s",
                    io.amqpharness.scenario.Durations.format(s.run().interval()), SeedTable.warmUp(r));
            String column = r.steps().get(0).values().size() == 1
                    ? r.steps().get(0).values().keySet().iterator().next() : "step";
            b.append(SeedTable.markdown(column, SeedTable.steps(r)));
        }
        b.append(SearchSummary.format(r));
        line(b, "Client    CPU %s s (%s per message), peak heap %s MiB%s",
                Format.seconds(r.client().cpuTime().toNanos()), cpuPerMessage(r),
                Format.mebibytes(r.client().peakHeapBytes()),
                r.client().peakRssBytes().isPresent()
                        ? ", peak RSS " + Format.mebibytes(r.client().peakRssBytes().getAsLong()) + " MiB" : "");
        connections(b, r);
        r.brokerMetrics().ifPresent(m -> {
            line(b, "Broker metrics: %s", m.line());
            m.crossCheck().ifPresent(c -> line(b, "  cross-check with the broker: %s", c.line()));
            m.growth().filter(g -> g.notable()).ifPresent(g -> line(b,
                    "  queues grew by %s%s messages while publishing (%s msg/s)",
                    g.exact() || !g.basis().equals("harness") ? "" : "at least ", Format.count(g.messages()),
                    Format.rate(g.perSecond())));
        });
        r.failure().ifPresent(f -> line(b, "FAILURE   %s", f));
        gates(b, r);
        if (!r.notes().isEmpty()) {
            line(b, "Notes");
            r.notes().forEach(n -> line(b, "  - %s", n));
        }
        return b.toString();
    }

    /** One line per gate and step: the verdict sentence. */
    private static void gates(StringBuilder b, RunResult r) {
        List<GateVerdict> verdicts = r.gates();
        if (verdicts.isEmpty()) {
            return;
        }
        long broken = verdicts.stream().filter(GateVerdict::broken).count();
        line(b, "Gates     %s", broken == 0 ? (verdicts.size() == 1 ? "the one check passed"
                : "all " + verdicts.size() + " checks passed")
                : broken + " of " + verdicts.size() + " checks FAILED");
        verdicts.forEach(v -> line(b, "  %s %s", v.broken() ? "FAIL" : "ok  ", v.sentence()));
    }

    private static void counts(StringBuilder b, RunResult r) {
        CountSnapshot c = r.counts();
        Scenario s = r.scenario();
        if (s.publishing().producers() > 0) {
            StringBuilder p = new StringBuilder();
            p.append(String.format(Locale.ROOT, "  published %s", Format.count(c.published())));
            if (s.publishing().confirms()) {
                p.append(String.format(Locale.ROOT, "  confirmed %s  nacked %s  returned %s  timed out %s"
                                + "  unconfirmed at stop %s", Format.count(c.confirmed()), Format.count(c.nacked()),
                        Format.count(c.returned()), Format.count(c.timedOut()), Format.count(r.unconfirmedAtStop())));
                if (c.released() + c.modified() > 0) {
                    p.append(String.format(Locale.ROOT, "  released %s  modified %s",
                            Format.count(c.released()), Format.count(c.modified())));
                }
            } else if (s.publishing().mandatory()) {
                p.append("  returned ").append(Format.count(c.returned()));
            }
            if (r.unsentAtStop() > 0) {
                p.append("  due but not sent at stop ").append(Format.count(r.unsentAtStop()));
            }
            line(b, "Messages");
            line(b, "%s", p);
        } else {
            line(b, "Messages");
        }
        if (s.consuming().consumers() > 0) {
            StringBuilder q = new StringBuilder();
            q.append(String.format(Locale.ROOT, "  consumed %s  redelivered %s  duplicated %s  out of order %s  lost %s",
                    Format.count(c.consumed()), Format.count(c.redelivered()), Format.count(c.duplicated()),
                    Format.count(c.outOfOrder()), Format.count(c.lost())));
            if (c.foreign() > 0) {
                q.append("  from other runs ").append(Format.count(c.foreign()));
            }
            if (c.unidentified() > 0) {
                q.append("  unidentified ").append(Format.count(c.unidentified()));
            }
            if (c.clockSkew() > 0) {
                q.append("  clock skew ").append(Format.count(c.clockSkew()));
            }
            r.leftInQueues().ifPresent(n -> q.append("  left in queue ").append(Format.count(n)));
            line(b, "%s", q);
        } else {
            r.leftInQueues().ifPresent(n -> line(b, "  left in queue %s", Format.count(n)));
        }
        accounting(b, r);
    }

    /** Connections opened in bulk before traffic, and churn, when there were many or any churn. */
    private static void connections(StringBuilder b, RunResult r) {
        io.amqpharness.run.ConnectionStats c = r.connections();
        if (c.opened() >= 100 || c.idle() > 0 || c.retries() > 0) {
            line(b, "Connections %s opened in %s s (%s/s)%s%s", Format.count(c.opened()),
                    Format.seconds(c.openingTime().toNanos()), Format.rate(c.openedPerSecond()),
                    c.idle() > 0 ? ", " + Format.count(c.idle()) + " of them idle" : "",
                    c.retries() > 0 ? "; " + Format.count(c.retries()) + " opens failed and were retried" : "");
        }
        c.churn().ifPresent(ch -> line(b, "Churn     %s connections opened (%s/s) and %s closed, %s failed%s%s",
                Format.count(ch.opened()), Format.rate(ch.opensPerSecond()), Format.count(ch.closed()),
                Format.count(ch.failed()), ch.firstFailure().map(f -> " (first: " + f + ")").orElse(""),
                ch.behind() > 0 ? "; " + Format.count(ch.behind()) + " opens started over 1 s late" : ""));
    }

    /** Connections the broker dropped, when it did. */
    private static void outages(StringBuilder b, RunResult r) {
        io.amqpharness.measure.Outages.Summary o = r.outages();
        if (o.disconnects() == 0) {
            return;
        }
        io.amqpharness.measure.Outages.Connection worst = o.connections().stream()
                .max(java.util.Comparator.comparing(io.amqpharness.measure.Outages.Connection::longest)).orElseThrow();
        long stillDown = o.connections().stream().filter(io.amqpharness.measure.Outages.Connection::stillDown).count();
        line(b, "  recovered from %d disconnect%s on %d connection%s: down %s s in all, longest %s s (%s)%s%s",
                o.disconnects(), o.disconnects() == 1 ? "" : "s", o.connections().size(),
                o.connections().size() == 1 ? "" : "s", Format.seconds(o.downtime().toNanos()),
                Format.seconds(worst.longest().toNanos()), worst.name(),
                stillDown > 0 ? "; " + stillDown + " still down at the end" : "",
                r.counts().inDoubt() > 0 ? "; " + Format.count(r.counts().inDoubt())
                        + (r.counts().inDoubt() == 1 ? " message" : " messages")
                        + " in doubt (unconfirmed when their connection dropped: those that never arrived count as lost)" : "");
    }

    /** How long the broker blocked publishers, and AMQP 1.0 publishers waited for credit, when they did. */
    private static void blocking(StringBuilder b, RunResult r) {
        io.amqpharness.measure.FlowBlocks.Summary blocks = r.blocking();
        if (blocks.episodes() > 0) {
            line(b, "  blocked by the broker %s s in all, %d time%s%s", Format.seconds(blocks.time().toNanos()),
                    blocks.episodes(), blocks.episodes() == 1 ? "" : "s",
                    blocks.reasons().isEmpty() ? "" : " (" + String.join("; ", blocks.reasons()) + ")");
        }
        if (blocks.creditWaits() > 0) {
            line(b, "  waited for AMQP 1.0 link credit %s s in all, %d time%s (over 100 ms without credit: the broker "
                    + "grants none during a resource alarm, and little to a queue slow to take messages)",
                    Format.seconds(blocks.creditWait().toNanos()), blocks.creditWaits(),
                    blocks.creditWaits() == 1 ? "" : "s");
        }
    }

    private static void accounting(StringBuilder b, RunResult r) {
        CountSnapshot c = r.counts();
        StringBuilder a = new StringBuilder("  accounting: ");
        boolean any = false;
        if (r.scenario().publishing().confirms()) {
            long unexplained = r.unaccountedPublished();
            a.append(String.format(Locale.ROOT, "published %s = settled %s + %sunconfirmed %s %s",
                    Format.count(c.published()), Format.count(c.settled()),
                    c.inDoubt() > 0 ? "in doubt " + Format.count(c.inDoubt()) + " + " : "",
                    Format.count(r.unconfirmedAtStop()), verdict(unexplained)));
            any = true;
        }
        if (r.unaccountedDeliveries().isPresent()) {
            if (any) {
                a.append("; ");
            }
            a.append(String.format(Locale.ROOT, "expected deliveries %s = consumed once %s%s + left in queue %s %s",
                    Format.count(r.expectedDeliveries().getAsLong()), Format.count(c.ownUnique()),
                    c.inDoubtArrived() > 0 ? " - in doubt " + Format.count(c.inDoubtArrived()) : "",
                    Format.count(r.leftInQueues().orElse(0)), verdict(r.unaccountedDeliveries().getAsLong())));
            any = true;
        }
        if (any) {
            line(b, "%s", a);
        }
    }

    /** "ok", or how many messages the counts do not explain. */
    private static String verdict(long unexplained) {
        if (unexplained == 0) {
            return "(ok)";
        }
        return unexplained > 0 ? "(MISMATCH: " + Format.count(unexplained) + " unexplained)"
                : "(" + Format.count(-unexplained) + " more than expected: deliveries of messages still unconfirmed)";
    }

    private static void rates(StringBuilder b, RunResult r) {
        Scenario s = r.scenario();
        StringBuilder x = new StringBuilder("Rates     ");
        if (s.publishing().producers() > 0) {
            x.append("sent ").append(Format.rate(r.rates().sent())).append(" msg/s  ");
            if (s.publishing().confirms()) {
                x.append("confirmed ").append(Format.rate(r.rates().confirmed())).append(" msg/s  ");
            }
        }
        if (s.consuming().consumers() > 0) {
            x.append("received ").append(Format.rate(r.rates().received())).append(" msg/s  ");
            x.append("end-to-end ").append(Format.rate(r.rates().endToEnd())).append(" msg/s");
        }
        line(b, "%s", x.toString().stripTrailing());
    }

    private static void latency(StringBuilder b, RunResult r) {
        b.append(String.format(Locale.ROOT, "Latency (ms)   %s%n", header()));
        boolean any = false;
        for (Metric m : Metric.values()) {
            any |= row(b, m.label(), r.latency(m));
        }
        if (!any) {
            line(b, "  (no latency recorded)");
            return;
        }
        if (r.intervals().size() > 1) {
            line(b, "Highest value of each percentile in any one %s interval:",
                    io.amqpharness.scenario.Durations.format(r.scenario().run().interval()));
            for (Metric m : Metric.values()) {
                row(b, m.label(), r.maxOverIntervals(m));
            }
        }
        if (!r.paced() && r.scenario().publishing().producers() > 0) {
            line(b, "  closed loop: latency is measured from the actual send, not an intended schedule");
        }
    }

    private static boolean row(StringBuilder b, String label, LatencySummary l) {
        if (l.isEmpty()) {
            return false;
        }
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-13s", label));
        long[] values = {l.min(), l.p50(), l.p75(), l.p90(), l.p95(), l.p99(), l.p999(), l.p9999(), l.max()};
        for (long v : values) {
            row.append(String.format(Locale.ROOT, "%9s", Format.millis(v)));
        }
        row.append(String.format(Locale.ROOT, "%13s", Format.count(l.count())));
        line(b, "%s", row);
        return true;
    }

    private static String header() {
        StringBuilder h = new StringBuilder();
        for (String p : LADDER) {
            h.append(String.format(Locale.ROOT, "%9s", p));
        }
        h.append(String.format(Locale.ROOT, "%13s", "count"));
        return h.toString().substring(1);
    }

    private static String cpuPerMessage(RunResult r) {
        long messages = Math.max(r.counts().published(), r.counts().consumed());
        if (messages == 0) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.1f µs", r.client().cpuTime().toNanos() / 1e3 / messages);
    }

    private static void line(StringBuilder b, String format, Object... args) {
        b.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
