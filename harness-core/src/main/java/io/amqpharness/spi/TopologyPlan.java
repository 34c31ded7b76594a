package io.amqpharness.spi;

import io.amqpharness.scenario.QueueType;
import java.util.List;
import java.util.Map;

/**
 * The queues, exchanges and bindings a run needs, computed by the core from the scenario.
 *
 * @param queues      queues to declare
 * @param exchanges   exchanges to declare
 * @param bindings    bindings to create
 * @param predeclared when true, nothing is declared: the driver only checks the queues exist
 */
public record TopologyPlan(List<Queue> queues, List<Exchange> exchanges, List<Binding> bindings,
                           boolean predeclared) {
    public TopologyPlan {
        queues = List.copyOf(queues);
        exchanges = List.copyOf(exchanges);
        bindings = List.copyOf(bindings);
    }

    /**
     * A queue to declare.
     *
     * @param name       queue name
     * @param type       queue type
     * @param durable    survives a broker restart (quorum queues and streams always are)
     * @param autoDelete deleted when its last consumer goes
     * @param exclusive  belongs to the connection that declares it: its consumer declares it, not
     *                   {@link io.amqpharness.spi.ProtocolDriver#declare}
     * @param arguments  extra {@code x-} arguments; {@code x-queue-type} is added by the driver
     */
    public record Queue(String name, QueueType type, boolean durable, boolean autoDelete, boolean exclusive,
                        Map<String, Object> arguments) {
        public Queue {
            arguments = Map.copyOf(arguments);
        }

        /** A durable, shared queue without arguments. */
        public static Queue simple(String name, QueueType type) {
            return new Queue(name, type, true, false, false, Map.of());
        }
    }

    /**
     * An exchange to declare.
     *
     * @param name    exchange name, never the default exchange
     * @param type    {@code direct}, {@code fanout}, {@code topic} or {@code headers}
     * @param durable survives a broker restart
     */
    public record Exchange(String name, String type, boolean durable) {
    }

    /**
     * A binding from an exchange to a queue.
     *
     * @param exchange  source exchange
     * @param queue     destination queue
     * @param key       binding key
     * @param arguments binding arguments (headers exchanges match on them)
     */
    public record Binding(String exchange, String queue, String key, Map<String, Object> arguments) {
        public Binding {
            arguments = Map.copyOf(arguments);
        }
    }
}
