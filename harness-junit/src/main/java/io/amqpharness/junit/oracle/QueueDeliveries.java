package io.amqpharness.junit.oracle;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * What the run's consumers received from one queue, as the oracle recorded it. Immutable.
 *
 * @param queue             the queue
 * @param delivered         per publisher identity, the sequences delivered at least once (bit n = sequence n)
 * @param deliveries        every delivery, repeats and messages without identity included
 * @param unidentified      deliveries without a publisher identity or too short for a header
 * @param repeatedFlagged   deliveries of a message delivered before, flagged as redelivered
 * @param repeatedUnflagged deliveries of a message delivered before, not flagged (duplicates)
 * @param late              deliveries the consumer was still handling when the run cancelled or closed it: the
 *                          run's counts may have been taken before they finished
 */
public record QueueDeliveries(String queue, Map<String, BitSet> delivered, long deliveries, long unidentified,
                              long repeatedFlagged, long repeatedUnflagged, long late) {
    public QueueDeliveries {
        Map<String, BitSet> copy = new HashMap<>();
        delivered.forEach((k, v) -> copy.put(k, (BitSet) v.clone()));
        delivered = Map.copyOf(copy);
    }

    /** The sequences of {@code publisherId} delivered at least once; empty if none. */
    public BitSet of(String publisherId) {
        BitSet b = delivered.get(publisherId);
        return b == null ? new BitSet() : (BitSet) b.clone();
    }
}
