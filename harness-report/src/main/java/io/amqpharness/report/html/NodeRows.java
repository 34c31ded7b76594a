package io.amqpharness.report.html;

import com.fasterxml.jackson.databind.JsonNode;
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

    static String table(JsonNode r) {
        Set<String> nodes = new LinkedHashSet<>();
        for (JsonNode i : r.path("intervals")) {
            for (JsonNode n : i.path("broker").path("nodes")) {
                nodes.add(n.path("name").asText());
            }
        }
        if (nodes.size() < 2) {
            return "";
        }
        StringBuilder h = new StringBuilder("<table class=\"num\"><thead><tr><th>interval end (s)</th>");
        for (String n : nodes) {
            h.append("<th>").append(Html.escape(n)).append(" memory (MiB)</th>");
        }
        h.append("<th>queue leaders</th></tr></thead><tbody>");
        for (JsonNode i : r.path("intervals")) {
            h.append("<tr><td>").append(String.format(Locale.ROOT, "%.1f", i.path("elapsed").asLong() / 1e9)).append("</td>");
            JsonNode b = i.path("broker");
            for (String n : nodes) {
                h.append("<td>").append(b.isObject() ? memory(b, n) : "no sample").append("</td>");
            }
            List<String> leaders = new ArrayList<>();
            for (JsonNode q : b.path("queues")) {
                if (q.path("leader").isTextual()) {
                    leaders.add(q.path("name").asText() + ": " + q.path("leader").asText());
                }
            }
            h.append("<td>").append(Html.escape(String.join(", ", leaders))).append("</td></tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    private static String memory(JsonNode broker, String node) {
        for (JsonNode n : broker.path("nodes")) {
            if (n.path("name").asText().equals(node)) {
                return n.path("memoryBytes").isNumber()
                        ? String.format(Locale.ROOT, "%,.1f", n.path("memoryBytes").asLong() / 1048576.0) : "up";
            }
        }
        return "<span class=\"bad\">down</span>";
    }
}
