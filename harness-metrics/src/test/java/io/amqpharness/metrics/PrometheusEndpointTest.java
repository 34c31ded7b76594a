package io.amqpharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The endpoint serves a run's counters and latency histograms over HTTP, and refuses a busy port. */
class PrometheusEndpointTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

    static HttpResponse<String> get(String url, String accept) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5));
        if (accept != null) {
            r.header("Accept", accept);
        }
        return HTTP.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    static double value(String scrape, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " ([0-9.E+-]+)$").matcher(scrape);
        assertThat(m.find()).as("%s in%n%s", series, scrape).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void aRunsCountersAndLatencyHistogramsCanBeScraped() throws Exception {
        try (PrometheusEndpoint metrics = PrometheusEndpoint.start(0, Map.of("env", "test"))) {
            Scenario scenario = Scenario.builder().protocol("in-memory").producerMessageCount(2_000).confirm(50)
                    .interval(Duration.ofMillis(100)).drainTimeout(Duration.ofSeconds(10)).build();
            RunResult result = new LoadRunner(scenario).listener(metrics.listener()).run();
            HttpResponse<String> response = get(metrics.url(), null);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
            String s = response.body();

            assertThat(s).contains("# TYPE harness_published_total counter");
            assertThat(value(s, "harness_published_total{env=\"test\"}")).isEqualTo(2_000);
            assertThat(value(s, "harness_confirmed_total{env=\"test\"}")).isEqualTo(2_000);
            assertThat(value(s, "harness_consumed_total{env=\"test\"}")).isEqualTo(result.counts().consumed());
            assertThat(value(s, "harness_nacked_total{env=\"test\"}")).isZero();
            assertThat(value(s, "harness_in_flight{env=\"test\"}")).isZero();
            assertThat(s).containsPattern("harness_run_info\\{broker_version=\"[^\"]*\",env=\"test\",protocol=\"in-memory\","
                    + "queue_type=\"classic\",run_id=\"" + result.runId() + "\"} 1");

            for (Metric m : new Metric[] {Metric.END_TO_END, Metric.CONFIRM}) {
                String name = LatencyCollector.name(m);
                assertThat(s).contains("# TYPE " + name + " histogram");
                long count = result.latency(m).count();
                assertThat(count).isPositive();
                assertThat(value(s, name + "_count{env=\"test\"}")).isEqualTo(count);
                assertThat(value(s, name + "_bucket{env=\"test\",le=\"+Inf\"}")).isEqualTo(count);
                double sum = value(s, name + "_sum{env=\"test\"}");
                assertThat(sum / count).isCloseTo(result.histograms().histogram(m).getMean() / 1e9,
                        org.assertj.core.data.Percentage.withPercentage(1));
                List<Double> buckets = buckets(s, name);
                assertThat(buckets).hasSize(BucketLayout.UPPER_BOUNDS_SECONDS.length).isSorted();
            }
            assertThat(value(s, "harness_publish_delay_seconds_count{env=\"test\"}")).isZero();
        }
    }

    @Test
    void everyCountHasACounter() throws Exception {
        try (PrometheusEndpoint metrics = PrometheusEndpoint.start(0, Map.of())) {
            String s = get(metrics.url(), null).body();
            for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
                if (c.getName().equals("lost")) {
                    continue;
                }
                assertThat(s).contains("harness_" + CounterCatalog.snake(c.getName()) + "_total 0");
            }
            // Lost sequences are taken back when they arrive late, and the end replaces them by the
            // final gap count: a value that can go down is a gauge, not a counter.
            assertThat(s).doesNotContain("harness_lost_total").contains("# TYPE harness_lost gauge")
                    .contains("harness_lost 0");
            assertThat(s).contains("harness_end_to_end_latency_seconds_bucket{le=\"0.001\"} 0");
        }
    }

    @Test
    void openMetricsWhenAsked() throws Exception {
        try (PrometheusEndpoint metrics = PrometheusEndpoint.start(0, Map.of())) {
            HttpResponse<String> r = get(metrics.url(), "application/openmetrics-text;version=1.0.0,text/plain;q=0.5");
            assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/openmetrics-text");
            assertThat(r.body()).contains("# TYPE harness_published counter").endsWith("# EOF\n");
            assertThat(get("http://localhost:" + metrics.port() + "/", null).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aPortTakenOnAllInterfacesIsAClearError() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(0));
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> PrometheusEndpoint.start(port, Map.of()))
                    .isInstanceOfSatisfying(PortInUseException.class, e -> {
                        assertThat(e.port()).isEqualTo(port);
                        assertThat(e.freePort()).isPresent();
                        assertThat(e.freePort().getAsInt()).isNotEqualTo(port);
                    })
                    .hasMessage("Port " + port + " is already in use, so the Prometheus endpoint cannot start.");
        }
    }

    @Test
    void aPortTakenOnLoopbackOnlyIsAClearErrorToo() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> PrometheusEndpoint.start(port, Map.of()))
                    .isInstanceOf(PortInUseException.class)
                    .hasMessageStartingWith("Port " + port + " is already in use");
        }
    }

    @Test
    void theEndpointStopsWhenClosed() throws Exception {
        PrometheusEndpoint metrics = PrometheusEndpoint.start(0, Map.of());
        int port = metrics.port();
        metrics.close();
        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress(port));
        }
    }

    private static List<Double> buckets(String scrape, String name) {
        List<Double> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^" + name + "_bucket\\{[^}]*} ([0-9.E+-]+)$").matcher(scrape);
        while (m.find()) {
            out.add(Double.parseDouble(m.group(1)));
        }
        return out;
    }

    @Test
    void connectionsTheBrokerDroppedAreExportedPerConnectionWhenTheRunEnds() throws Exception {
        io.amqpharness.run.SyntheticRun run = io.amqpharness.run.SyntheticRun.create(2, 10, 1);
        io.amqpharness.measure.Outages.Summary outages = new io.amqpharness.measure.Outages.Summary(2,
                Duration.ofMillis(3_500), List.of(
                        new io.amqpharness.measure.Outages.Connection("harness-abc123-p0", 2, Duration.ofMillis(3_500),
                                Duration.ofMillis(3_000), false)), List.of("CONNECTION_FORCED"));
        RunResult result = withOutages(run.result, outages);
        try (PrometheusEndpoint metrics = PrometheusEndpoint.start(0, Map.of())) {
            metrics.listener().started(run.start);
            metrics.listener().finished(result);
            String s = get(metrics.url(), null).body();
            assertThat(value(s, "harness_connection_disconnects{connection=\"harness-abc123-p0\"}")).isEqualTo(2);
            assertThat(value(s, "harness_connection_downtime_seconds{connection=\"harness-abc123-p0\"}")).isEqualTo(3.5);
            assertThat(value(s, "harness_connection_recovery_seconds{connection=\"harness-abc123-p0\"}")).isEqualTo(3.0);
        }
    }

    @Test
    void connectionOpeningAndChurnAreExportedWhenTheRunEnds() throws Exception {
        io.amqpharness.run.SyntheticRun run = io.amqpharness.run.SyntheticRun.create(2, 10, 1);
        try (PrometheusEndpoint metrics = PrometheusEndpoint.start(0, Map.of())) {
            metrics.listener().started(run.start);
            String before = get(metrics.url(), null).body();
            assertThat(before).contains("harness_churn_open_latency_seconds_count").doesNotContain("harness_churn_opened");
            metrics.listener().finished(run.result);
            String s = get(metrics.url(), null).body();
            assertThat(value(s, "harness_connections_opened")).isEqualTo(2);
            assertThat(value(s, "harness_connections_opening_seconds")).isEqualTo(0.02);
            assertThat(value(s, "harness_churn_opened")).isEqualTo(10);
            assertThat(value(s, "harness_churn_closed")).isEqualTo(10);
            assertThat(value(s, "harness_churn_failed")).isZero();
            assertThat(value(s, "harness_churn_opens_per_second")).isEqualTo(10);
        }
    }

    /** The same result with other outages (a record has no wither: its canonical constructor is called). */
    private static RunResult withOutages(RunResult r, io.amqpharness.measure.Outages.Summary outages) throws Exception {
        RecordComponent[] components = RunResult.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getName().equals("outages") ? outages : components[i].getAccessor().invoke(r);
        }
        return RunResult.class.getDeclaredConstructor(types).newInstance(values);
    }
}
