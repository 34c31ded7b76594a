package io.amqpharness.broker;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The broker's message counts over the run next to the harness's own. Immutable.
 *
 * @param basis            {@code queues}: the management API's counters of the run's queues;
 *                         {@code node}: the node-wide counters of the Prometheus endpoint (every
 *                         client's messages count, not only this run's)
 * @param brokerPublished  messages the broker says were published (into the run's queues, or to the node)
 * @param harnessPublished what the harness expected there: messages published (minus those returned),
 *                         times the queues each reaches for {@code queues}; empty when unknown
 * @param brokerDelivered  deliveries the broker says it made (from the run's queues, or from the node)
 * @param harnessDelivered deliveries the harness's consumers received, redeliveries included
 */
public record CrossCheck(String basis, OptionalLong brokerPublished, OptionalLong harnessPublished,
                         OptionalLong brokerDelivered, OptionalLong harnessDelivered) {

    /**
     * The harness's counts the broker's are compared with.
     *
     * @param published        messages published
     * @param expectedInQueues messages that should have entered the run's queues (routed times the
     *                         queues each reaches); empty when the topology does not tell
     * @param delivered        deliveries the consumers received
     * @param consumers        true if the run consumes
     * @param growth           how much the queues grew while publishing, by the harness's counts
     */
    public record HarnessCounts(long published, OptionalLong expectedInQueues, long delivered, boolean consumers,
                                Optional<QueueGrowth> growth) {
    }

    /** True if every count both sides have agrees. */
    public boolean agrees() {
        return same(brokerPublished, harnessPublished) && same(brokerDelivered, harnessDelivered);
    }

    /**
     * Compares the counts between two samples with the harness's: the run's queues' counters when
     * the broker keeps them (AMQP 0.9.1, and AMQP 1.0 on 3.x) and they agree, or when the node-wide
     * counters do not; otherwise the node-wide counters (live, and exact when no other client is busy).
     */
    static Optional<CrossCheck> of(BrokerSample before, BrokerSample after, HarnessCounts h) {
        Optional<CrossCheck> queues = queues(before, after, h);
        Optional<CrossCheck> node = node(before, after, h);
        // The run's own queues say more, but their counters may still lag; live node-wide ones that agree settle it.
        if (queues.isPresent() && (queues.get().agrees() || node.isEmpty() || !node.get().agrees())) {
            return queues;
        }
        return node.isPresent() ? node : queues;
    }

    private static Optional<CrossCheck> queues(BrokerSample before, BrokerSample after, HarnessCounts h) {
        OptionalLong published = delta(before, after, true);
        OptionalLong delivered = delta(before, after, false);
        if (published.isPresent() || delivered.isPresent()) {
            return Optional.of(new CrossCheck("queues", published, h.expectedInQueues(), delivered,
                    h.consumers() ? OptionalLong.of(h.delivered()) : OptionalLong.empty()));
        }
        return Optional.empty();
    }

    private static Optional<CrossCheck> node(BrokerSample before, BrokerSample after, HarnessCounts h) {
        if (after.nodeReceived().isPresent() && before.nodeReceived().isPresent()) {
            OptionalLong d = after.nodeDelivered().isPresent() && before.nodeDelivered().isPresent()
                    ? OptionalLong.of(after.nodeDelivered().getAsLong() - before.nodeDelivered().getAsLong())
                    : OptionalLong.empty();
            return Optional.of(new CrossCheck("node",
                    OptionalLong.of(after.nodeReceived().getAsLong() - before.nodeReceived().getAsLong()),
                    OptionalLong.of(h.published()), d, OptionalLong.of(h.delivered())));
        }
        return Optional.empty();
    }

    /** The sum over the run's queues of a counter's growth; empty unless every queue has the counter at the end. */
    private static OptionalLong delta(BrokerSample before, BrokerSample after, boolean published) {
        if (after.queues().isEmpty()) {
            return OptionalLong.empty();
        }
        long total = 0;
        for (QueueSample q : after.queues()) {
            OptionalLong end = published ? q.published() : q.delivered();
            if (end.isEmpty()) {
                return OptionalLong.empty();
            }
            long start = before.queues().stream().filter(b -> b.name().equals(q.name()))
                    .map(b -> published ? b.published() : b.delivered()).filter(OptionalLong::isPresent)
                    .mapToLong(OptionalLong::getAsLong).findFirst().orElse(0);
            total += end.getAsLong() - start;
        }
        return OptionalLong.of(total);
    }

    /** One line for the summary: {@code published 50,000 (harness 50,000), delivered ... : agree}. */
    public String line() {
        List<String> parts = new ArrayList<>();
        part(parts, "published", brokerPublished, harnessPublished);
        part(parts, "delivered", brokerDelivered, harnessDelivered);
        boolean compared = brokerPublished.isPresent() && harnessPublished.isPresent()
                || brokerDelivered.isPresent() && harnessDelivered.isPresent();
        return String.join(", ", parts) + (!compared ? ": nothing to compare" : agrees() ? ": agree" : ": DIFFER") + " ("
                + (basis.equals("queues") ? "counters of the run's queues" : "node-wide counters") + ")";
    }

    /** The notes for counts that differ, one sentence each with both numbers. */
    List<String> notes() {
        List<String> notes = new ArrayList<>();
        String where = basis.equals("queues") ? "into the run's queues" : "to the node (node-wide: other clients count too)";
        if (!same(brokerPublished, harnessPublished)) {
            notes.add(String.format(Locale.ROOT, "The broker counted %,d messages published %s, the harness %,d "
                    + "(difference %+,d).", brokerPublished.getAsLong(), where, harnessPublished.getAsLong(),
                    brokerPublished.getAsLong() - harnessPublished.getAsLong()));
        }
        if (!same(brokerDelivered, harnessDelivered)) {
            String from = basis.equals("queues") ? "from the run's queues" : "by the node (node-wide: other clients count too)";
            notes.add(String.format(Locale.ROOT, "The broker counted %,d deliveries %s, the harness's consumers "
                    + "received %,d (difference %+,d).", brokerDelivered.getAsLong(), from,
                    harnessDelivered.getAsLong(), brokerDelivered.getAsLong() - harnessDelivered.getAsLong()));
        }
        return notes;
    }

    private static void part(List<String> parts, String what, OptionalLong broker, OptionalLong harness) {
        if (broker.isPresent()) {
            parts.add(String.format(Locale.ROOT, "%s %,d", what, broker.getAsLong())
                    + (harness.isPresent() ? String.format(Locale.ROOT, " (harness %,d)", harness.getAsLong()) : ""));
        }
    }

    private static boolean same(OptionalLong broker, OptionalLong harness) {
        return broker.isEmpty() || harness.isEmpty() || broker.getAsLong() == harness.getAsLong();
    }
}
