package io.amqpharness.junit.oracle;

import io.amqpharness.spi.TopologyPlan;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The raw history of one run as the oracle recorded it, independent of the harness's counters.
 * Immutable.
 *
 * @param publishers per publisher identity, what was sent and the broker's verdicts
 * @param deliveries per queue, what consumers received
 * @param consumers  the consumers the run started, in order
 * @param plan       the topology the run asked for; empty if the run never declared one
 * @param holdings   per queue, what the oracle's own reader found left after the run
 * @param created    the queues the run itself created (others existed before it, and may be shared)
 */
public record History(List<PublisherHistory> publishers, Map<String, QueueDeliveries> deliveries,
                      List<ConsumerFacts> consumers, Optional<TopologyPlan> plan,
                      Map<String, QueueHoldings> holdings, java.util.Set<String> created) {
    public History {
        publishers = List.copyOf(publishers);
        deliveries = Map.copyOf(deliveries);
        consumers = List.copyOf(consumers);
        holdings = Map.copyOf(holdings);
        created = java.util.Set.copyOf(created);
    }
}
