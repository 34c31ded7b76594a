package io.amqpharness.report.html;

import static io.amqpharness.report.html.Html.escape;

import io.amqpharness.report.document.FaultEntry;
import io.amqpharness.report.document.ResultDocument;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The report's table of the faults of {@code --fault}: a row per fault with when it was made and undone, the
 * longest gaps in sends and confirms, the time to the first confirm and delivery, in doubt and lost, and per
 * node the connections that dropped. Empty text without faults. Stateless.
 */
final class FaultTable {
    private FaultTable() {
    }

    /** The section, or {@code ""} when the run had no faults. */
    static String section(ResultDocument r) {
        if (r.faults().isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<section class=\"wide\"><h2>Faults (seconds from the start of publishing)"
                + "</h2><table class=\"num\"><thead><tr><th>fault</th><th>made</th><th>undone</th>"
                + "<th>longest gap in sends</th><th>in confirms</th><th>first confirm after</th>"
                + "<th>first delivery after</th><th>in doubt</th><th>lost</th><th>connections dropped per node</th>"
                + "</tr></thead><tbody>");
        for (FaultEntry f : r.faults()) {
            StringBuilder nodes = new StringBuilder();
            for (FaultEntry.FaultNode n : f.nodes()) {
                nodes.append(nodes.length() == 0 ? "" : "; ").append(n.node()).append(' ').append(n.dropped())
                        .append('/').append(n.connections());
                if (n.dropped() > 0) {
                    nodes.append(" (longest ").append(s(n.longestOutage())).append(')');
                }
            }
            h.append("<tr><th>").append(escape(f.fault())).append(f.error().map(e -> "<br>FAILED: " + escape(e))
                            .orElse("")).append("</th><td>").append(s(f.made())).append("</td><td>")
                    .append(s(f.undone())).append("</td><td>").append(s(f.sendGap())).append("</td><td>")
                    .append(s(f.confirmGap())).append("</td><td>").append(s(f.firstConfirm())).append("</td><td>")
                    .append(s(f.firstDelivery())).append("</td><td>").append(f.inDoubt()).append("</td><td>")
                    .append(f.lost()).append("</td><td>").append(escape(nodes.toString())).append("</td></tr>");
        }
        return h.append("</tbody></table><p class=\"hint\">Gaps and first confirm or delivery to within 10 ms, from "
                + "the harness's samples of its counters; a gap reaches back to the last send or confirm before the "
                + "fault. The first confirm and delivery are timed from when the fault was made.</p></section>").toString();
    }

    private static String s(OptionalLong nanos) {
        return nanos.isPresent() ? s(nanos.getAsLong()) : "-";
    }

    private static String s(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e9);
    }
}
