package io.amqpharness.report.html;

import static io.amqpharness.report.html.Html.escape;

import io.amqpharness.report.Format;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.RecordFields;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.SizeBucket;
import io.amqpharness.scenario.SizeMix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's table of end-to-end latency per size of a {@code --size} mix: a row per size, the
 * columns of the whole run's latency table. Empty text for a single size. Stateless.
 */
final class SizeTable {
    private SizeTable() {
    }

    /** The section, or {@code ""} when the run had one size. */
    static String section(ResultDocument r) {
        if (r.latencyBySize().isEmpty()) {
            return "";
        }
        List<String> columns = new ArrayList<>(RecordFields.of(Ladder.EMPTY).keySet());
        columns.remove("count");
        StringBuilder h = new StringBuilder("<section class=\"wide\"><h2>End-to-end latency by message size (ms)</h2>"
                + "<table class=\"num\"><thead><tr><th>size</th><th>share</th>");
        columns.forEach(c -> h.append("<th>").append(escape(Html.words(c))).append("</th>"));
        h.append("<th>count</th></tr></thead><tbody>");
        for (SizeBucket s : r.latencyBySize()) {
            h.append("<tr><th>").append(escape(SizeMix.label(s.bytes()))).append("</th><td>")
                    .append(String.format(Locale.ROOT, "%.1f %%", s.percent())).append("</td>");
            Map<String, Object> values = RecordFields.of(s.endToEnd());
            for (String c : columns) {
                h.append("<td>").append(s.endToEnd().any()
                        ? Format.millis(Math.round(((Number) values.get(c)).doubleValue())) : "-").append("</td>");
            }
            h.append("<td>").append(Format.count(s.endToEnd().count())).append("</td></tr>");
        }
        return h.append("</tbody></table><p class=\"hint\">Each message's size was drawn from the shares of "
                + "<code>--size</code> (seeded by <code>--seed</code>); its end-to-end latency is counted in the row "
                + "of its body length. The warm-up is left out.</p></section>").toString();
    }
}
