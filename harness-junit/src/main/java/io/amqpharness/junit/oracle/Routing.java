package io.amqpharness.junit.oracle;

import io.amqpharness.scenario.QueueType;
import io.amqpharness.spi.TopologyPlan;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the run's messages go, as far as the oracle models it from the planned topology alone: one
 * queue; several queues on the default exchange or a direct exchange whose bindings all differ
 * (each message reaches at most one queue: one group); or a fanout exchange bound to every queue
 * (each queue gets every message: a group each). Anything else (topic, headers, keys bound to
 * several queues, request/reply) is not modelled.
 */
final class Routing {
    private Routing() {
    }

    static Optional<List<Group>> groups(History history, boolean requestReply) {
        if (history.plan().isEmpty() || requestReply) {
            return Optional.empty();
        }
        TopologyPlan plan = history.plan().get();
        List<String> queues = plan.queues().stream().map(TopologyPlan.Queue::name).toList();
        if (queues.isEmpty()) {
            return Optional.empty();
        }
        boolean stream = plan.queues().stream().allMatch(q -> q.type() == QueueType.STREAM);
        if (queues.size() == 1 || plan.exchanges().isEmpty() && plan.bindings().isEmpty()) {
            return Optional.of(List.of(Group.of(queues, history, stream)));
        }
        if (plan.exchanges().size() != 1) {
            return Optional.empty();
        }
        TopologyPlan.Exchange exchange = plan.exchanges().get(0);
        Set<String> bound = new HashSet<>();
        Set<String> keys = new HashSet<>();
        boolean distinct = true;
        for (TopologyPlan.Binding b : plan.bindings()) {
            if (b.exchange().equals(exchange.name())) {
                bound.add(b.queue());
                distinct &= keys.add(b.key());
            }
        }
        if (!bound.containsAll(queues)) {
            return Optional.empty();
        }
        if (exchange.type().equals("fanout")) {
            return Optional.of(queues.stream().map(q -> Group.of(List.of(q), history, stream)).toList());
        }
        if (exchange.type().equals("direct") && distinct) {
            return Optional.of(List.of(Group.of(queues, history, stream)));
        }
        return Optional.empty();
    }
}
