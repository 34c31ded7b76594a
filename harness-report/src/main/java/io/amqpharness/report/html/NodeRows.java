package io.amqpharness.report.html;

import io.amqpharness.report.document.BrokerSample;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.ResultDocument;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A row per reporting interval and a column per broker node, for runs against a cluster: each
 * node's memory, or "down" when the broker's node list left it out, and each queue's leader, so a
 * node failure and a leader change can be read off the report. Empty for a single node.
 */
final class NodeRows {
    private NodeRows() {
    }

    static String table(ResultDocument r) {
        Set<String> nodes = new LinkedHashSet<>();
        for (Interval i : r.intervals()) {
            i.broker().ifPresent(b -> b.nodes().forEach(n -> nodes.add(n.name())));
        }
        if (nodes.size() < 2) {
            return "";
        }
        StringBuilder h = new StringBuilder("<table class=\"num\"><thead><tr><th>interval end (s)</th>");
        for (String n : nodes) {
            h.append("<th>").append(Html.escape(n)).append(" memory (MiB)</th>");
        }
        h.append("<th>queue leaders</th></tr></thead><tbody>");
        for (Interval i : r.intervals()) {
            h.append("<tr><td>").append(String.format(Locale.ROOT, "%.1f", i.elapsed() / 1e9)).append("</td>");
            for (String n : nodes) {
                h.append("<td>").append(i.broker().map(b -> memory(b, n)).orElse("no sample")).append("</td>");
            }
            List<String> leaders = new ArrayList<>();
            for (BrokerSample.Queue q : i.broker().map(BrokerSample::queues).orElse(List.of())) {
                q.leader().ifPresent(l -> leaders.add(q.name() + ": " + l));
            }
            h.append("<td>").append(Html.escape(String.join(", ", leaders))).append("</td></tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    private static String memory(BrokerSample broker, String node) {
        for (BrokerSample.Node n : broker.nodes()) {
            if (n.name().equals(node)) {
                return n.memoryBytes().isPresent()
                        ? String.format(Locale.ROOT, "%,.1f", n.memoryBytes().getAsLong() / 1048576.0) : "up";
            }
        }
        return "<span class=\"bad\">down</span>";
    }
}
