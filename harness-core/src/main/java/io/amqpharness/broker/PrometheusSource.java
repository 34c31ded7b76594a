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
 * Samples {@code rabbitmq_prometheus} endpoints, one per node: the nodes from the aggregated
 * {@code /metrics} (memory, alarms; connections, channels, CPU and node-wide message counters added
 * up over the nodes, see {@link ClusterScrape}) and the run's queues' depth from the first
 * endpoint's {@code /metrics/detailed?family=queue_coarse_metrics}. Prometheus gives neither the
 * quorum leader nor per-queue message counters by default, so those stay empty.
 */
final class PrometheusSource implements BrokerSource {
    private final BrokerHttp http;
    private final ClusterScrape node;
    private final URI detailed;
    private final List<String> names;
    private final String virtualHost;

    PrometheusSource(BrokerHttp http, URI metrics, String virtualHost, List<String> names) {
        this(http, List.of(metrics), virtualHost, names);
    }

    /** @param nodes every node's endpoint, the first one for the queues */
    PrometheusSource(BrokerHttp http, List<URI> nodes, String virtualHost, List<String> names) {
        this.http = http;
        this.node = new ClusterScrape(nodes.stream().map(u -> new NodeScrape(http, u)).toList());
        URI metrics = nodes.get(0);
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
        return node.urls().get(0);
    }

    /** Every node's endpoint, separated by spaces. */
    String urls() {
        return String.join(" ", node.urls().stream().map(URI::toString).toList());
    }

    @Override
    public BrokerSample sample(Duration elapsed) {
        ClusterScrape.Reading n = node.read();
        return new BrokerSample(elapsed, queues(PrometheusText.parse(http.get(detailed))), n.nodes(),
                n.connections(), n.channels(), n.cpuCores(), n.received(), n.delivered(), n.restarted());
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
