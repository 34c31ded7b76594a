package io.amqpharness.measure;

import java.util.Arrays;

/**
 * The sequences a {@link SequenceTracker} declared lost, kept as sorted, disjoint ranges
 * {@code [start, end)} in two primitive arrays: a gap of five million sequences is one range
 * (16 bytes), not five million boxed entries. Sequences are declared in increasing order, so
 * {@link #add} appends or extends the last range; {@link #remove} (a late arrival) finds its range
 * by binary search and trims or splits it.
 *
 * <p>At most {@code maxRanges} ranges are kept; beyond that the oldest range is forgotten, so a
 * very late arrival of one of its sequences looks like a duplicate. Not thread-safe: the owning
 * tracker serialises access.
 */
final class LostRanges {
    private static final int INITIAL_CAPACITY = 16;

    private final int maxRanges;
    private long[] starts = new long[INITIAL_CAPACITY];
    private long[] ends = new long[INITIAL_CAPACITY];
    /** Index of the oldest range kept (ranges before it were forgotten and compacted away lazily). */
    private int first;
    /** One past the newest range. */
    private int last;

    /** @param maxRanges ranges kept before the oldest is forgotten, at least 1 */
    LostRanges(int maxRanges) {
        if (maxRanges < 1) {
            throw new IllegalArgumentException("maxRanges " + maxRanges + " must be at least 1");
        }
        this.maxRanges = maxRanges;
    }

    /**
     * Declares {@code [from, to)} lost. {@code from} must not be below the end of any range added
     * before (sequences are declared in increasing order).
     */
    void add(long from, long to) {
        if (to <= from) {
            return;
        }
        if (last > first && ends[last - 1] == from) {
            ends[last - 1] = to;
            return;
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
    }

    /** Takes one sequence back (it arrived late); false if it was not, or no longer, held as lost. */
    boolean remove(long seq) {
        int i = find(seq);
        if (i < 0) {
            return false;
        }
        long s = starts[i];
        long e = ends[i];
        if (s == seq && e == seq + 1) {
            System.arraycopy(starts, i + 1, starts, i, last - i - 1);
            System.arraycopy(ends, i + 1, ends, i, last - i - 1);
            last--;
        } else if (s == seq) {
            starts[i] = seq + 1;
        } else if (e == seq + 1) {
            ends[i] = seq;
        } else {
            // Split [s, e) into [s, seq) and [seq + 1, e).
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
            if (last - first > maxRanges) {
                first++;
            }
        }
        return true;
    }

    /** Whether {@code seq} is held as lost. */
    boolean contains(long seq) {
        return find(seq) >= 0;
    }

    /** Ranges held now. */
    int ranges() {
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
