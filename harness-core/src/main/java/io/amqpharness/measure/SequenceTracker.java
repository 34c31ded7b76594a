package io.amqpharness.measure;

import java.util.concurrent.atomic.LongAdder;

/**
 * What one publisher's messages looked like on arrival: which sequence numbers came, which came
 * twice, which are missing. Sequences start at 1, or, for a reader that may start in the middle
 * of the publisher's messages (a stream consumer at an offset, or one that joined late), at the
 * first sequence that arrives. A sliding bitmap covers the sequences after the
 * lowest one not yet received; it grows (up to {@link #MAX_WINDOW}) while messages arrive out of
 * order, and a sequence it has to give up on is declared lost, to be taken back if it turns up late.
 *
 * <p>Thread-safe: methods synchronise on the tracker, so competing consumers of one publisher's
 * messages serialise here (an uncontended lock in the usual one-consumer case).
 */
public final class SequenceTracker {
    /** Largest reordering distance tracked exactly, in messages. */
    public static final int MAX_WINDOW = 1 << 16;
    /**
     * Ranges of lost sequences remembered so that a late arrival is not taken for a duplicate:
     * 16 bytes per separate gap, so a contiguous loss of any length costs 16 bytes and the most a
     * tracker holds (a million separate gaps) is 16 MiB.
     */
    static final int MAX_REMEMBERED_LOST_RANGES = 1 << 20;
    private static final int INITIAL_WINDOW = 1 << 10;

    /** How a delivery relates to what arrived before. */
    public enum Arrival {
        /** First time this sequence arrived. */
        FIRST,
        /** First arrival of a sequence that had been declared lost. */
        LATE,
        /** Arrived before, and the broker flagged this delivery as redelivered. */
        REDELIVERY,
        /** Arrived before, and the broker did not flag it as redelivered. */
        DUPLICATE
    }

    private long[] bits = new long[INITIAL_WINDOW / 64];
    /** Sequences the broker refused (nack, return, release): not expected, so not missing. */
    private long[] excused = new long[INITIAL_WINDOW / 64];
    /** Every sequence below {@code base} has arrived or is in {@link #declaredLost}. */
    private long base = 1;
    private long highest;
    private final SequenceRanges declaredLost = new SequenceRanges(MAX_REMEMBERED_LOST_RANGES);
    private long lostCount;
    private final LongAdder lostCounter;
    private final boolean fromFirstArrival;
    private boolean arrived;

    /** A tracker that only counts for itself, expecting sequences from 1. */
    public SequenceTracker() {
        this(new LongAdder());
    }

    /**
     * A tracker that expects sequences from 1.
     *
     * @param lostCounter where sequences declared lost (and taken back) are counted as the run goes on
     */
    public SequenceTracker(LongAdder lostCounter) {
        this(lostCounter, false);
    }

    /**
     * @param lostCounter      where sequences declared lost (and taken back) are counted as the run goes on
     * @param fromFirstArrival expect sequences from the first one that arrives rather than from 1
     */
    public SequenceTracker(LongAdder lostCounter, boolean fromFirstArrival) {
        this.lostCounter = lostCounter;
        this.fromFirstArrival = fromFirstArrival;
    }

    /**
     * Records the arrival of a sequence given by its low 32 bits.
     *
     * @param sequence32  the low 32 bits from the message header
     * @param redelivered the broker's redelivered flag
     */
    public synchronized Arrival arrive(long sequence32, boolean redelivered) {
        long seq = PayloadCodec.extend(sequence32, Math.max(highest, base));
        if (!arrived) {
            arrived = true;
            if (fromFirstArrival && seq > base) {
                base = seq;
            }
        }
        if (seq < 1) {
            return redelivered ? Arrival.REDELIVERY : Arrival.DUPLICATE;
        }
        if (seq < base) {
            if (declaredLost.remove(seq)) {
                lostCount--;
                lostCounter.decrement();
                return Arrival.LATE;
            }
            return redelivered ? Arrival.REDELIVERY : Arrival.DUPLICATE;
        }
        ensureCovers(seq);
        int index = (int) (seq % window());
        long mask = 1L << (index & 63);
        if ((bits[index >>> 6] & mask) != 0) {
            return redelivered ? Arrival.REDELIVERY : Arrival.DUPLICATE;
        }
        bits[index >>> 6] |= mask;
        excused[index >>> 6] &= ~mask; // refused for one queue, delivered by another (fanout)
        highest = Math.max(highest, seq);
        advanceBase();
        return Arrival.FIRST;
    }

    /**
     * Records that the broker refused a sequence (a nack, a mandatory return, an AMQP 1.0
     * {@code released}): it is not expected, so its absence is no loss. If it arrives after all
     * (a fanout where another queue took it), it counts as a first arrival while it is still in
     * the window. Before a reader's first arrival ({@code fromFirstArrival}) it is ignored.
     *
     * @param sequence32 the low 32 bits of the refused message's sequence
     */
    public synchronized void excuse(long sequence32) {
        if (fromFirstArrival && !arrived) {
            return;
        }
        long seq = PayloadCodec.extend(sequence32, Math.max(highest, base));
        if (seq < 1) {
            return;
        }
        if (seq < base) {
            if (declaredLost.remove(seq)) {
                lostCount--;
                lostCounter.decrement();
            }
            return;
        }
        ensureCovers(seq);
        int index = (int) (seq % window());
        long mask = 1L << (index & 63);
        if ((bits[index >>> 6] & mask) == 0) {
            excused[index >>> 6] |= mask;
        }
        advanceBase();
    }

    /** Highest sequence seen so far (0 before any). */
    public synchronized long highest() {
        return highest;
    }

    /** Sequences declared lost while the run went on (a window had to move past them). */
    public synchronized long declaredLost() {
        return lostCount;
    }

    /** Sequences missing below the highest one seen: those declared lost plus the gaps still in the window. */
    public synchronized long missing() {
        long gaps = 0;
        for (long s = base; s < highest; s++) {
            if (!received(s) && !isExcused(s)) {
                gaps++;
            }
        }
        return lostCount + gaps;
    }

    private int window() {
        return bits.length * 64;
    }

    private boolean received(long seq) {
        int index = (int) (seq % window());
        return (bits[index >>> 6] & (1L << (index & 63))) != 0;
    }

    private boolean isExcused(long seq) {
        int index = (int) (seq % window());
        return (excused[index >>> 6] & (1L << (index & 63))) != 0;
    }

    private void ensureCovers(long seq) {
        while (seq >= base + window() && window() < MAX_WINDOW) {
            grow();
        }
        if (seq >= base + window()) {
            giveUpBelow(seq - window() + 1);
        }
    }

    /** Doubles the window, re-placing the received and excused flags of [base, base + old window). */
    private void grow() {
        int oldWindow = window();
        long[] old = bits;
        long[] oldExcused = excused;
        bits = new long[old.length * 2];
        excused = new long[old.length * 2];
        for (long s = base; s < base + oldWindow; s++) {
            int i = (int) (s % oldWindow);
            int j = (int) (s % window());
            if ((old[i >>> 6] & (1L << (i & 63))) != 0) {
                bits[j >>> 6] |= 1L << (j & 63);
            }
            if ((oldExcused[i >>> 6] & (1L << (i & 63))) != 0) {
                excused[j >>> 6] |= 1L << (j & 63);
            }
        }
    }

    /**
     * The window has to start at {@code newBase} to hold a new arrival: every sequence below it
     * that neither arrived nor was excused is declared lost, in ranges; the sequences beyond the
     * window (a jump of millions) are one range, with no loop over them.
     */
    private void giveUpBelow(long newBase) {
        long lost = 0;
        long inWindowEnd = Math.min(newBase, base + window());
        long runStart = base;
        for (long s = base; s < inWindowEnd; s++) {
            int index = (int) (s % window());
            long mask = 1L << (index & 63);
            boolean accounted = (bits[index >>> 6] & mask) != 0 || (excused[index >>> 6] & mask) != 0;
            bits[index >>> 6] &= ~mask;
            excused[index >>> 6] &= ~mask;
            if (accounted) {
                declaredLost.add(runStart, s);
                lost += s - runStart;
                runStart = s + 1;
            }
        }
        declaredLost.add(runStart, newBase);
        lost += newBase - runStart;
        lostCount += lost;
        lostCounter.add(lost);
        base = newBase;
        advanceBase();
    }

    private void advanceBase() {
        while ((base <= highest && received(base)) || isExcused(base)) {
            int index = (int) (base % window());
            bits[index >>> 6] &= ~(1L << (index & 63));
            excused[index >>> 6] &= ~(1L << (index & 63));
            base++;
        }
    }
}
