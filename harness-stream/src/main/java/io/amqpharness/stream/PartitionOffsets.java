package io.amqpharness.stream;

import java.util.HashMap;
import java.util.Map;

/**
 * Where a super stream consumer is in each partition, to tell a redelivery: after a reconnection the
 * stream client resumes each partition at the last offset it dispatched there, so an offset at or
 * below that partition's last one is the same message again. Built when the consumer subscribes, one
 * slot per partition, so that a message costs a map look-up (the client hands the same partition
 * name each time, its hash cached) and no allocation. Used by one thread at a time (the consumer's
 * handler is serialised).
 */
final class PartitionOffsets {
    /** Per partition: the offset after the last one delivered (0 before the first: offsets start at 0). */
    private final Map<String, long[]> next = new HashMap<>();

    /** The partitions of super stream {@code superStream}: {@code superStream-0} to {@code superStream-(partitions-1)}. */
    PartitionOffsets(String superStream, int partitions) {
        for (int k = 0; k < partitions; k++) {
            next.put(superStream + "-" + k, new long[1]);
        }
    }

    /**
     * Records the delivery of {@code offset} on {@code partition}.
     *
     * @return true if that partition had delivered this offset (or a later one) already: a redelivery
     */
    boolean deliveredAgain(String partition, long offset) {
        long[] slot = next.get(partition);
        if (slot == null) { // a partition named otherwise (a super stream declared elsewhere): once
            slot = new long[1];
            next.put(partition, slot);
        }
        boolean again = offset < slot[0];
        slot[0] = Math.max(slot[0], offset + 1);
        return again;
    }
}
