package io.amqpharness.report.html;

import static io.amqpharness.report.html.Tables.kv;

import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.ResultDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The report's broker-metrics table, from the result's broker section: what the broker's counters
 * said and how they compare with the harness's.
 */
final class BrokerTable {
    private BrokerTable() {
    }

    /** The broker's side of the run ({@code brokerMetrics}): source, peaks, cross-check, growth; empty if none. */
    static String broker(ResultDocument r) {
        if (r.brokerMetrics().isEmpty()) {
            return "";
        }
        BrokerMetrics b = r.brokerMetrics().get();
        StringBuilder h = new StringBuilder("<table class=\"kv\"><tbody>");
        if (b.unavailable().isPresent()) {
            return h.append(kv("not read", b.unavailable().get(), "")).append("</tbody></table>").toString();
        }
        h.append(kv("source", b.source().orElse("") + " " + b.url().orElse(""), ""));
        if (b.cpuUrl().isPresent() && !b.cpuUrl().equals(b.url())) {
            h.append(kv("CPU from", b.cpuUrl().get(), ""));
        }
        h.append(kv("samples", b.samples() + (b.failed() > 0 ? " (" + b.failed() + " failed)" : ""), ""));
        count(h, "peak queue depth", b.peakDepth());
        mebibytes(h, "peak memory", b.peakMemoryBytes());
        mebibytes(h, "memory limit", b.memoryLimitBytes());
        if (b.peakCpuCores().isPresent()) {
            h.append(kv("peak CPU", String.format(Locale.ROOT, "%.2f cores", b.peakCpuCores().getAsDouble()), ""));
        }
        count(h, "peak connections", b.peakConnections());
        count(h, "peak channels", b.peakChannels());
        h.append(kv("alarms", b.alarms().isEmpty() ? "none" : String.join(", ", b.alarms()), ""));
        if (b.crossCheck().isPresent()) {
            BrokerMetrics.CrossCheck c = b.crossCheck().get();
            h.append(kv("cross-check (" + c.basis()
                            + c.instance().map(i -> ", " + i + "'s counts only").orElse("") + ")", crossCheck(c),
                    c.outcome().equals("differ") ? "bad" : ""));
        }
        if (b.growth().isPresent()) {
            BrokerMetrics.Growth g = b.growth().get();
            boolean atLeast = g.basis().equals("harness") && !g.exact().orElse(true);
            h.append(kv("queue growth while publishing", String.format(Locale.ROOT, "%s%,d messages, %,.0f per second (%s)",
                    atLeast ? "at least " : "", g.messages(), g.perSecond(), g.basis()), ""));
        }
        return h.append("</tbody></table>").toString();
    }

    private static String crossCheck(BrokerMetrics.CrossCheck c) {
        List<String> parts = new java.util.ArrayList<>();
        side(parts, "published", c.brokerPublished(), c.harnessPublished(), c.entrySize());
        side(parts, "delivered", c.brokerDelivered(), c.harnessDelivered(), c.entrySize());
        return String.join("; ", parts) + switch (c.outcome()) {
            case "agree" -> " (agree)";
            case "nothing" -> " (nothing to compare)";
            case "incomplete" -> " (not checked: the broker restarted or a queue disappeared during the run, so its counters, at least "
                    + "these, cover only part of it)";
            default -> " (DIFFER)";
        };
    }

    /** One count; with sub-entries of up to {@code n} messages, the broker's stream entries next to the harness's messages. */
    private static void side(List<String> parts, String what, OptionalLong broker, OptionalLong harness, int n) {
        if (broker.isPresent() && n > 1) {
            parts.add(String.format(Locale.ROOT, "%s: broker %,d stream entries", what, broker.getAsLong())
                    + (harness.isPresent() ? String.format(Locale.ROOT, ", harness %,d messages (%,d to %,d entries "
                    + "of up to %d)", harness.getAsLong(), (harness.getAsLong() + n - 1) / n, harness.getAsLong(), n) : ""));
        } else if (broker.isPresent()) {
            parts.add(String.format(Locale.ROOT, "%s: broker %,d", what, broker.getAsLong())
                    + (harness.isPresent() ? String.format(Locale.ROOT, ", harness %,d", harness.getAsLong()) : ""));
        }
    }

    private static void count(StringBuilder h, String key, OptionalLong v) {
        if (v.isPresent()) {
            h.append(kv(key, String.format(Locale.ROOT, "%,d", v.getAsLong()), ""));
        }
    }

    private static void mebibytes(StringBuilder h, String key, OptionalLong bytes) {
        if (bytes.isPresent()) {
            h.append(kv(key, String.format(Locale.ROOT, "%,.1f%s", bytes.getAsLong() * (1.0 / (1 << 20)), " MiB"), ""));
        }
    }
}
