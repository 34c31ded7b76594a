package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LostRangesTest {

    @Test
    void contiguousDeclarationsMergeIntoOneRange() {
        LostRanges r = new LostRanges(10);
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
        LostRanges r = new LostRanges(10);
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
        LostRanges r = new LostRanges(3);
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
        LostRanges r = new LostRanges(1 << 20);
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
}
