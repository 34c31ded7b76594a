package io.amqpharness.measure;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * A set of message sequences held as sorted, disjoint ranges {@code [start, end)} in two
 * primitive arrays: a gap of five million sequences is one range (16 bytes), not five million
 * boxed entries. It holds what a {@link SequenceTracker} declared lost and the timed-out messages
 * a confirm tracker still expects a late verdict for. Sequences are added in increasing order, so
 * {@link #add} appends or extends the last range; {@link #remove} (a late arrival) finds its range
 * by binary search and trims or splits it.
 *
 * <p>At most {@code maxRanges} ranges are kept; beyond that the oldest range is forgotten (a very
 * late arrival of one of its sequences is then not recognised). Not thread-safe: the owner
 * serialises access.
 */
public final class SequenceRanges {
    private static final int INITIAL_CAPACITY = 16;

    private final int maxRanges;
    private long[] starts = new long[INITIAL_CAPACITY];
    private long[] ends = new long[INITIAL_CAPACITY];
    /** Index of the oldest range kept (ranges before it were forgotten and compacted away lazily). */
    private int first;
    /** One past the newest range. */
    private int last;

    /** @param maxRanges ranges kept before the oldest is forgotten, at least 1 */
    public SequenceRanges(int maxRanges) {
        if (maxRanges < 1) {
            throw new IllegalArgumentException("maxRanges " + maxRanges + " must be at least 1");
        }
        this.maxRanges = maxRanges;
    }

    /**
     * Adds {@code [from, to)}. Sequences are added in increasing order: a range starting below the
     * end of the last one added is ignored, and this returns false.
     *
     * @return whether the range was added (or was empty)
     */
    public boolean add(long from, long to) {
        if (to <= from) {
            return true;
        }
        if (last > first && from < ends[last - 1]) {
            return false;
        }
        if (last > first && ends[last - 1] == from) {
            ends[last - 1] = to;
            return true;
        }
        if (last - first >= maxRanges) {
            first++;
        }
        if (last == starts.length) {
            makeRoom();
        }
        starts[last] = from;
        ends[last] = to;
        last++;
        return true;
    }

    /**
     * Adds one sequence wherever it falls, joining it to a neighbouring range where it can (a
     * refusal that came out of order). Appending is the common case and costs what {@link #add}
     * does; an insertion in the middle moves the ranges after it.
     *
     * @return false if {@code seq} was held already
     */
    public boolean insert(long seq) {
        if (last == first || seq >= ends[last - 1]) {
            add(seq, seq + 1);
            return true;
        }
        int i = Arrays.binarySearch(starts, first, last, seq);
        if (i >= 0) {
            return false;
        }
        int after = -i - 1; // the first range starting above seq
        int before = after - 1;
        if (before >= first && seq < ends[before]) {
            return false;
        }
        boolean joinsBefore = before >= first && ends[before] == seq;
        boolean joinsAfter = after < last && starts[after] == seq + 1;
        if (joinsBefore && joinsAfter) {
            ends[before] = ends[after];
            deleteAt(after);
        } else if (joinsBefore) {
            ends[before] = seq + 1;
        } else if (joinsAfter) {
            starts[after] = seq;
        } else {
            if (last == starts.length) {
                int shift = first;
                makeRoom();
                after -= shift - first;
            }
            System.arraycopy(starts, after, starts, after + 1, last - after);
            System.arraycopy(ends, after, ends, after + 1, last - after);
            starts[after] = seq;
            ends[after] = seq + 1;
            last++;
            if (last - first > maxRanges) {
                first++;
            }
        }
        return true;
    }

    /** The lowest sequence held, or {@link Long#MAX_VALUE} when empty. */
    public long lowest() {
        return last > first ? starts[first] : Long.MAX_VALUE;
    }

    /** One past the highest sequence held, or {@link Long#MIN_VALUE} when empty. */
    public long end() {
        return last > first ? ends[last - 1] : Long.MIN_VALUE;
    }

    /** One past the end of the lowest range held, or {@link Long#MAX_VALUE} when empty. */
    public long lowestRangeEnd() {
        return last > first ? ends[first] : Long.MAX_VALUE;
    }

    /** Removes every sequence below {@code to}; returns how many were held. */
    public long removeBelow(long to) {
        long removed = 0;
        while (last > first && ends[first] <= to) {
            removed += ends[first] - starts[first];
            first++;
        }
        if (last > first && starts[first] < to) {
            removed += to - starts[first];
            starts[first] = to;
        }
        return removed;
    }

    /**
     * Removes one sequence (a late arrival); false if it was not, or no longer, held. Late arrivals
     * come mostly in order, so mostly from the oldest ranges: the array moves on the side nearer
     * to the change, and removing or splitting near the front costs O(1), not a copy of every range.
     */
    public boolean remove(long seq) {
        int i = find(seq);
        if (i < 0) {
            return false;
        }
        long s = starts[i];
        long e = ends[i];
        if (s == seq && e == seq + 1) {
            deleteAt(i);
        } else if (s == seq) {
            starts[i] = seq + 1;
        } else if (e == seq + 1) {
            ends[i] = seq;
        } else {
            splitAt(i, seq);
        }
        return true;
    }

    /** Deletes range {@code i}, moving the shorter side. */
    private void deleteAt(int i) {
        if (i - first <= last - 1 - i) {
            System.arraycopy(starts, first, starts, first + 1, i - first);
            System.arraycopy(ends, first, ends, first + 1, i - first);
            first++;
        } else {
            System.arraycopy(starts, i + 1, starts, i, last - i - 1);
            System.arraycopy(ends, i + 1, ends, i, last - i - 1);
            last--;
        }
    }

    /** Splits range {@code i} = [s, e) into [s, seq) and [seq + 1, e), moving the shorter side. */
    private void splitAt(int i, long seq) {
        long e = ends[i];
        if (first > 0 && i - first <= last - 1 - i) {
            // Move [first, i] one to the left: range i's copy at i - 1 becomes [s, seq), slot i [seq + 1, e).
            System.arraycopy(starts, first, starts, first - 1, i - first + 1);
            System.arraycopy(ends, first, ends, first - 1, i - first + 1);
            first--;
            ends[i - 1] = seq;
            starts[i] = seq + 1;
            ends[i] = e;
        } else {
            if (last == starts.length) {
                makeRoom();
                i = find(seq);
            }
            System.arraycopy(starts, i + 1, starts, i + 2, last - i - 1);
            System.arraycopy(ends, i + 1, ends, i + 2, last - i - 1);
            ends[i] = seq;
            starts[i + 1] = seq + 1;
            ends[i + 1] = e;
            last++;
        }
        if (last - first > maxRanges) {
            first++;
        }
    }

    /** Whether {@code seq} is held. */
    public boolean contains(long seq) {
        return find(seq) >= 0;
    }

    /** Calls {@code action} with every sequence held, lowest first: a loop over each range, nothing allocated. */
    public void forEach(LongConsumer action) {
        for (int i = first; i < last; i++) {
            for (long s = starts[i]; s < ends[i]; s++) {
                action.accept(s);
            }
        }
    }

    /** Ranges held now (0 when empty). */
    public int ranges() {
        return last - first;
    }

    /** Index of the range holding {@code seq}, or a negative number. */
    private int find(long seq) {
        int i = Arrays.binarySearch(starts, first, last, seq);
        if (i >= 0) {
            return i;
        }
        int before = -i - 2; // the range starting below seq
        return before >= first && seq < ends[before] ? before : -1;
    }

    /** Compacts forgotten ranges away, or grows the arrays when there are none. */
    private void makeRoom() {
        int n = last - first;
        if (first > 0 && (first >= starts.length / 4 || starts.length > maxRanges)) {
            System.arraycopy(starts, first, starts, 0, n);
            System.arraycopy(ends, first, ends, 0, n);
        } else {
            int capacity = (int) Math.min((long) starts.length * 2, (long) maxRanges + 1);
            capacity = Math.max(capacity, n + 1);
            long[] s = new long[capacity];
            long[] e = new long[capacity];
            System.arraycopy(starts, first, s, 0, n);
            System.arraycopy(ends, first, e, 0, n);
            starts = s;
            ends = e;
        }
        first = 0;
        last = n;
    }
}
