package io.amqpharness.broker;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The Prometheus endpoints of every node of a broker (one for a single node), read together.
 * {@code rabbitmq_prometheus}'s aggregated {@code /metrics} describes only its own node: its message
 * counters count the clients connected to it, its CPU is its own. So the node-wide figures of a
 * cluster are the sums over every node, and they are only known when every node answered: with
 * one missing they would be that node's share short. Used by one thread at a time.
 */
final class ClusterScrape {
    private final List<NodeScrape> nodes;
    /** Each node's last received and delivered counters, to tell when one started again. */
    private final long[] lastReceived;
    private final long[] lastDelivered;

    ClusterScrape(List<NodeScrape> nodes) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one node");
        }
        this.nodes = List.copyOf(nodes);
        this.lastReceived = new long[nodes.size()];
        this.lastDelivered = new long[nodes.size()];
    }

    /** The endpoints, in the order given. */
    List<URI> urls() {
        return nodes.stream().map(NodeScrape::url).toList();
    }

    /**
     * One reading of every node.
     *
     * @param nodes       the nodes that answered
     * @param connections connections over every node; empty unless every node answered with it
     * @param channels    channels over every node; likewise
     * @param cpuCores    CPU over every node since the previous reading, in cores; likewise
     * @param received    messages received over every node since each started; likewise
     * @param delivered   deliveries made over every node since each started; likewise
     * @param restarted   true if a node's received or delivered counter went down since its previous reading
     */
    record Reading(List<NodeSample> nodes, OptionalLong connections, OptionalLong channels, OptionalDouble cpuCores,
                   OptionalLong received, OptionalLong delivered, boolean restarted) {
        Reading {
            nodes = List.copyOf(nodes);
        }
    }

    /**
     * Reads every node's endpoint.
     *
     * @throws BrokerMetricsException if no node answered (the first node's reason)
     */
    Reading read() {
        List<NodeScrape.Reading> answered = new ArrayList<>();
        BrokerMetricsException first = null;
        boolean restarted = false;
        for (int i = 0; i < nodes.size(); i++) {
            try {
                NodeScrape.Reading r = nodes.get(i).read();
                restarted |= wentDown(r.received(), lastReceived, i) | wentDown(r.delivered(), lastDelivered, i);
                answered.add(r);
            } catch (BrokerMetricsException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (answered.isEmpty()) {
            throw first;
        }
        boolean all = answered.size() == nodes.size();
        return new Reading(answered.stream().map(NodeScrape.Reading::node).toList(),
                all ? sum(answered, NodeScrape.Reading::connections) : OptionalLong.empty(),
                all ? sum(answered, NodeScrape.Reading::channels) : OptionalLong.empty(),
                all ? cores(answered) : OptionalDouble.empty(),
                all ? sum(answered, NodeScrape.Reading::received) : OptionalLong.empty(),
                all ? sum(answered, NodeScrape.Reading::delivered) : OptionalLong.empty(), restarted);
    }

    /** Keeps node {@code i}'s counter; true if it is below the one kept before (0 before the first reading). */
    private static boolean wentDown(OptionalLong counter, long[] last, int i) {
        if (counter.isEmpty()) {
            return false;
        }
        boolean down = counter.getAsLong() < last[i];
        last[i] = counter.getAsLong();
        return down;
    }

    private static OptionalLong sum(List<NodeScrape.Reading> readings, Function<NodeScrape.Reading, OptionalLong> f) {
        long total = 0;
        for (NodeScrape.Reading r : readings) {
            OptionalLong v = f.apply(r);
            if (v.isEmpty()) {
                return OptionalLong.empty();
            }
            total += v.getAsLong();
        }
        return OptionalLong.of(total);
    }

    private static OptionalDouble cores(List<NodeScrape.Reading> readings) {
        double total = 0;
        for (NodeScrape.Reading r : readings) {
            if (r.cpuCores().isEmpty()) {
                return OptionalDouble.empty();
            }
            total += r.cpuCores().getAsDouble();
        }
        return OptionalDouble.of(total);
    }
}
