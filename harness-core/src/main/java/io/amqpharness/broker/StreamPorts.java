package io.amqpharness.broker;

import io.amqpharness.scenario.BrokerMetrics;
import io.amqpharness.scenario.BrokerUri;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * Finds the management API and the Prometheus endpoint of the node behind a stream address, which,
 * unlike an AMQP address, does not tell them by a fixed offset: each management API the node may
 * have ({@link BrokerMetrics#managementCandidates}) is asked for the broker's listeners, and the
 * one whose broker has a stream listener on the address's port gives that node's {@code http} and
 * {@code http/prometheus} ports. One request per candidate, before the run.
 */
final class StreamPorts {
    private StreamPorts() {
    }

    /** A node's management API and Prometheus endpoint. */
    record Found(URI management, URI prometheus) {
    }

    /**
     * @param http   the HTTP client, with the address's credentials
     * @param stream a stream address
     * @return the node's endpoints; empty when no candidate answered with a stream listener on the port
     */
    static Optional<Found> find(BrokerHttp http, BrokerUri stream) {
        for (URI candidate : BrokerMetrics.managementCandidates(stream)) {
            List<ManagementJson.Listener> listeners;
            try {
                listeners = ManagementJson.listeners(http.get(URI.create(candidate + "/overview?columns=listeners")));
            } catch (RuntimeException e) {
                continue; // not a management API, or not this one: the next candidate
            }
            Optional<Found> found = match(candidate, listeners, stream.port());
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * The node with a stream listener on {@code port}; when several have one (a cluster whose nodes
     * each use the same ports on their own hosts), the one whose management API was asked.
     */
    static Optional<Found> match(URI asked, List<ManagementJson.Listener> listeners, int port) {
        List<String> nodes = listeners.stream().filter(l -> l.port() == port && l.protocol().startsWith("stream"))
                .map(ManagementJson.Listener::node).distinct().toList();
        Optional<String> node = nodes.size() == 1 ? Optional.of(nodes.get(0)) : nodes.stream()
                .filter(n -> port(listeners, n, "http").orElse(-1) == asked.getPort()).findFirst();
        if (node.isEmpty()) {
            return Optional.empty();
        }
        int management = port(listeners, node.get(), "http").orElse(asked.getPort());
        URI api = URI.create(asked.getScheme() + "://" + asked.getRawAuthority().replaceAll(":\\d+$", "") + ":"
                + management + "/api");
        Optional<Integer> prometheus = port(listeners, node.get(), "http/prometheus");
        return Optional.of(new Found(api, prometheus.map(p -> URI.create(asked.getScheme() + "://"
                        + asked.getRawAuthority().replaceAll(":\\d+$", "") + ":" + p + "/metrics"))
                .orElse(BrokerMetrics.prometheusBeside(api))));
    }

    /** The port of a node's listener for {@code protocol} (its TLS variant too: {@code https}, {@code https/prometheus}). */
    private static Optional<Integer> port(List<ManagementJson.Listener> listeners, String node, String protocol) {
        String tls = protocol.replaceFirst("^http", "https");
        return listeners.stream().filter(l -> l.node().equals(node)
                        && (l.protocol().equals(protocol) || l.protocol().equals(tls)))
                .map(ManagementJson.Listener::port).findFirst();
    }
}
