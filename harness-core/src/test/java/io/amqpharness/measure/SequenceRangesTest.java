package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SequenceRangesTest {

    @Test
    void contiguousDeclarationsMergeIntoOneRange() {
        SequenceRanges r = new SequenceRanges(10);
        r.add(5, 10);
        r.add(10, 5_000_000);
        assertThat(r.ranges()).isEqualTo(1);
        assertThat(r.contains(4)).isFalse();
        assertThat(r.contains(5)).isTrue();
        assertThat(r.contains(4_999_999)).isTrue();
        assertThat(r.contains(5_000_000)).isFalse();
    }

    @Test
    void removingFromTheMiddleSplitsARange() {
        SequenceRanges r = new SequenceRanges(10);
        r.add(1, 10);
        assertThat(r.remove(5)).isTrue();
        assertThat(r.remove(5)).isFalse();
        assertThat(r.ranges()).isEqualTo(2);
        assertThat(r.remove(1)).isTrue();
        assertThat(r.remove(9)).isTrue();
        assertThat(r.contains(2)).isTrue();
        assertThat(r.contains(8)).isTrue();
        assertThat(r.contains(9)).isFalse();
    }

    @Test
    void theOldestRangesAreForgottenBeyondTheLimit() {
        SequenceRanges r = new SequenceRanges(3);
        for (long s = 0; s < 10; s += 2) {
            r.add(s, s + 1);
        }
        assertThat(r.ranges()).isEqualTo(3);
        assertThat(r.contains(0)).isFalse();
        assertThat(r.contains(2)).isFalse();
        assertThat(r.contains(4)).isTrue();
        assertThat(r.contains(8)).isTrue();
    }

    @Test
    void agreesWithASetOfSequencesUnderRandomAddsAndRemoves() {
        Random random = new Random(19);
        SequenceRanges r = new SequenceRanges(1 << 20);
        TreeSet<Long> expected = new TreeSet<>();
        long next = 1;
        for (int round = 0; round < 20_000; round++) {
            if (random.nextInt(3) > 0) {
                long from = next + random.nextInt(3);
                long to = from + 1 + random.nextInt(5);
                r.add(from, to);
                for (long s = from; s < to; s++) {
                    expected.add(s);
                }
                next = to;
            } else {
                long s = 1 + (long) (random.nextDouble() * next);
                assertThat(r.remove(s)).isEqualTo(expected.remove(s));
            }
        }
        for (long s = 0; s <= next; s++) {
            assertThat(r.contains(s)).as("sequence %d", s).isEqualTo(expected.contains(s));
        }
    }

    @Test
    void removeBelowTakesAPrefixAcrossRanges() {
        SequenceRanges r = new SequenceRanges(10);
        r.add(1, 3);
        r.add(5, 9);
        r.add(20, 21);
        assertThat(r.removeBelow(7)).isEqualTo(4); // 1, 2, 5, 6
        assertThat(r.contains(6)).isFalse();
        assertThat(r.contains(7)).isTrue();
        assertThat(r.removeBelow(100)).isEqualTo(3);
        assertThat(r.ranges()).isZero();
    }

    @Test
    void aRangeBelowTheLastOneIsRefused() {
        SequenceRanges r = new SequenceRanges(10);
        r.add(10, 20);
        assertThat(r.add(5, 6)).isFalse();
        assertThat(r.contains(5)).isFalse();
        assertThat(r.add(20, 21)).isTrue();
        assertThat(r.ranges()).isEqualTo(1);
    }

    @Test
    @org.junit.jupiter.api.Timeout(60) // a hang guard: this takes milliseconds; removing by copying every range took minutes
    void lateArrivalsInOrderFromAMillionSeparateGapsAreCheap() {
        int n = 1_000_000;
        SequenceRanges r = new SequenceRanges(1 << 20);
        for (long s = 0; s < n; s++) {
            r.add(2 * s, 2 * s + 1); // every other sequence lost
        }
        assertThat(r.ranges()).isEqualTo(n);
        for (long s = 0; s < n; s++) {
            assertThat(r.remove(2 * s)).isTrue();
        }
        assertThat(r.ranges()).isZero();
        r.add(10 * n, 20L * n);
        for (long s = 10L * n + 1; s < 10L * n + 200_000; s += 2) {
            assertThat(r.remove(s)).isTrue(); // splits, one after the other
        }
        assertThat(r.ranges()).isEqualTo(100_001);
        assertThat(r.contains(10L * n)).isTrue();
        assertThat(r.contains(10L * n + 1)).isFalse();
    }

    @Test
    void insertingInAnyOrderHoldsExactlyTheSequencesInsertedAndJoinsNeighbours() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            SequenceRanges r = new SequenceRanges(1_000);
            TreeSet<Long> expected = new TreeSet<>();
            for (int k = 0; k < 300; k++) {
                long seq = random.nextInt(400);
                assertThat(r.insert(seq)).isEqualTo(expected.add(seq));
                if (k % 7 == 0) {
                    long gone = random.nextInt(400);
                    assertThat(r.remove(gone)).isEqualTo(expected.remove(gone));
                }
            }
            for (long s = 0; s < 400; s++) {
                assertThat(r.contains(s)).as("sequence %d", s).isEqualTo(expected.contains(s));
            }
            long runs = expected.stream().filter(s -> !expected.contains(s - 1)).count();
            assertThat(r.ranges()).as("adjacent sequences share a range").isEqualTo((int) runs);
            assertThat(r.lowest()).isEqualTo(expected.isEmpty() ? Long.MAX_VALUE : expected.first());
        }
    }

    @Test
    void forEachGivesEverySequenceHeldLowestFirst() {
        SequenceRanges r = new SequenceRanges(8);
        r.add(2, 4);
        r.insert(7);
        r.insert(5);
        r.insert(4);
        java.util.List<Long> seen = new java.util.ArrayList<>();
        r.forEach(seen::add);
        assertThat(seen).containsExactly(2L, 3L, 4L, 5L, 7L);
    }

    @Test
    void anAddSaysWhetherItWasTakenAndAnEmptyRangeAddsNothing() {
        SequenceRanges r = new SequenceRanges(10);
        assertThat(r.add(5, 5)).as("empty: nothing to add, nothing refused").isTrue();
        assertThat(r.ranges()).isZero();
        assertThat(r.add(5, 8)).isTrue();
        assertThat(r.add(10, 12)).isTrue();
        assertThat(r.add(6, 7)).as("below the end of the last range").isFalse();
        assertThat(r.ranges()).isEqualTo(2);
    }

    @Test
    void removingBelowExactlyWhereARangeEndsLeavesNoEmptyRangeBehind() {
        // SequenceTracker removes refusals kept apart up to the end of the lowest range: the next one must come first.
        SequenceRanges r = new SequenceRanges(10);
        r.add(1, 3);
        r.add(5, 9);
        assertThat(r.removeBelow(3)).isEqualTo(2);
        assertThat(r.lowest()).isEqualTo(5);
        assertThat(r.lowestRangeEnd()).isEqualTo(9);
        assertThat(r.ranges()).isEqualTo(1);
    }

    @Test
    void forEachAfterTheLastRangeWasRemovedGivesOnlyWhatIsHeld() {
        SequenceRanges r = new SequenceRanges(8);
        r.add(2, 4);
        r.add(7, 8);
        assertThat(r.remove(7)).isTrue();
        java.util.List<Long> seen = new java.util.ArrayList<>();
        r.forEach(seen::add);
        assertThat(seen).containsExactly(2L, 3L);
    }
}
