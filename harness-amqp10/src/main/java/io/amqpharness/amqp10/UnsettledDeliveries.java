package io.amqpharness.amqp10;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A consumer's unsettled deliveries by tag (1, 2, 3, ... in arrival order): a ring that grows
 * when needed. AMQP 1.0 link credit does not wait for settlement, so nothing but the ack policy
 * bounds how many are held. Not thread-safe: the consumer guards it with its own lock.
 */
final class UnsettledDeliveries<D> {
    @SuppressWarnings("unchecked")
    private D[] ring = (D[]) new Object[64];
    /** Lowest tag that may still be unsettled. */
    private long first = 1;
    /** Highest tag added. */
    private long last;

    /** Adds the delivery with the next tag, {@code last + 1}; returns that tag. */
    long add(D delivery) {
        long tag = last + 1;
        if (tag - first >= ring.length) {
            grow();
        }
        ring[(int) (tag & (ring.length - 1))] = delivery;
        last = tag;
        return tag;
    }

    /** Removes and passes to {@code action} every unsettled delivery with a tag up to {@code tag}, in order. */
    void removeUpTo(long tag, Consumer<D> action) {
        long upTo = Math.min(tag, last);
        for (long t = first; t <= upTo; t++) {
            int slot = (int) (t & (ring.length - 1));
            D d = ring[slot];
            if (d != null) {
                ring[slot] = null;
                action.accept(d);
            }
        }
        first = Math.max(first, upTo + 1);
    }

    /** Removes the delivery with {@code tag}; null if it is not held (already settled, or unknown). */
    D remove(long tag) {
        if (tag < first || tag > last) {
            return null;
        }
        int slot = (int) (tag & (ring.length - 1));
        D d = ring[slot];
        ring[slot] = null;
        while (first <= last && ring[(int) (first & (ring.length - 1))] == null) {
            first++;
        }
        return d;
    }

    /** Deliveries held. */
    int size() {
        int n = 0;
        for (long t = first; t <= last; t++) {
            if (ring[(int) (t & (ring.length - 1))] != null) {
                n++;
            }
        }
        return n;
    }

    private void grow() {
        @SuppressWarnings("unchecked")
        D[] bigger = (D[]) new Object[ring.length * 2];
        for (long t = first; t <= last; t++) {
            bigger[(int) (t & (bigger.length - 1))] = ring[(int) (t & (ring.length - 1))];
        }
        Arrays.fill(ring, null);
        ring = bigger;
    }
}
