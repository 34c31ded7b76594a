package io.amqpharness.flow;

import io.amqpharness.measure.NanoClock;
import io.amqpharness.spi.ConsumerLink;

/**
 * How one consumer settles what it receives: every message on its own, or every {@code N}
 * messages with one multiple ack, or every {@code N} messages or {@code T} nanoseconds, whichever
 * comes first. A negative acknowledgement first settles the acks pending before it, then goes
 * out on its own, so a window that mixes acks and nacks is never settled with one multiple ack.
 *
 * <p>Tags carry the generation of the link that delivered them in their top
 * {@value #GENERATION_BITS} bits (a consumer that survives its connection numbers the links it
 * opens 0, 1, 2, ... modulo 2<sup>{@value #GENERATION_BITS}</sup>; without recovery every tag is of
 * generation 0). The pending acks are always of the newest generation seen: a tag of a newer one
 * drops the pending acks of the old link (their link is gone, and its messages come again), and an
 * ack of an older one, handed over late by the old link, is passed on alone at once (the consumer
 * drops it), so it never holds back nor stands in for the current link's acks in a multiple ack.
 *
 * <p>Thread-safe: the delivery thread and the timer that enforces {@code T} may both settle, so
 * each method holds this object's monitor (uncontended in the common case). The monitor is
 * what keeps a delivery tag from being acknowledged twice.
 */
public final class AckPolicy {
    /** Bits at the top of a delivery tag that hold the generation of the link that delivered it. */
    public static final int GENERATION_BITS = 16;
    private static final int GENERATION_SHIFT = Long.SIZE - GENERATION_BITS;

    private final ConsumerLink link;
    private final NanoClock clock;
    private final long timeoutNanos;
    private volatile int every;
    private long pendingCount;
    private long lastTag;
    private long firstPendingNanos;
    /** The newest link generation seen, that of the pending acks. */
    private long generation;

    /**
     * @param link         the consumer to settle on
     * @param every        acknowledge every this many messages, at least 1; above 1 uses the multiple flag
     * @param timeoutNanos settle pending acks once the oldest is this old; 0 for no time bound
     * @param clock        the clock for the time bound
     */
    public AckPolicy(ConsumerLink link, int every, long timeoutNanos, NanoClock clock) {
        if (every < 1 || timeoutNanos < 0) {
            throw new IllegalArgumentException("every must be at least 1 and the timeout not negative");
        }
        this.link = link;
        this.every = every;
        this.timeoutNanos = timeoutNanos;
        this.clock = clock;
    }

    /** Acknowledges delivery {@code tag} now or as part of a later multiple ack. */
    public synchronized void ack(long tag) {
        if (every == 1 || !ofCurrentGeneration(tag)) {
            link.ack(tag, false);
            return;
        }
        if (pendingCount == 0 && timeoutNanos > 0) {
            firstPendingNanos = clock.nanoTime();
        }
        pendingCount++;
        lastTag = tag;
        if (pendingCount >= every) {
            flushLocked();
        }
    }

    /** Settles the pending acks, then negatively acknowledges {@code tag} on its own. */
    public synchronized void nack(long tag, boolean requeue) {
        ofCurrentGeneration(tag);
        flushLocked();
        link.nack(tag, false, requeue);
    }

    /** Settles the pending acks, then rejects {@code tag} on its own. */
    public synchronized void reject(long tag, boolean requeue) {
        ofCurrentGeneration(tag);
        flushLocked();
        link.reject(tag, requeue);
    }

    /** Settles pending acks if the oldest has waited at least the timeout. For the timer thread. */
    public synchronized void flushIfDue(long nowNanos) {
        if (pendingCount > 0 && timeoutNanos > 0 && nowNanos - firstPendingNanos >= timeoutNanos) {
            flushLocked();
        }
    }

    /** Settles every pending ack now. */
    public synchronized void flush() {
        flushLocked();
    }

    /**
     * Forgets the pending acks without sending them: the link they belonged to is gone, and the
     * broker puts the messages they would have settled back in the queue (they come again, flagged
     * as redelivered). Called before a recovered link delivers, whose tags start again.
     */
    public synchronized void discard() {
        pendingCount = 0;
    }

    /** Acks received but not yet sent to the broker. */
    public synchronized long pending() {
        return pendingCount;
    }

    /** The time bound in nanoseconds, 0 if none. */
    public long timeoutNanos() {
        return timeoutNanos;
    }

    /** Changes N; pending acks are settled first so the new interval starts clean. */
    public synchronized void setEvery(int newEvery) {
        if (newEvery < 1) {
            throw new IllegalArgumentException("every must be at least 1: " + newEvery);
        }
        flushLocked();
        every = newEvery;
    }

    /**
     * False if {@code tag} is of an older link generation than the newest seen; a newer one becomes
     * the current generation and drops the acks pending for the old link. Generations compare as
     * serial numbers, so the count may wrap.
     */
    private boolean ofCurrentGeneration(long tag) {
        long g = tag >>> GENERATION_SHIFT;
        int ahead = (short) (g - generation); // GENERATION_BITS wide: a short
        if (ahead < 0) {
            return false;
        }
        if (ahead > 0) {
            generation = g;
            pendingCount = 0; // the old link's acks: its messages come again
        }
        return true;
    }

    private void flushLocked() {
        if (pendingCount == 0) {
            return;
        }
        link.ack(lastTag, pendingCount > 1);
        pendingCount = 0;
    }
}
