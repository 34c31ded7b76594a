package io.amqpharness.report;

import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.BrokerSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The summary's lines about the broker's side of a run: source and peaks, the cross-check, queue growth.
 * Each figure says what it covers: a cluster's memory and CPU are over its nodes, or one node's; a
 * stream run's counts are of stream entries when it used sub-entries, its queue growth is consumer lag,
 * and the management API leaves stream connections out of its count.
 */
final class BrokerLines {
    /** Queue growth from this many messages on is worth a line: enough to explain latency. */
    private static final long NOTABLE_GROWTH = 1_000;

    private BrokerLines() {
    }

    /**
     * The broker-metrics lines, none without broker metrics.
     *
     * @param stream true for a {@code --protocol stream} run
     */
    static void append(StringBuilder b, Optional<BrokerMetrics> metrics, boolean stream) {
        metrics.ifPresent(m -> {
            Format.line(b, "Broker metrics: %s", line(m, stream));
            m.crossCheck().ifPresent(c -> Format.line(b, "  cross-check with the broker: %s", line(c)));
            m.growth().filter(g -> g.messages() >= NOTABLE_GROWTH).ifPresent(g -> Format.line(b,
                    stream ? "  consumers fell %s%s messages behind the stream while publishing (consumer lag, %s msg/s)"
                            : "  queues grew by %s%s messages while publishing (%s msg/s)",
                    g.exact().orElse(false) || !g.basis().equals("harness") ? "" : "at least ",
                    Format.count(g.messages()), Format.rate(g.perSecond())));
        });
    }

    /** Source, peaks, alarms, leader; or that the broker was not read. */
    static String line(BrokerMetrics m) {
        return line(m, false);
    }

    /** Source, peaks, alarms, leader; or that the broker was not read; {@code stream} for a stream run. */
    static String line(BrokerMetrics m, boolean stream) {
        if (m.unavailable().isPresent()) {
            return "not read (see the notes)";
        }
        StringBuilder b = new StringBuilder();
        b.append(m.source().orElse("?")).append(' ').append(m.url().orElse(""))
                .append(String.format(Locale.ROOT, " (%d samples)", m.samples()));
        m.peakDepth().ifPresent(d -> b.append(String.format(Locale.ROOT, ": queue depth max %,d", d)));
        m.peakMemoryBytes().ifPresent(x -> b.append(String.format(Locale.ROOT, ", memory max %.1f MiB", x / 1048576.0)));
        m.memoryLimitBytes().ifPresent(x -> b.append(String.format(Locale.ROOT, " of %.1f MiB", x / 1048576.0)));
        int nodes = m.last().map(l -> l.nodes().size()).orElse(1);
        if (m.peakMemoryBytes().isPresent() && nodes > 1) {
            b.append(" over ").append(nodes).append(" nodes");
        }
        b.append(m.peakCpuCores().isPresent()
                ? String.format(Locale.ROOT, ", CPU max %.2f cores", m.peakCpuCores().getAsDouble()) + cpuNodes(m, nodes)
                : ", CPU n/a");
        // The management API counts no stream connections, and the stream protocol has no channels.
        boolean streamsUncounted = stream && m.source().orElse("").equals("management");
        m.peakConnections().ifPresent(c -> b.append(String.format(Locale.ROOT, ", %sconnections max %,d",
                streamsUncounted ? "non-stream " : "", c)));
        if (!stream) {
            m.peakChannels().ifPresent(c -> b.append(String.format(Locale.ROOT, ", channels max %,d", c)));
        }
        b.append(", alarms ").append(m.alarms().isEmpty() ? "none" : String.join(" ", m.alarms()));
        m.last().flatMap(BrokerLines::leader).ifPresent(l -> b.append(", leader ").append(l));
        return b.toString();
    }

    /**
     * Which nodes the CPU figure covers, for a cluster: every node's endpoint was read and added up, or
     * one node's only ({@code cpuUrl} lists the endpoints read, separated by spaces).
     */
    private static String cpuNodes(BrokerMetrics m, int nodes) {
        if (m.cpuUrl().isEmpty() || nodes < 2) {
            return "";
        }
        String[] urls = m.cpuUrl().get().trim().split("\\s+");
        return urls.length > 1 ? " over " + urls.length + " nodes" : " on the node at " + urls[0] + " only";
    }

    /** {@code published 50,000 (harness 50,000), delivered 50,000 (harness 50,000): agree (...)}. */
    static String line(BrokerMetrics.CrossCheck c) {
        List<String> parts = new ArrayList<>();
        String atLeast = c.brokerRestarts() > 0 ? " at least" : "";
        part(parts, "published" + atLeast, c.brokerPublished(), c.harnessPublished(), c.entrySize());
        part(parts, "delivered" + atLeast, c.brokerDelivered(), c.harnessDelivered(), c.entrySize());
        String verdict = switch (c.outcome()) {
            case "nothing" -> ": nothing to compare";
            case "agree" -> ": agree";
            case "differ" -> ": DIFFER";
            default -> ": not checked, the broker's counters cover only part of the run (a broker restart, "
                    + "or a queue gone)";
        };
        return String.join(", ", parts) + verdict + " ("
                + (c.basis().equals("queues") ? "counters of the run's queues" : "node-wide counters")
                + (c.entrySize() > 1 ? "; the broker counts stream entries, the harness messages" : "") + ")";
    }

    /** One count; with sub-entries of up to {@code n} messages, the broker's entries next to the harness's messages. */
    private static void part(List<String> parts, String what, OptionalLong broker, OptionalLong harness, int n) {
        if (broker.isEmpty()) {
            return;
        }
        if (n == 1) {
            parts.add(String.format(Locale.ROOT, "%s %,d", what, broker.getAsLong())
                    + (harness.isPresent() ? String.format(Locale.ROOT, " (harness %,d)", harness.getAsLong()) : ""));
            return;
        }
        parts.add(String.format(Locale.ROOT, "%s %,d entries", what, broker.getAsLong()) + (harness.isPresent()
                ? String.format(Locale.ROOT, " (harness %,d messages: %,d to %,d entries of up to %d)",
                        harness.getAsLong(), (harness.getAsLong() + n - 1) / n, harness.getAsLong(), n) : ""));
    }

    /** The leader (or host) of the first queue that names one. */
    private static Optional<String> leader(BrokerSample s) {
        return s.queues().stream().map(BrokerSample.Queue::leader).flatMap(Optional::stream).findFirst();
    }
}
