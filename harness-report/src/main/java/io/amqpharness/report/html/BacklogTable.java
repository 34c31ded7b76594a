package io.amqpharness.report.html;

import static io.amqpharness.report.html.Html.escape;

import io.amqpharness.report.Format;
import io.amqpharness.report.document.BacklogSection;
import io.amqpharness.report.document.ResultDocument;

/** The section of {@code report.html} for a backlog run ({@code --backlog}): fill, drain, publishers. */
final class BacklogTable {
    private BacklogTable() {
    }

    /** The backlog section; empty for a run without a backlog. */
    static String section(ResultDocument r) {
        if (r.backlog().isEmpty()) {
            return "";
        }
        BacklogSection s = r.backlog().get();
        StringBuilder rows = new StringBuilder();
        row(rows, "backlog asked for (messages)", Format.count(s.target()));
        row(rows, "reached", s.reached() ? "yes, after " + Format.seconds(s.fillTime()) + " s" : "no");
        if (s.reached()) {
            row(rows, "messages in the queues then", Format.count(s.filled()));
            row(rows, "fill rate (msg/s)", Format.rate(s.fillRate()));
            row(rows, "depth the broker reported", s.depthAtFill().isPresent()
                    ? Format.count(s.depthAtFill().getAsLong()) : "not read");
            row(rows, "consumers arrived", s.consumers() + " in " + Format.seconds(s.arrivalTime()) + " s");
            row(rows, "publishers then", s.then().equals("drain") ? "stopped" : "kept publishing");
            row(rows, "peak backlog", Format.count(s.peakBacklog()));
            row(rows, "time to drain", s.drained() ? Format.seconds(s.drainTime().getAsLong()) + " s"
                    : "not drained before the run ended");
            if (s.drainRate().isPresent()) {
                row(rows, "drain rate (msg/s, net)", Format.rate(s.drainRate().getAsDouble()));
            }
            row(rows, "consumers received (msg/s)", Format.rate(s.consumerRate()));
        }
        StringBuilder pub = new StringBuilder();
        publishers(pub, "while filling", s.beforeDrain());
        s.duringDrain().ifPresent(p -> publishers(pub, "while draining", p));
        return "<section><h2>Backlog</h2><table><tbody>" + rows + "</tbody></table>"
                + "<table><thead><tr><th>publishers</th><th>sent msg/s</th><th>confirmed msg/s</th>"
                + "<th>confirm p50 ms</th><th>confirm p99 ms</th></tr></thead><tbody>" + pub + "</tbody></table>"
                + "<p class=\"hint\">The steps below are the two phases: <code>fill</code> (consumers held back) and "
                + "<code>drain</code> (from the reporting interval in which the backlog was reached).</p></section>";
    }

    private static void row(StringBuilder b, String name, String value) {
        b.append("<tr><th>").append(escape(name)).append("</th><td>").append(escape(value)).append("</td></tr>");
    }

    private static void publishers(StringBuilder b, String phase, BacklogSection.Publishers p) {
        boolean confirms = p.confirm().any();
        b.append("<tr><td>").append(escape(phase)).append("</td><td>").append(escape(Format.rate(p.sent())))
                .append("</td><td>").append(escape(Format.rate(p.confirmed()))).append("</td><td>")
                .append(confirms ? escape(Format.millis(p.confirm().p50())) : "").append("</td><td>")
                .append(confirms ? escape(Format.millis(p.confirm().p99())) : "").append("</td></tr>");
    }
}
