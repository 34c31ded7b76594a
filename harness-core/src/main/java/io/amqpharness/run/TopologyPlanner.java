package io.amqpharness.run;

import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.TopologySettings;
import io.amqpharness.spi.TopologyPlan;
import java.util.List;
import java.util.Map;

/**
 * Turns a scenario into the topology a run needs: which queues and exchanges to declare, where
 * each publisher sends and where each consumer reads.
 */
final class TopologyPlanner {
    private TopologyPlanner() {
    }

    /**
     * The resolved topology of a run.
     *
     * @param plan       what to declare
     * @param queue      the queue consumers read from
     * @param exchange   where publishers send ("" for the default exchange)
     * @param routingKey the routing key publishers use
     * @param oneToOne   each routed message lands in exactly one queue that consumers read, so
     *                   consumers should receive every confirmed message
     */
    record Resolved(TopologyPlan plan, String queue, String exchange, String routingKey, boolean oneToOne) {
    }

    static Resolved plan(Scenario scenario, String runId) {
        TopologySettings t = scenario.topology();
        // With the default exchange the routing key is the queue name, so either names the queue.
        String generated = "harness-" + runId;
        String queue = t.queue().orElse(t.defaultExchange() ? t.routingKey().orElse(generated) : generated);
        String routingKey = t.routingKey().orElse(queue);
        if (t.predeclared()) {
            boolean oneToOne = t.defaultExchange() && routingKey.equals(queue);
            // Only a queue the run reads from (or names) must exist; a publish-only run may target an exchange alone.
            List<TopologyPlan.Queue> mustExist = scenario.consuming().consumers() > 0 || t.queue().isPresent()
                    ? List.of(new TopologyPlan.Queue(queue, t.queueType(), true, Map.of())) : List.of();
            return new Resolved(new TopologyPlan(mustExist, List.of(), List.of(), true), queue, t.exchange(),
                    routingKey, oneToOne);
        }
        boolean durable = true; // quorum queues and streams must be; 4.3 refuses transient shared classic queues
        List<TopologyPlan.Queue> queues = List.of(new TopologyPlan.Queue(queue, t.queueType(), durable, Map.of()));
        if (t.defaultExchange()) {
            return new Resolved(new TopologyPlan(queues, List.of(), List.of(), false), queue, "", queue,
                    routingKey.equals(queue));
        }
        return new Resolved(new TopologyPlan(queues,
                List.of(new TopologyPlan.Exchange(t.exchange(), "direct", true)),
                List.of(new TopologyPlan.Binding(t.exchange(), queue, routingKey)), false),
                queue, t.exchange(), routingKey, true);
    }

    static boolean isStream(Scenario s) {
        return s.topology().queueType() == QueueType.STREAM;
    }
}
