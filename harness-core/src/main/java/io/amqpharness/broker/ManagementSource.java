package io.amqpharness.broker;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Samples the management API: the run's queues (depth, publish and deliver counters and rates,
 * leader), the nodes (memory, alarms) and the connection and channel totals; three requests per
 * sample. The management API does not expose CPU use, so that (and the node-wide message counters)
 * comes from the Prometheus endpoints when they are given and answer: every node's, added up (see
 * {@link ClusterScrape}).
 */
final class ManagementSource implements BrokerSource {
    private final BrokerHttp http;
    private final URI api;
    private final URI queues;
    private final List<String> names;
    private Optional<ClusterScrape> prometheus;

    ManagementSource(BrokerHttp http, URI base, String virtualHost, List<String> names, Optional<ClusterScrape> prometheus) {
        this.http = http;
        this.api = api(base);
        this.queues = URI.create(this.api + "/queues/" + URLEncoder.encode(virtualHost, StandardCharsets.UTF_8)
                .replace("+", "%20") + "?columns=" + ManagementJson.QUEUE_COLUMNS);
        this.names = List.copyOf(names);
        this.prometheus = prometheus;
    }

    /** {@code http://host:15672} and {@code http://host:15672/api/} both become {@code http://host:15672/api}. */
    static URI api(URI base) {
        String s = base.toString();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return URI.create(s.endsWith("/api") ? s : s + "/api");
    }

    @Override
    public String kind() {
        return "management";
    }

    @Override
    public URI url() {
        return api;
    }

    /** The Prometheus endpoints CPU use is read from, separated by spaces, if they answered. */
    Optional<String> cpuUrl() {
        return prometheus.map(p -> String.join(" ", p.urls().stream().map(URI::toString).toList()));
    }

    @Override
    public BrokerSample sample(Duration elapsed) {
        List<QueueSample> q = ManagementJson.queues(http.get(queues), names);
        List<NodeSample> nodes = ManagementJson.nodes(http.get(URI.create(api + "/nodes?columns="
                + ManagementJson.NODE_COLUMNS)));
        OptionalLong[] totals = ManagementJson.totals(http.get(URI.create(api + "/overview?columns=object_totals")));
        Optional<ClusterScrape.Reading> node = Optional.empty();
        if (prometheus.isPresent()) {
            try {
                node = Optional.of(prometheus.get().read());
            } catch (BrokerMetricsException e) {
                prometheus = Optional.empty(); // CPU is optional: stop asking endpoints none of which answer
            }
        }
        return new BrokerSample(elapsed, q, nodes, totals[0], totals[1],
                node.map(ClusterScrape.Reading::cpuCores).orElse(OptionalDouble.empty()),
                node.map(ClusterScrape.Reading::received).orElse(OptionalLong.empty()),
                node.map(ClusterScrape.Reading::delivered).orElse(OptionalLong.empty()),
                node.map(ClusterScrape.Reading::restarted).orElse(false));
    }
}
