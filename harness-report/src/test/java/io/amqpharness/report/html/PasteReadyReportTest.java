package io.amqpharness.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.build.RunDocument;
import io.amqpharness.run.SyntheticRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** report.html leads with the numbers a pull request or a chat needs, in people's units. */
class PasteReadyReportTest {
    private static String single() {
        return HtmlReport.render(List.of(new ReportRun("abc123",
                RunDocument.of(SyntheticRun.create(10, 1000, 1000).result))));
    }

    @Test
    void theKeyNumbersAndVerdictsComeBeforeTheCharts() {
        String html = single();
        int key = html.indexOf("<h2>Key numbers</h2>");
        int charts = html.indexOf("<section class=\"charts\">");
        assertThat(key).as("a Key numbers section").isPositive();
        assertThat(key).as("above the charts").isLessThan(charts);
        String top = html.substring(key, charts);
        assertThat(top).contains("throughput", "e2e p50", "e2e p99", "confirm p99", "lost", "1,000 msg/s",
                "Accounting", "published 10,000 = settled 10,000 + unconfirmed 0 (ok)", "Gates", "lost&gt;0");
    }

    @Test
    void zeroCountsAreFoldedAwayFromTheMessagesTable() {
        String html = single();
        int messages = html.indexOf("<h2>Messages</h2>");
        String table = html.substring(messages, html.indexOf("</div>", messages));
        String visible = table.substring(0, table.indexOf("<details"));
        assertThat(visible).contains("<th>published</th>", "<th>consumed</th>", "unaccounted for");
        assertThat(visible).as("zero rows outside the fold").doesNotContain("<th>nacked</th>", "<th>clock skew</th>");
        assertThat(table).contains("show all", "<th>nacked</th>");
    }

    @Test
    void timesAndDurationsAreForPeople() {
        String html = single();
        assertThat(html).contains("2026-11-21 10:00:00 UTC").doesNotContain("2026-11-21T10:00:00Z");
        assertThat(html).doesNotContainPattern("[0-9]{7,}ns");
        assertThat(Html.durations("The first 5007613191ns were warm-up: left out."))
                .isEqualTo("The first 5.0 s were warm-up: left out.");
    }

    @Test
    void theStepsTablePrintsMillisecondsLikeEveryOtherTable() {
        String html = single();
        int steps = html.indexOf("<h2>Steps</h2>");
        String table = html.substring(steps, html.indexOf("</table>", steps));
        assertThat(table).doesNotContainPattern("<td>[0-9]{4,}\\.[0-9]+</td>").containsPattern("<td>[0-9],[0-9]{3}</td>");
    }
}
