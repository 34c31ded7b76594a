package io.amqpharness.junit.oracle;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the oracle's own reader found in one queue after the run (a stream: everything from its
 * first offset). Immutable.
 *
 * @param queue        the queue
 * @param held         per publisher identity, the sequences found (bit n = sequence n)
 * @param messages     messages read, all of them
 * @param foreign      messages without a header or without an identity of this run (other runs, other tools)
 * @param heldTwice    messages found more than once (the same publisher and sequence)
 * @param counted      messages the broker counted in the queue when the reader began (its declare-ok)
 * @param incomplete   why the reader may have missed messages (it could not connect, the queue was gone,
 *                     fewer messages arrived than the broker counted); empty when it read everything
 */
public record QueueHoldings(String queue, Map<String, BitSet> held, long messages, long foreign, long heldTwice,
                            long counted, Optional<String> incomplete) {
    public QueueHoldings {
        Map<String, BitSet> copy = new HashMap<>();
        held.forEach((k, v) -> copy.put(k, (BitSet) v.clone()));
        held = Map.copyOf(copy);
    }

    /** A reading that failed: nothing known. */
    static QueueHoldings unread(String queue, String why) {
        return new QueueHoldings(queue, Map.of(), 0, 0, 0, 0, Optional.of(why));
    }

    /** The sequences of {@code publisherId} found; empty if none. */
    public BitSet of(String publisherId) {
        BitSet b = held.get(publisherId);
        return b == null ? new BitSet() : (BitSet) b.clone();
    }
}
