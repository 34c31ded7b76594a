package io.amqpharness.junit.oracle;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Queues the oracle judges as one: a single queue, or several queues each message reaches at most
 * one of (publisher i to queue i), whose deliveries and holdings it unites. With fanout every queue
 * is a group of its own (each gets a copy). Immutable.
 *
 * @param queues     the queues
 * @param holdings   what the reader found in each
 * @param deliveries what the run's consumers received from each
 * @param stream     the queues are streams
 */
record Group(List<String> queues, List<QueueHoldings> holdings, List<QueueDeliveries> deliveries, boolean stream) {
    Group {
        queues = List.copyOf(queues);
        holdings = List.copyOf(holdings);
        deliveries = List.copyOf(deliveries);
    }

    /** The sequences of {@code publisherId} delivered from any of the queues. */
    BitSet delivered(String publisherId) {
        BitSet b = new BitSet();
        deliveries.forEach(d -> b.or(d.of(publisherId)));
        return b;
    }

    /** What the broker demonstrably had of {@code publisherId}: delivered or found afterwards. */
    BitSet had(String publisherId) {
        BitSet b = delivered(publisherId);
        holdings.forEach(h -> b.or(h.of(publisherId)));
        return b;
    }

    /** Why the reader may have missed messages in one of the queues; empty when it read them all. */
    Optional<String> incomplete() {
        return holdings.stream().filter(h -> h.incomplete().isPresent())
                .map(h -> h.queue() + ": " + h.incomplete().get()).findFirst();
    }

    static String names(List<Group> groups) {
        return groups.stream().flatMap(g -> g.queues().stream()).collect(Collectors.joining(", "));
    }

    static Group of(List<String> queues, History history, boolean stream) {
        List<QueueHoldings> held = queues.stream().map(q -> history.holdings().getOrDefault(q, QueueHoldings.unread(q,
                "the reader did not run (the run kept or never declared its topology)"))).toList();
        List<QueueDeliveries> got = queues.stream().map(q -> history.deliveries().getOrDefault(q,
                new QueueDeliveries(q, Map.of(), 0, 0, 0, 0, 0))).toList();
        return new Group(queues, held, got, stream);
    }
}
