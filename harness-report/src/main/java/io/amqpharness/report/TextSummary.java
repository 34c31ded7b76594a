package io.amqpharness.report;

import static io.amqpharness.report.Format.line;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Durations;
import io.amqpharness.spi.AddressOrder;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The final summary of a run as plain text, rendered from its result document: counts, rates, a
 * percentile ladder, steps, the search, costs, the broker's side, gates and notes. A merged result
 * prints the same sections (those its document has), then a row per instance. Stateless.
 */
public final class TextSummary {
    private static final String[] LADDER = {"min", "p50", "p75", "p90", "p95", "p99", "p99.9", "p99.99", "max"};

    private TextSummary() {
    }

    /**
     * The summary of a run, from its document ({@link RunDocument#of}): build the document once and
     * pass it here, to the files and to the report rather than calling this.
     */
    public static String format(RunResult r) {
        return format(RunDocument.of(r));
    }

    /** The summary of a result document: one run's, or a merged one (then with a row per instance). */
    public static String format(ResultDocument d) {
        return format(d, brokerText(d), d.queues().isEmpty() ? null : queueText(d));
    }

    /**
     * The summary of all groups of a grouped run ({@code --group}): {@link #format(ResultDocument)} of {@code all},
     * whose {@code Broker} and {@code Queue} lines give each group's broker, protocol, queues and queue type (the
     * merged document's are the top level's, which no group may have run), those the groups share once.
     *
     * @param all    the document of all groups together
     * @param names  the groups' names, in order
     * @param groups each group's own document, in the same order
     * @return the summary text, ending with a newline
     */
    public static String formatGroups(ResultDocument all, List<String> names, List<ResultDocument> groups) {
        if (names.size() != groups.size() || groups.isEmpty()) {
            throw new IllegalArgumentException("a name for each group's document, and at least one group");
        }
        java.util.Map<String, List<String>> brokers = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<String>> queues = new java.util.LinkedHashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            brokers.computeIfAbsent(brokerText(groups.get(i)), k -> new java.util.ArrayList<>()).add(names.get(i));
            if (!groups.get(i).queues().isEmpty()) {
                queues.computeIfAbsent(queueText(groups.get(i)), k -> new java.util.ArrayList<>()).add(names.get(i));
            }
        }
        return format(all, byGroups(brokers, names.size()), queues.isEmpty() ? null : byGroups(queues, names.size()));
    }

    /** {@code g1, g2: A; g3: B}, or {@code A, every group} when every group has it. */
    private static String byGroups(java.util.Map<String, List<String>> what, int groups) {
        if (what.size() == 1 && what.values().iterator().next().size() == groups) {
            return what.keySet().iterator().next() + (groups > 1 ? ", every group" : "");
        }
        StringBuilder b = new StringBuilder();
        what.forEach((text, names) -> b.append(b.length() == 0 ? "" : "; ").append(String.join(", ", names))
                .append(": ").append(text));
        return b.toString();
    }

    private static String brokerText(ResultDocument d) {
        return String.format(Locale.ROOT, "%s %s at %s over %s", d.broker().product(), d.broker().version(),
                DocumentFacts.addresses(d), d.scenario().protocol());
    }

    private static String queueText(ResultDocument d) {
        return String.format(Locale.ROOT, "%s (%s)", String.join(", ", d.queues()), d.scenario().queueType());
    }

    private static String format(ResultDocument d, String broker, String queue) {
        StringBuilder b = new StringBuilder(2048);
        line(b, "Run %s %s after %s s (publishing %s%s)", d.runId(),
                d.failed() ? "FAILED" : d.interrupted() ? "interrupted" : "finished", Format.seconds(d.totalTime()),
                d.interruptedAfter().orElse(Format.seconds(d.publishingTime()) + " s"),
                DocumentFacts.warmup(d).map(w -> "; the first " + Durations.format(w) + " warm-up, not measured")
                        .orElse(""));
        line(b, "Broker    %s", broker);
        String placement = d.driverFacts().get(AddressOrder.FACT);
        if (placement != null) {
            line(b, "Nodes     connections opened per address: %s", placement);
        }
        if (queue != null) {
            line(b, "Queue     %s", queue);
        }
        line(b, "Scenario  %s%s", d.instanceRows().isEmpty() ? "" : "(as " + d.instanceRows().get(0).instance()
                + " ran it) ", String.join(" ", d.scenario().arguments()));
        b.append('\n');
        SummaryCounts.append(b, d);
        outages(b, d);
        blocking(b, d);
        FaultLines.append(b, d);
        rates(b, d);
        b.append(BacklogSummary.format(d));
        latency(b, d);
        SizeLatencyLines.append(b, d);
        if (!d.steps().isEmpty()) {
            line(b, "Steps (end-to-end latency; Max = highest value in any one %s interval of the step)%s",
                    Durations.format(DocumentFacts.interval(d)), SeedTable.warmUp(d));
            String column = d.steps().get(0).values().size() == 1
                    ? d.steps().get(0).values().keySet().iterator().next() : "step";
            b.append(SeedTable.markdown(column, SeedTable.steps(d)));
        }
        b.append(SearchSummary.format(d));
        line(b, "Client    CPU %s s (%s), peak heap %s MiB%s", Format.seconds(d.client().cpuTime()),
                cpuPerMessage(d), Format.mebibytes(d.client().peakHeapBytes()),
                d.client().peakRssBytes().isPresent()
                        ? ", peak RSS " + Format.mebibytes(d.client().peakRssBytes().getAsLong()) + " MiB" : "");
        connections(b, d);
        BrokerLines.append(b, d.brokerMetrics(), d.scenario().protocol().equals("stream"));
        d.failure().ifPresent(f -> line(b, "FAILURE   %s", f));
        gates(b, d.gates());
        if (!d.notes().isEmpty()) {
            line(b, "Notes");
            d.notes().forEach(n -> line(b, "  - %s", n));
        }
        InstanceTable.append(b, d);
        return b.toString();
    }

    /** One line per gate and step: the verdict sentence. */
    private static void gates(StringBuilder b, List<ResultDocument.Gate> verdicts) {
        if (verdicts.isEmpty()) {
            return;
        }
        long broken = verdicts.stream().filter(ResultDocument.Gate::broken).count();
        line(b, "Gates     %s", broken == 0 ? (verdicts.size() == 1 ? "the one check passed"
                : "all " + verdicts.size() + " checks passed")
                : broken + " of " + verdicts.size() + " checks FAILED");
        verdicts.forEach(v -> line(b, "  %s %s", v.broken() ? "FAIL" : "ok  ", v.sentence()));
    }

    /** Connections opened in bulk before traffic, and churn, when there were many or any churn. */
    private static void connections(StringBuilder b, ResultDocument d) {
        ResultDocument.Connections c = d.connections();
        if (c == null) {
            return;
        }
        if (c.opened() >= 100 || c.idle() > 0 || c.retries() > 0) {
            line(b, "Connections %s opened in %s s (%s/s)%s%s", Format.count(c.opened()),
                    Format.seconds(c.openingTime()), Format.rate(c.openedPerSecond()),
                    c.idle() > 0 ? ", " + Format.count(c.idle()) + " of them idle" : "",
                    c.retries() > 0 ? "; " + Format.count(c.retries()) + " opens failed and were retried" : "");
        }
        c.churn().ifPresent(ch -> line(b, "Churn     %s connections opened (%s/s) and %s closed, %s failed%s%s",
                Format.count(ch.opened()), Format.rate(ch.opensPerSecond()), Format.count(ch.closed()),
                Format.count(ch.failed()), ch.firstFailure().map(f -> " (first: " + f + ")").orElse(""),
                ch.behind() > 0 ? "; " + Format.count(ch.behind()) + " opens started over 1 s late" : ""));
    }

    /** Connections the broker dropped, when it did. */
    private static void outages(StringBuilder b, ResultDocument d) {
        ResultDocument.Outages o = d.outages();
        if (o.disconnects() == 0 || o.connections().isEmpty()) {
            return;
        }
        ResultDocument.Outage worst = o.connections().stream()
                .max(Comparator.comparingLong(ResultDocument.Outage::longest)).orElseThrow();
        long stillDown = o.connections().stream().filter(ResultDocument.Outage::stillDown).count();
        long inDoubt = d.counts().inDoubt();
        line(b, "  recovered from %d disconnect%s on %d connection%s: down %s s in all, longest %s s (%s)%s%s",
                o.disconnects(), o.disconnects() == 1 ? "" : "s", o.connections().size(),
                o.connections().size() == 1 ? "" : "s", Format.seconds(o.downtime()),
                Format.seconds(worst.longest()), worst.name(),
                stillDown > 0 ? "; " + stillDown + " still down at the end" : "",
                inDoubt > 0 ? "; " + Format.count(inDoubt) + (inDoubt == 1 ? " message" : " messages")
                        + " in doubt (unconfirmed when their connection dropped: those that never arrived count as lost)"
                        : "");
    }

    /** How long the broker blocked publishers, and AMQP 1.0 publishers waited for credit, when they did. */
    private static void blocking(StringBuilder b, ResultDocument d) {
        ResultDocument.Blocking blocks = d.blocking();
        if (blocks.episodes() > 0) {
            line(b, "  blocked by the broker %s s in all, %d time%s%s", Format.seconds(blocks.time()),
                    blocks.episodes(), blocks.episodes() == 1 ? "" : "s",
                    blocks.reasons().isEmpty() ? "" : " (" + String.join("; ", blocks.reasons()) + ")");
        }
        if (blocks.creditWaits() > 0) {
            line(b, "  waited for AMQP 1.0 link credit %s s in all, %d time%s (over 100 ms without credit: the broker "
                    + "grants none during a resource alarm, and little to a queue slow to take messages)",
                    Format.seconds(blocks.creditWait()), blocks.creditWaits(), blocks.creditWaits() == 1 ? "" : "s");
        }
    }

    private static void rates(StringBuilder b, ResultDocument d) {
        StringBuilder x = new StringBuilder("Rates     ");
        if (d.scenario().producers() > 0) {
            x.append("sent ").append(Format.rate(d.rates().sent())).append(" msg/s  ");
            if (d.scenario().confirms()) {
                x.append("confirmed ").append(Format.rate(d.rates().confirmed())).append(" msg/s  ");
            }
        }
        if (DocumentFacts.consumers(d)) {
            x.append("received ").append(Format.rate(d.rates().received())).append(" msg/s  ");
            x.append("end-to-end ").append(Format.rate(d.rates().endToEnd())).append(" msg/s");
        }
        line(b, "%s", x.toString().stripTrailing());
    }

    private static void latency(StringBuilder b, ResultDocument d) {
        b.append(String.format(Locale.ROOT, "Latency (ms)   %s%n", header()));
        boolean any = false;
        for (Metric m : Metric.values()) {
            any |= row(b, m.label(), DocumentFacts.ladder(d.latency(), m));
        }
        if (!any) {
            line(b, "  (no latency recorded)");
            return;
        }
        StringBuilder highest = new StringBuilder();
        boolean anyHighest = false;
        for (Metric m : Metric.values()) {
            anyHighest |= d.intervals().size() > 1 && row(highest, m.label(), DocumentFacts.maxOverIntervals(d, m));
        }
        if (anyHighest) {
            line(b, "Highest value of each percentile in any one %s interval:",
                    Durations.format(DocumentFacts.interval(d)));
            b.append(highest);
        }
        if (!d.paced() && d.scenario().producers() > 0) {
            line(b, "  closed loop: latency is measured from the actual send, not an intended schedule");
        }
    }

    private static boolean row(StringBuilder b, String label, Ladder l) {
        if (!l.any()) {
            return false;
        }
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-13s", label));
        for (String rung : Ladder.RUNGS) {
            row.append(String.format(Locale.ROOT, "%9s", Format.millis(l.rung(rung))));
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

    /**
     * The CPU per message of the measured period (after the warm-up, to the end of publishing), and the
     * process's CPU since the JVM started; a result file without them divides the run's CPU by all its
     * messages, and says so.
     */
    private static String cpuPerMessage(ResultDocument d) {
        ResultDocument.Client client = d.client();
        String since = client.processCpuTime().isPresent()
                ? "; " + Format.seconds(client.processCpuTime().getAsLong()) + " s since the JVM started" : "";
        if (client.cpuNanosPerMessage().isPresent()) {
            return String.format(Locale.ROOT, "%.1f µs per message while measuring", client.cpuNanosPerMessage()
                    .getAsDouble() / 1e3) + since;
        }
        if (client.measuredMessages().isPresent()) {
            return "no message while measuring" + since;
        }
        Counts c = d.counts();
        long messages = Math.max(c.published(), c.consumed());
        if (messages == 0) {
            return "n/a per message" + since;
        }
        return String.format(Locale.ROOT, "%.1f µs per message over the whole run", client.cpuTime() / 1e3 / messages)
                + since;
    }
}
