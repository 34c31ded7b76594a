package io.amqpharness.report.document;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One sample of the broker's metrics ({@code intervals[].broker}, {@code brokerMetrics.first} and
 * {@code .last}); a value the source does not give is empty ({@code null} in the file).
 *
 * @param elapsed       when the sample was taken, from the start of publishing (0 for the one taken before the run),
 *                      nanoseconds
 * @param queues        the run's queues the broker knows, in the run's order
 * @param nodes         the broker's running nodes
 * @param connections   connections open on the broker, all clients
 * @param channels      channels open on the broker, all clients
 * @param cpuCores      CPU the node used since the previous sample, in cores: Erlang runtime over wall-clock time, from
 *                      the Prometheus endpoint
 * @param nodeReceived  messages the node received since it started, all protocols and clients (Prometheus
 *                      {@code rabbitmq_global_messages_received_total})
 * @param nodeDelivered deliveries the node made since it started, all clients
 *                      ({@code rabbitmq_global_messages_delivered_total})
 * @param depth         ready plus unacknowledged over the run's queues
 * @param published     {@code published} summed over the run's queues
 * @param memoryBytes   memory of all nodes, bytes
 * @param unacked       {@code unacked} summed over the run's queues
 * @param delivered     {@code delivered} summed over the run's queues
 * @param alarms        alarms in effect on any node
 * @param ready         {@code ready} summed over the run's queues
 */
public record BrokerSample(long elapsed, List<Queue> queues, List<Node> nodes, OptionalLong connections,
        OptionalLong channels, OptionalDouble cpuCores, OptionalLong nodeReceived, OptionalLong nodeDelivered,
        OptionalLong depth, OptionalLong published, OptionalLong memoryBytes, OptionalLong unacked,
        OptionalLong delivered, List<String> alarms, OptionalLong ready) {
    public BrokerSample {
        queues = Lists.of(queues);
        nodes = Lists.of(nodes);
        alarms = Lists.of(alarms);
    }

    /**
     * One queue's numbers.
     *
     * @param name        the queue
     * @param ready       messages ready for delivery
     * @param unacked     messages delivered and not yet acknowledged
     * @param published   messages published into the queue since it was created (management API; {@code null} for AMQP
     *                    1.0 on 4.x and from Prometheus)
     * @param delivered   deliveries from the queue since it was created, redeliveries and gets included
     * @param publishRate messages per second published into the queue, as the broker averaged it
     * @param deliverRate deliveries per second, as the broker averaged it
     * @param leader      the node leading a quorum queue, or hosting a classic queue (management API only)
     */
    public record Queue(String name, OptionalLong ready, OptionalLong unacked, OptionalLong published,
            OptionalLong delivered, OptionalDouble publishRate, OptionalDouble deliverRate, Optional<String> leader) {
    }

    /**
     * One node's numbers.
     *
     * @param name             for example {@code rabbit@host}
     * @param memoryBytes      memory used, bytes (management {@code mem_used}, or Prometheus resident memory)
     * @param memoryLimitBytes the memory high watermark, bytes
     * @param alarms           alarms in effect on the node
     * @param uptime           how long the node's runtime has been up (management {@code uptime}, Prometheus
     *                         {@code rabbitmq_erlang_uptime_seconds}); when it goes down between samples the node
     *                         restarted, nanoseconds
     */
    public record Node(String name, OptionalLong memoryBytes, OptionalLong memoryLimitBytes, List<String> alarms,
            OptionalLong uptime) {
        public Node {
            alarms = Lists.of(alarms);
        }
    }
}
