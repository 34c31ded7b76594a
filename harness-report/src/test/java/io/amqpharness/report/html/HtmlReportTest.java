package io.amqpharness.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.document.TestDocuments;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.run.SyntheticRun;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** report.html is one self-contained file with the charts and tables of the run. */
class HtmlReportTest {
    private static ReportRun run(int rate, String label) {
        return new ReportRun(label, RunDocument.of(SyntheticRun.create(10, rate, rate).result));
    }

    static void assertSelfContained(String html) {
        assertThat(html).startsWith("<!DOCTYPE html>");
        assertThat(html).doesNotContainPattern("(?i)<script[^>]*\\ssrc\\s*=");
        assertThat(html).doesNotContainPattern("(?i)<link[\\s>]");
        assertThat(html).doesNotContainPattern("(?i)<(img|iframe|embed|object|source)[\\s>]");
        assertThat(html).doesNotContainPattern("(?i)(src|href|action)\\s*=\\s*[\"']?\\s*(https?:)?//");
        assertThat(html).doesNotContainPattern("(?i)@import|url\\(\\s*[\"']?\\s*(https?:)?//");
        assertThat(html).doesNotContain("sourceMappingURL");
        // Chart.js is inlined, not referenced.
        assertThat(html).contains("Chart.js v" + ChartLibrary.version()).contains("new Chart(");
        assertThat(html.length()).isGreaterThan(150_000);
    }

    /** The embedded chart data. */
    static JsonNode data(String html) throws Exception {
        Matcher m = Pattern.compile("<script id=\"report-data\" type=\"application/json\">(.*?)</script>",
                Pattern.DOTALL).matcher(html);
        assertThat(m.find()).isTrue();
        return new ObjectMapper().readTree(m.group(1));
    }

    @Test
    void oneRunIsSelfContainedWithItsChartsAndTables() throws Exception {
        String html = HtmlReport.render(List.of(run(1000, "abc123")));
        assertSelfContained(html);
        JsonNode charts = data(html).path("charts");
        List<String> kinds = new ArrayList<>();
        charts.forEach(c -> kinds.add(c.path("kind").asText()));
        // Every recorded series has its chart over time, churn open (the last) too.
        assertThat(kinds).containsExactly("time", "perStep", "distribution", "time", "time", "time", "time", "time",
                "time", "time", "time");
        assertThat(html).contains("Churn: opening a connection latency over time (per interval)");
        int e2e = html.indexOf("End-to-end latency over time (per interval)");
        int depthChart = html.indexOf("Broker: queue depth (management, as the broker last refreshed it)");
        int memory = html.indexOf("Broker: memory and CPU");
        int confirm = html.indexOf("Confirm latency over time");
        assertThat(List.of(e2e, depthChart, memory, confirm)).as("the broker's charts right after end-to-end latency")
                .doesNotContain(-1).isSorted();
        JsonNode depth = charts.get(4).path("config");
        assertThat(depth.path("data").path("datasets")).extracting(d -> d.path("label").asText())
                .containsExactly("ready", "unacknowledged", "end-to-end p99 ms");
        assertThat(depth.path("data").path("datasets").get(0).path("data").get(2).path("y").asLong()).isEqualTo(2000);
        assertThat(depth.path("options").path("scales").path("ms").path("type").asText()).isEqualTo("logarithmic");
        assertThat(html).contains("<h2>Broker metrics</h2>", "peak queue depth", "cross-check (queues)", "(DIFFER)");
        JsonNode perStep = charts.get(1).path("config");
        assertThat(perStep.path("data").path("labels")).extracting(JsonNode::asText).containsExactly("50", "100");
        JsonNode distribution = charts.get(2).path("config");
        assertThat(distribution.path("options").path("scales").path("x").path("type").asText()).isEqualTo("logarithmic");
        assertThat(distribution.path("data").path("datasets")).hasSize(6);
        assertThat(html).contains("<h2>Steps</h2>", "Max 99th", "Max 95th", "Max 75th");
        assertThat(html).contains("<h1>amqp-harness run abc123</h1>", "Latency over the whole run", "Worst reporting interval",
                "Messages", "Rates", "Client", "RabbitMQ 3.10.7", "--queue-type quorum");
        assertThat(html).doesNotContain(SyntheticRun.PASSWORD);
    }

    @Test
    void theSelfContainedCheckCatchesExternalReferences() {
        String html = HtmlReport.render(List.of(run(10, "x")));
        for (String external : new String[] {"<script src=\"https://cdn.example/chart.js\"></script>",
            "<link rel=\"stylesheet\" href=\"https://cdn.example/a.css\">", "<img src=\"//example.org/a.png\">",
            "<style>@import url(http://example.org/a.css);</style>"}) {
            String bad = html.replace("<main>", "<main>" + external);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertSelfContained(bad))
                    .as(external).isInstanceOf(AssertionError.class);
        }
    }

    @Test
    void thePercentileCurveUsesOneOverOneMinusQuantileCappedAtTheCount() {
        JsonNode points = Charts.distribution(RunDocument.of(SyntheticRun.create(2, 100, 9).result), io.amqpharness.measure.Metric.END_TO_END);
        assertThat(points.get(0).path("x").asDouble()).isEqualTo(1.0);
        double previous = 0;
        for (JsonNode p : points) {
            assertThat(p.path("x").asDouble()).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(200.0);
            previous = p.path("x").asDouble();
        }
        assertThat(previous).isEqualTo(200.0);
    }

    @Test
    void severalRunsMakeAComparisonPage() throws Exception {
        String html = HtmlReport.render(List.of(run(100, "rate=100"), run(1000, "rate=1000")));
        assertSelfContained(html);
        assertThat(html).contains("2 runs compared", "Settings all runs share", "<code>--rate 100</code>",
                "<code>--rate 1000</code>", "<details>");
        JsonNode charts = data(html).path("charts");
        assertThat(charts.get(0).path("kind").asText()).isEqualTo("perRun");
        assertThat(charts.get(0).path("config").path("data").path("labels").toString())
                .isEqualTo("[\"rate=100\",\"rate=1000\"]");
        charts.forEach(c -> {
            if (!c.path("kind").asText().equals("perRun")) {
                assertThat(c.path("config").path("data").path("datasets")).hasSize(2);
            }
        });
    }

    @Test
    void settingsThatDifferShowDefaultsToo() throws Exception {
        List<String> a = List.of("--queue-type", "quorum", "--rate", "10", "--flag", "persistent");
        List<String> b = List.of("--rate", "10", "--flag", "persistent", "--flag", "mandatory");
        List<java.util.Map<String, String>> runs = List.of(Arguments.options(a), Arguments.options(b));
        List<String> varied = Arguments.varied(runs);
        assertThat(varied).containsExactly("--queue-type", "--flag");
        assertThat(Arguments.varied(runs.get(0), varied)).isEqualTo("--queue-type quorum --flag persistent");
        assertThat(Arguments.varied(runs.get(1), varied))
                .isEqualTo("--flag persistent --flag mandatory --queue-type (default)");
        assertThat(Arguments.join(runs.get(0), k -> !varied.contains(k))).isEqualTo("--rate 10");
    }

    @Test
    void textFromTheResultIsEscapedAndCannotCloseTheScript() throws Exception {
        ObjectNode r = (ObjectNode) ResultDocuments.toTree(RunDocument.of(SyntheticRun.create(2, 10, 3).result));
        r.putArray("notes").add("<script>alert(1)</script>");
        String html = HtmlReport.render(List.of(new ReportRun("</script><b>x", TestDocuments.of(r)),
                new ReportRun("b", TestDocuments.of(r))));
        assertThat(html).doesNotContain("<script>alert(1)").doesNotContain("</script><b>x")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(data(html).path("charts").get(1).path("config").path("data").path("datasets").get(0)
                .path("label").asText()).isEqualTo("</script><b>x");
    }

    /** N12: a 500 ms warm-up interval is not the run's worst interval (the measured ones are at most 5 ms). */
    @Test
    void theWorstIntervalTableLeavesOutTheWarmUp() {
        ObjectNode r = new ObjectMapper().createObjectNode();
        var intervals = r.putArray("intervals");
        long[][] p99AndPhase = {{500_000_000L, 0}, {4_000_000L, 1}, {5_000_000L, 1}};
        for (long[] i : p99AndPhase) {
            ObjectNode iv = intervals.addObject().put("phase", i[1] == 0 ? "warmup" : "running");
            iv.putObject("latency").putObject("endToEnd").put("count", 100).put("p50", i[0] / 2).put("p75", i[0] / 2)
                    .put("p95", i[0]).put("p99", i[0]).put("p999", i[0]).put("max", i[0]);
        }
        String table = Tables.worstInterval(TestDocuments.of(r));
        assertThat(table).doesNotContain("<td>500").doesNotContain("<td>250").contains("<td>5.000</td>").endsWith("<td>2</td></tr></tbody></table>");
    }

    @Test
    void gateVerdictsAreShownBrokenFirst() {
        // The synthetic run has --fail-if lost>0; its verdicts are on the whole run and both steps.
        String html = HtmlReport.render(List.of(run(1000, "abc123")));
        assertThat(html).contains("<h2>Gates</h2>", "All 3 checks passed", "<code>lost&gt;0</code>",
                "Gate lost&gt;0 passed in step 2 (confirm=100)");
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(SyntheticRun.create(10, 1000, 1).result));
        ((ObjectNode) tree.path("gates").get(1)).put("broken", true).put("sentence", "Gate lost>0 failed in step 1.");
        String broken = HtmlReport.render(List.of(new ReportRun("x", TestDocuments.of(tree))));
        assertThat(broken).contains("1 of 3 checks failed");
        assertThat(broken.indexOf("Gate lost&gt;0 failed in step 1.")).isLessThan(broken.indexOf("passed in step 2"));
    }

    @Test
    void aSearchShowsItsAnswerProbesAndChart() throws Exception {
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(SyntheticRun.create(10, 1000, 1).result));
        ObjectNode search = tree.putObject("search");
        search.putArray("target").add("e2e.p99>50ms");
        search.putArray("probes").addObject().put("step", 0).put("rate", 1000).put("passed", true).putArray("reasons");
        ((com.fasterxml.jackson.databind.node.ArrayNode) search.path("probes")).addObject().put("step", 1)
                .put("rate", 2000).put("passed", false).putArray("reasons").add("Gate e2e.p99>50ms failed.");
        search.put("answer", 1000).put("converged", true);
        String html = HtmlReport.render(List.of(new ReportRun("x", TestDocuments.of(tree))));
        assertThat(html).contains("<h2>find-max</h2>", "Highest rate that met <code>e2e.p99&gt;50ms</code> and "
                + "kept up: <b>1,000 msg/s</b>.", "Gate e2e.p99&gt;50ms failed.");
        JsonNode chart = null;
        for (JsonNode c : data(html).path("charts")) {
            if (c.path("kind").asText().equals("findMax")) {
                chart = c.path("config");
            }
        }
        assertThat(chart).isNotNull();
        assertThat(chart.path("data").path("labels")).extracting(JsonNode::asText)
                .containsExactly("1,000 met", "2,000 failed");
        assertThat(chart.path("data").path("datasets").get(0).path("backgroundColor")).extracting(JsonNode::asText)
                .containsExactly("#86efac", "#fca5a5");
    }
}
