package io.amqpharness.junit.oracle;

import java.util.BitSet;

/**
 * A set of sequence numbers (1 to 2^31 - 1) as a bit set: one bit per sequence, no object per
 * message. Not thread-safe: the owner confines or locks it.
 */
final class Sequences {
    private final BitSet bits = new BitSet();

    /** Adds {@code seq}; returns false if it was already there (or lies outside the range). */
    boolean add(long seq) {
        if (seq < 1 || seq > Integer.MAX_VALUE) {
            return false;
        }
        int i = (int) seq;
        if (bits.get(i)) {
            return false;
        }
        bits.set(i);
        return true;
    }

    boolean contains(long seq) {
        return seq >= 1 && seq <= Integer.MAX_VALUE && bits.get((int) seq);
    }

    long size() {
        return bits.cardinality();
    }

    /** A copy, for reading after the run. */
    BitSet bits() {
        return (BitSet) bits.clone();
    }
}
