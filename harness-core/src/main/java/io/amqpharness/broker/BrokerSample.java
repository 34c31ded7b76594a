package io.amqpharness.broker;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The broker's state at one moment of a run, as its management API or Prometheus endpoint gave it.
 * The broker refreshes most of these statistics on its own timer ({@code collect_statistics_interval},
 * 5 s by default), so consecutive samples taken more often can repeat a value. Immutable.
 *
 * @param elapsed          when the sample was taken, from the start of publishing (zero for the sample
 *                         taken before the run started)
 * @param queues           the run's queues the broker knows, in the run's order
 * @param nodes            the broker's nodes
 * @param connections      client connections open on the broker (all clients, not only this run's)
 * @param channels         channels open on the broker (AMQP 0.9.1; all clients)
 * @param cpuCores         the node's CPU use since the previous sample, in cores (1.0 = one core
 *                         busy): Erlang runtime over wall-clock time, from the Prometheus endpoint
 * @param nodeReceived     messages the node received from publishers since it started, all
 *                         protocols and clients (a Prometheus global counter)
 * @param nodeDelivered    deliveries the node made to consumers since it started, all protocols
 *                         and clients (a Prometheus global counter)
 * @param nodeCountersRestarted true if, on a cluster whose node-wide counters are added up over its nodes,
 *                         one node's counter went down since its previous reading (it started again from
 *                         zero, as after {@code stop_app}/{@code start_app}): the sum may still have grown,
 *                         but it no longer counts what that node counted before
 */
public record BrokerSample(Duration elapsed, List<QueueSample> queues, List<NodeSample> nodes,
                           OptionalLong connections, OptionalLong channels, OptionalDouble cpuCores,
                           OptionalLong nodeReceived, OptionalLong nodeDelivered, boolean nodeCountersRestarted) {

    public BrokerSample {
        queues = List.copyOf(queues);
        nodes = List.copyOf(nodes);
    }

    /** A sample in which no node's counter was seen to start again. */
    public BrokerSample(Duration elapsed, List<QueueSample> queues, List<NodeSample> nodes, OptionalLong connections,
                        OptionalLong channels, OptionalDouble cpuCores, OptionalLong nodeReceived,
                        OptionalLong nodeDelivered) {
        this(elapsed, queues, nodes, connections, channels, cpuCores, nodeReceived, nodeDelivered, false);
    }

    /** The same sample, dated {@code value}. */
    BrokerSample at(Duration value) {
        return new BrokerSample(value, queues, nodes, connections, channels, cpuCores, nodeReceived, nodeDelivered,
                nodeCountersRestarted);
    }

    /** Ready messages over the run's queues, if the broker gave them for every queue it listed. */
    public OptionalLong ready() {
        return sum(QueueSample::ready);
    }

    /** Unacknowledged messages over the run's queues. */
    public OptionalLong unacked() {
        return sum(QueueSample::unacked);
    }

    /** Ready plus unacknowledged messages over the run's queues. */
    public OptionalLong depth() {
        return sum(QueueSample::depth);
    }

    /** Messages published into the run's queues since they were created, if the broker counts them. */
    public OptionalLong published() {
        return sum(QueueSample::published);
    }

    /** Deliveries from the run's queues since they were created, if the broker counts them. */
    public OptionalLong delivered() {
        return sum(QueueSample::delivered);
    }

    /** Memory used by all nodes, bytes. */
    public OptionalLong memoryBytes() {
        return nodes.stream().allMatch(n -> n.memoryBytes().isPresent()) && !nodes.isEmpty()
                ? OptionalLong.of(nodes.stream().mapToLong(n -> n.memoryBytes().getAsLong()).sum())
                : OptionalLong.empty();
    }

    /**
     * The memory high watermarks of all nodes added up, bytes, the limit {@link #memoryBytes()} is measured
     * against; empty unless every node has one.
     */
    public OptionalLong memoryLimitBytes() {
        return nodes.stream().allMatch(n -> n.memoryLimitBytes().isPresent()) && !nodes.isEmpty()
                ? OptionalLong.of(nodes.stream().mapToLong(n -> n.memoryLimitBytes().getAsLong()).sum())
                : OptionalLong.empty();
    }

    /** The alarms in effect on any node, {@code node:alarm}, empty when none. */
    public List<String> alarms() {
        return nodes.stream().flatMap(n -> n.alarms().stream().map(a -> nodes.size() == 1 ? a : n.name() + ":" + a))
                .toList();
    }

    /** The leader (or host) of the first queue that names one. */
    public Optional<String> leader() {
        return queues.stream().map(QueueSample::leader).flatMap(Optional::stream).findFirst();
    }

    private OptionalLong sum(Function<QueueSample, OptionalLong> f) {
        if (queues.isEmpty()) {
            return OptionalLong.empty();
        }
        long total = 0;
        for (QueueSample q : queues) {
            OptionalLong v = f.apply(q);
            if (v.isEmpty()) {
                return OptionalLong.empty();
            }
            total += v.getAsLong();
        }
        return OptionalLong.of(total);
    }
}
