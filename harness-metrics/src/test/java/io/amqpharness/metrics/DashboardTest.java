package io.amqpharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Grafana dashboard under docker/ queries what the endpoint exports. */
class DashboardTest {
    private static final Path DASHBOARD = Path.of("..", "docker", "grafana", "dashboards", "amqp-harness.json");

    @Test
    void everyQueryUsesExportedMetrics() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
        Set<String> exported = new HashSet<>();
        try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(0, Map.of())) {
            endpoint.listener().started(PrometheusEndpointFixtures.start());
            Matcher m = Pattern.compile("(?m)^(harness_[a-z0-9_]+)").matcher(endpoint.registry().scrape());
            while (m.find()) {
                exported.add(m.group(1));
            }
        }
        Set<String> used = new TreeSet<>();
        Set<Integer> ids = new HashSet<>();
        int queries = 0;
        for (JsonNode panel : dashboard.path("panels")) {
            assertThat(ids.add(panel.path("id").asInt())).as("unique panel id").isTrue();
            JsonNode grid = panel.path("gridPos");
            assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as(panel.path("title").asText()).isLessThanOrEqualTo(24);
            for (JsonNode target : panel.path("targets")) {
                queries++;
                assertThat(target.path("datasource").path("uid").asText()).isEqualTo("${datasource}");
                String expr = target.path("expr").asText();
                if (panel.path("title").asText().endsWith("per instance")) {
                    assertThat(expr).as("per-instance panels name each --instance").contains("harness_instance)");
                    assertThat(target.path("legendFormat").asText()).contains("{{harness_instance}}");
                }
                // harness_instance is a label (--instance), not a metric.
                Matcher m = Pattern.compile("harness_[a-z0-9_]+").matcher(expr.replace("harness_instance", ""));
                while (m.find()) {
                    used.add(m.group());
                }
            }
        }
        assertThat(queries).isGreaterThan(20);
        assertThat(used).contains("harness_published_total", "harness_end_to_end_latency_seconds_bucket",
                "harness_in_flight", "harness_run_info");
        assertThat(exported).containsAll(used);
        assertThat(dashboard.path("templating").path("list").findValuesAsText("name"))
                .contains("datasource", "job", "instance");
    }

    @Test
    void theInstanceLabelIsOnEverySeries() {
        try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(0, Map.of("harness_instance", "pod-2"))) {
            endpoint.listener().started(PrometheusEndpointFixtures.start());
            String scrape = endpoint.registry().scrape();
            assertThat(scrape).contains("harness_published_total{harness_instance=\"pod-2\"");
        }
    }
}
