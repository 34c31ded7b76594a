package io.amqpharness.report;

import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.BrokerSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/** The summary's lines about the broker's side of a run: source and peaks, the cross-check, queue growth. */
final class BrokerLines {
    /** Queue growth from this many messages on is worth a line: enough to explain latency. */
    private static final long NOTABLE_GROWTH = 1_000;

    private BrokerLines() {
    }

    /** The broker-metrics lines, none without broker metrics. */
    static void append(StringBuilder b, Optional<BrokerMetrics> metrics) {
        metrics.ifPresent(m -> {
            TextSummary.line(b, "Broker metrics: %s", line(m));
            m.crossCheck().ifPresent(c -> TextSummary.line(b, "  cross-check with the broker: %s", line(c)));
            m.growth().filter(g -> g.messages() >= NOTABLE_GROWTH).ifPresent(g -> TextSummary.line(b,
                    "  queues grew by %s%s messages while publishing (%s msg/s)",
                    g.exact().orElse(false) || !g.basis().equals("harness") ? "" : "at least ",
                    Format.count(g.messages()), Format.rate(g.perSecond())));
        });
    }

    /** Source, peaks, alarms, leader; or that the broker was not read. */
    static String line(BrokerMetrics m) {
        if (m.unavailable().isPresent()) {
            return "not read (see the notes)";
        }
        StringBuilder b = new StringBuilder();
        b.append(m.source().orElse("?")).append(' ').append(m.url().orElse(""))
                .append(String.format(Locale.ROOT, " (%d samples)", m.samples()));
        m.peakDepth().ifPresent(d -> b.append(String.format(Locale.ROOT, ": queue depth max %,d", d)));
        m.peakMemoryBytes().ifPresent(x -> b.append(String.format(Locale.ROOT, ", memory max %.1f MiB", x / 1048576.0)));
        m.memoryLimitBytes().ifPresent(x -> b.append(String.format(Locale.ROOT, " of %.1f MiB", x / 1048576.0)));
        b.append(m.peakCpuCores().isPresent()
                ? String.format(Locale.ROOT, ", CPU max %.2f cores", m.peakCpuCores().getAsDouble()) : ", CPU n/a");
        m.peakConnections().ifPresent(c -> b.append(String.format(Locale.ROOT, ", connections max %,d", c)));
        m.peakChannels().ifPresent(c -> b.append(String.format(Locale.ROOT, ", channels max %,d", c)));
        b.append(", alarms ").append(m.alarms().isEmpty() ? "none" : String.join(" ", m.alarms()));
        m.last().flatMap(BrokerLines::leader).ifPresent(l -> b.append(", leader ").append(l));
        return b.toString();
    }

    /** {@code published 50,000 (harness 50,000), delivered 50,000 (harness 50,000): agree (...)}. */
    static String line(BrokerMetrics.CrossCheck c) {
        List<String> parts = new ArrayList<>();
        String atLeast = c.brokerRestarts() > 0 ? " at least" : "";
        part(parts, "published" + atLeast, c.brokerPublished(), c.harnessPublished());
        part(parts, "delivered" + atLeast, c.brokerDelivered(), c.harnessDelivered());
        String verdict = switch (c.outcome()) {
            case "nothing" -> ": nothing to compare";
            case "agree" -> ": agree";
            case "differ" -> ": DIFFER";
            default -> ": not checked, the broker's counters cover only part of the run (a broker restart, "
                    + "or a queue gone)";
        };
        return String.join(", ", parts) + verdict + " ("
                + (c.basis().equals("queues") ? "counters of the run's queues" : "node-wide counters") + ")";
    }

    private static void part(List<String> parts, String what, OptionalLong broker, OptionalLong harness) {
        if (broker.isPresent()) {
            parts.add(String.format(Locale.ROOT, "%s %,d", what, broker.getAsLong())
                    + (harness.isPresent() ? String.format(Locale.ROOT, " (harness %,d)", harness.getAsLong()) : ""));
        }
    }

    /** The leader (or host) of the first queue that names one. */
    private static Optional<String> leader(BrokerSample s) {
        return s.queues().stream().map(BrokerSample.Queue::leader).flatMap(Optional::stream).findFirst();
    }
}
