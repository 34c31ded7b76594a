package io.amqpharness.broker;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Samples a {@code rabbitmq_prometheus} endpoint: the node from the aggregated {@code /metrics}
 * (memory, alarms, connections, channels, CPU, node-wide message counters) and the run's queues'
 * depth from {@code /metrics/detailed?family=queue_coarse_metrics}. Prometheus gives neither the
 * quorum leader nor per-queue message counters by default, so those stay empty.
 */
final class PrometheusSource implements BrokerSource {
    private final BrokerHttp http;
    private final NodeScrape node;
    private final URI detailed;
    private final List<String> names;
    private final String virtualHost;

    PrometheusSource(BrokerHttp http, URI metrics, String virtualHost, List<String> names) {
        this.http = http;
        this.node = new NodeScrape(http, metrics);
        String base = metrics.toString().replaceAll("/+$", "");
        this.detailed = URI.create(base + "/detailed?vhost=" + URLEncoder.encode(virtualHost, StandardCharsets.UTF_8)
                + "&family=queue_coarse_metrics");
        this.names = List.copyOf(names);
        this.virtualHost = virtualHost;
    }

    @Override
    public String kind() {
        return "prometheus";
    }

    @Override
    public URI url() {
        return node.url();
    }

    @Override
    public BrokerSample sample(Duration elapsed) {
        NodeScrape.Reading n = node.read();
        return new BrokerSample(elapsed, queues(PrometheusText.parse(http.get(detailed))), List.of(n.node()),
                n.connections(), n.channels(), n.cpuCores(), n.received(), n.delivered());
    }

    List<QueueSample> queues(PrometheusText m) {
        List<QueueSample> out = new ArrayList<>();
        for (String name : names) {
            OptionalLong ready = find(m, "rabbitmq_detailed_queue_messages_ready", name);
            OptionalLong unacked = find(m, "rabbitmq_detailed_queue_messages_unacked", name);
            if (ready.isPresent() || unacked.isPresent()) {
                out.add(new QueueSample(name, ready, unacked, OptionalLong.empty(), OptionalLong.empty(),
                        OptionalDouble.empty(), OptionalDouble.empty(), java.util.Optional.empty()));
            }
        }
        return out;
    }

    private OptionalLong find(PrometheusText m, String metric, String queue) {
        for (PrometheusText.Series s : m.series(metric)) {
            if (queue.equals(s.labels().get("queue")) && virtualHost.equals(s.labels().getOrDefault("vhost", virtualHost))) {
                return OptionalLong.of(Math.round(s.value()));
            }
        }
        return OptionalLong.empty();
    }
}
