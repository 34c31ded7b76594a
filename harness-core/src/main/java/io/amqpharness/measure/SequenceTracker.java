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
    /**
     * Refused sequences the lowest one not yet received has moved past, kept so that a copy
     * another queue took (fanout) still counts as a first arrival: 16 bytes per separate range,
     * at most 1 MiB; beyond that the oldest are forgotten.
     */
    static final int MAX_PASSED_EXCUSE_RANGES = 1 << 16;
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
    /**
     * Refusals beyond the window (a full queue refuses far ahead of its consumer): they must not
     * move the window, so they wait here until the window reaches them.
     */
    private final SequenceRanges excusedAhead = new SequenceRanges(MAX_REMEMBERED_LOST_RANGES);
    /** Refused sequences below {@code base} that never arrived. */
    private final SequenceRanges excusedPassed = new SequenceRanges(MAX_PASSED_EXCUSE_RANGES);
    /** Messages in doubt (their publisher's connection dropped before a verdict) that have not arrived yet. */
    private final SequenceRanges inDoubt = new SequenceRanges(MAX_PASSED_EXCUSE_RANGES);
    private final LongAdder inDoubtArrived;
    private long lostCount;
    private final LongAdder lostCounter;
    private final boolean fromFirstArrival;
    private boolean arrived;
    private long firstArrival;
    private long highestAtLastCall;
    /**
     * Whether its publisher is this run's, as the {@link Integrity} that made it found once ({@link #OWN},
     * {@link #OTHERS}), so that a first arrival does not compare the publisher's identity again; 0 if
     * another made it.
     */
    byte owner;
    static final byte OWN = 1;
    static final byte OTHERS = 2;

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
        this(lostCounter, fromFirstArrival, new LongAdder());
    }

    /**
     * @param lostCounter      where sequences declared lost (and taken back) are counted as the run goes on
     * @param fromFirstArrival expect sequences from the first one that arrives rather than from 1
     * @param inDoubtArrived   where first arrivals of messages in doubt ({@link #inDoubt}) are counted
     */
    public SequenceTracker(LongAdder lostCounter, boolean fromFirstArrival, LongAdder inDoubtArrived) {
        this.lostCounter = lostCounter;
        this.fromFirstArrival = fromFirstArrival;
        this.inDoubtArrived = inDoubtArrived;
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
            firstArrival = seq;
            if (fromFirstArrival && seq > base) {
                base = seq;
                excusedAhead.removeBelow(seq); // refused before where this reader starts: never expected
            }
        }
        if (seq < 1) {
            return redelivered ? Arrival.REDELIVERY : Arrival.DUPLICATE;
        }
        if (seq < base) {
            if (declaredLost.remove(seq)) {
                lostCount--;
                lostCounter.decrement();
                countIfInDoubt(seq);
                return Arrival.LATE;
            }
            if (excusedPassed.remove(seq)) {
                return Arrival.FIRST; // refused by one queue, delivered by another (fanout)
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
        countIfInDoubt(seq);
        return Arrival.FIRST;
    }

    /** A first arrival of a message in doubt is counted apart: it was not expected. */
    private void countIfInDoubt(long seq) {
        if (seq < inDoubt.end() && inDoubt.remove(seq)) { // one comparison once deliveries are past the outage
            inDoubtArrived.increment();
        }
    }

    /**
     * Records that a message is in doubt: it was awaiting a confirm when its publisher's connection
     * dropped, so no verdict will come and it was not expected. Whether it arrived, now or later,
     * is counted apart ({@code inDoubtArrived}), so that in-doubt messages that arrived do not make
     * up for confirmed messages that did not.
     *
     * @param sequence32 the low 32 bits of the message's sequence
     */
    public synchronized void inDoubt(long sequence32) {
        long seq = PayloadCodec.extend(sequence32, Math.max(highest, base));
        if (seq < 1) {
            return;
        }
        if (hasArrived(seq)) {
            inDoubtArrived.increment();
        } else {
            inDoubt.insert(seq);
        }
    }

    private boolean hasArrived(long seq) {
        if (!arrived) {
            return false;
        }
        if (seq < base) {
            return !declaredLost.contains(seq) && !excusedPassed.contains(seq)
                    && !(fromFirstArrival && seq < firstArrival);
        }
        return seq < base + window() && received(seq);
    }

    /**
     * Records that the broker refused a sequence (a nack, a mandatory return, an AMQP 1.0
     * {@code released}): it is not expected, so its absence is no loss. If it arrives after all
     * (a fanout where another queue took it), it counts as a first arrival. A refusal never moves
     * the window: one far ahead of the arrivals (a full queue refuses while its backlog is still
     * being consumed) is kept apart until the window reaches it. Before a reader's first arrival
     * ({@code fromFirstArrival}) it is kept apart too, and forgotten if the reader starts past it.
     *
     * @param sequence32 the low 32 bits of the refused message's sequence
     */
    public synchronized void excuse(long sequence32) {
        long seq = PayloadCodec.extend(sequence32, Math.max(highest, base));
        if (seq < 1) {
            return;
        }
        if (fromFirstArrival && !arrived) {
            excusedAhead.insert(seq); // where the window starts is not known yet
            return;
        }
        if (seq < base) {
            if (declaredLost.remove(seq)) {
                lostCount--;
                lostCounter.decrement();
                excusedPassed.insert(seq);
            }
            return;
        }
        if (seq >= base + window()) {
            excusedAhead.insert(seq);
            return;
        }
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
        return lostCount + gaps(base, highest);
    }

    /**
     * Sequences missing behind what had arrived by the previous call: those declared lost plus the
     * gaps below the highest sequence seen then. A gap younger than that is left for the next call,
     * so messages merely overtaken (competing consumers, a redelivery) are not counted lost for a
     * moment. Call once per reporting interval, from one thread.
     */
    public synchronized long missingSettled() {
        long upTo = Math.min(highestAtLastCall, highest);
        highestAtLastCall = highest;
        return lostCount + gaps(base, Math.max(base, upTo));
    }

    /** Sequences in {@code [from, to)}, within the window, that neither arrived nor were refused: a word at a time. */
    private long gaps(long from, long to) {
        long gaps = 0;
        int w = window();
        for (long s = from; s < to; ) {
            int index = (int) (s % w);
            int bit = index & 63;
            int n = (int) Math.min(64 - bit, to - s); // a word never straddles the wrap: the window is whole words
            long mask = (n == 64 ? -1L : (1L << n) - 1) << bit;
            gaps += n - Long.bitCount((bits[index >>> 6] | excused[index >>> 6]) & mask);
            s += n;
        }
        return gaps;
    }

    private int window() {
        return bits.length * 64;
    }

    private boolean received(long seq) {
        int index = (int) (seq % window());
        return (bits[index >>> 6] & (1L << (index & 63))) != 0;
    }

    private void ensureCovers(long seq) {
        while (seq >= base + window() && window() < MAX_WINDOW) {
            grow();
            pullExcusesAhead();
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
            boolean received = (bits[index >>> 6] & mask) != 0;
            boolean refused = (excused[index >>> 6] & mask) != 0;
            bits[index >>> 6] &= ~mask;
            excused[index >>> 6] &= ~mask;
            if (refused) {
                excusedPassed.add(s, s + 1);
            }
            if (received || refused) {
                declaredLost.add(runStart, s);
                lost += s - runStart;
                runStart = s + 1;
            }
        }
        // Beyond the window, the refusals kept apart split the loss.
        while (excusedAhead.lowest() < newBase) {
            long from = excusedAhead.lowest();
            long to = Math.min(excusedAhead.lowestRangeEnd(), newBase);
            declaredLost.add(runStart, from);
            lost += from - runStart;
            excusedPassed.add(from, to);
            excusedAhead.removeBelow(to);
            runStart = to;
        }
        declaredLost.add(runStart, newBase);
        lost += newBase - runStart;
        lostCount += lost;
        lostCounter.add(lost);
        base = newBase;
        advanceBase();
    }

    /** Moves {@code base} past what arrived or was refused; a refusal passed is remembered apart. */
    private void advanceBase() {
        while (true) {
            pullExcusesAhead();
            int index = (int) (base % window());
            long mask = 1L << (index & 63);
            if (base <= highest && (bits[index >>> 6] & mask) != 0) {
                bits[index >>> 6] &= ~mask;
            } else if ((excused[index >>> 6] & mask) != 0) {
                excused[index >>> 6] &= ~mask;
                excusedPassed.add(base, base + 1);
            } else {
                return;
            }
            base++;
        }
    }

    /** Moves the refusals kept apart that the window now covers into it. */
    private void pullExcusesAhead() {
        long end = base + window();
        while (excusedAhead.lowest() < end) {
            long from = excusedAhead.lowest();
            long to = Math.min(excusedAhead.lowestRangeEnd(), end);
            for (long s = from; s < to; s++) {
                if (!received(s)) {
                    int index = (int) (s % window());
                    excused[index >>> 6] |= 1L << (index & 63);
                }
            }
            excusedAhead.removeBelow(to);
        }
    }
}
