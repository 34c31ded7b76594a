package io.amqpharness.run;

import io.amqpharness.measure.LatencyRecorder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How late each recent message of one publisher was actually sent (its publish delay), by
 * sequence number, so that a consumer can take the end-to-end latency from the actual send as
 * well as from the intended time: {@code from send = end-to-end - publish delay}. A ring of
 * {@code slots} entries: a message delivered after {@code slots} later ones were sent finds its
 * entry overwritten and is left out of the from-send latency (and counted).
 *
 * <p>One publisher thread writes, any consumer thread reads; no locks, no allocation. A reader
 * checks the entry's sequence before and after reading its delay, so it never pairs a message
 * with another one's delay.
 */
final class SendTimes {
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Each entry: the sequence number (low 32 bits, plus 1 so that 0 means empty), then the delay. */
    private final long[] entries;
    private final int mask;

    /** @param slots entries kept, rounded up to a power of two; at least 2 */
    SendTimes(int slots) {
        int size = Integer.highestOneBit(Math.max(2, slots - 1)) << 1;
        this.entries = new long[2 * size];
        this.mask = size - 1;
    }

    /** The publisher sent message {@code sequence} (its low 32 bits) {@code delayNanos} after its intended time. */
    void sent(long sequence, long delayNanos) {
        int i = 2 * (int) (sequence & mask);
        long tag = (sequence & 0xFFFF_FFFFL) + 1;
        SLOTS.setRelease(entries, i, 0L); // a reader racing with this write sees the entry as empty
        SLOTS.setRelease(entries, i + 1, delayNanos);
        SLOTS.setRelease(entries, i, tag);
    }

    /**
     * Records the latency of message {@code sequence32} from its actual send, if its publish delay
     * is still known.
     *
     * @param endToEndNanos its latency from the intended time
     * @return false if the entry was overwritten (or never written): nothing recorded
     */
    boolean recordFromSend(long sequence32, long endToEndNanos, LatencyRecorder fromSend) {
        int i = 2 * (int) (sequence32 & mask);
        long tag = sequence32 + 1;
        if ((long) SLOTS.getAcquire(entries, i) != tag) {
            return false;
        }
        long delay = (long) SLOTS.getAcquire(entries, i + 1);
        if ((long) SLOTS.getAcquire(entries, i) != tag) {
            return false;
        }
        fromSend.recordNanos(Math.max(0, endToEndNanos - delay));
        return true;
    }

    /** Entries for a publisher at {@code ratePerSecond}: two seconds of messages, 1,024 to 32,768. */
    static int slotsFor(double ratePerSecond) {
        return (int) Math.min(32_768, Math.max(1_024, ratePerSecond * 2));
    }
}
