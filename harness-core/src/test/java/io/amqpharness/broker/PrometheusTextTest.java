package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing {@code rabbitmq_prometheus} answers, as captured from RabbitMQ 3.10.8 and 4.0.5. */
class PrometheusTextTest {

    @Test
    void seriesWithAndWithoutLabels() {
        PrometheusText m = PrometheusText.parse(Fixtures.read("prometheus-4.0-metrics.txt"));
        assertThat(m.sum("rabbitmq_process_resident_memory_bytes").getAsDouble()).isPositive();
        assertThat(m.value("rabbitmq_global_messages_received_total", "protocol", "amqp10")).isPresent();
        assertThat(m.series("rabbitmq_identity_info")).singleElement()
                .satisfies(s -> assertThat(s.labels()).containsEntry("rabbitmq_node", "rabbit4@localhost"));
        assertThat(m.sum("absent")).isEmpty();
    }

    @Test
    void labelValuesMayHoldQuotesCommasAndBraces() {
        PrometheusText m = PrometheusText.parse("x{queue=\"a,\\\"b\\\"}\",vhost=\"/\"} 2.5 1700000000\n# comment\nbad line\n");
        assertThat(m.series("x")).singleElement().satisfies(s -> {
            assertThat(s.labels()).containsEntry("queue", "a,\"b\"}").containsEntry("vhost", "/");
            assertThat(s.value()).isEqualTo(2.5);
        });
    }

    @Test
    void nodeScrapeReadsMemoryAlarmsCountersAndCpuFromTheRuntimeClock() {
        NodeScrape scrape = new NodeScrape(null, URI.create("http://localhost:15693/metrics"));
        String text = Fixtures.read("prometheus-4.0-metrics.txt");
        NodeScrape.Reading first = scrape.reading(PrometheusText.parse(text));
        assertThat(first.node().name()).isEqualTo("rabbit4@localhost");
        assertThat(first.node().memoryBytes().getAsLong()).isPositive();
        assertThat(first.node().memoryLimitBytes().getAsLong()).isPositive();
        assertThat(first.node().alarms()).isEmpty();
        assertThat(first.received()).isPresent();
        assertThat(first.delivered()).isPresent();
        assertThat(first.cpuCores()).as("CPU needs two readings").isEmpty();
        // One second later the runtime clock advanced by 1.5 s: one and a half cores busy.
        PrometheusText later = PrometheusText.parse("erlang_vm_statistics_runtime_milliseconds 31402\n"
                + "erlang_vm_statistics_wallclock_time_milliseconds 772132\n"
                + "rabbitmq_alarms_memory_used_watermark 1\n"
                + "rabbitmq_erlang_uptime_seconds 394.832\n");
        double runtime = PrometheusText.parse(text).sum("erlang_vm_statistics_runtime_milliseconds").getAsDouble();
        double wall = PrometheusText.parse(text).sum("erlang_vm_statistics_wallclock_time_milliseconds").getAsDouble();
        NodeScrape.Reading second = scrape.reading(later);
        assertThat(second.cpuCores().getAsDouble()).isCloseTo((31402 - runtime) / (772132 - wall),
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(second.node().alarms()).containsExactly("memory");
        assertThat(second.node().uptime()).hasValue(java.time.Duration.ofMillis(394_832));
    }

    @Test
    void detailedQueueMetricsGiveTheRunsQueuesDepth() {
        PrometheusSource source = new PrometheusSource(null, URI.create("http://localhost:15692/metrics"), "/",
                List.of("i16-probe-q", "other"));
        List<QueueSample> q = source.queues(PrometheusText.parse(Fixtures.read("prometheus-3.10-detailed.txt")));
        assertThat(q).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("i16-probe-q");
            assertThat(s.ready()).hasValue(3);
            assertThat(s.unacked()).hasValue(0);
            assertThat(s.published()).isEmpty();
            assertThat(s.leader()).isEmpty();
        });
    }
}
