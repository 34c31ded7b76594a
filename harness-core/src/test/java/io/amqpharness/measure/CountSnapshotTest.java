package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import org.junit.jupiter.api.Test;

class CountSnapshotTest {
    /** A snapshot whose k-th counter (in declaration order) is {@code base * (k + 1)}: every counter differs. */
    private static CountSnapshot distinct(long base) {
        long[] v = new long[CountSnapshot.class.getRecordComponents().length];
        for (int k = 0; k < v.length; k++) {
            v[k] = base * (k + 1);
        }
        return new CountSnapshot(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12],
                v[13], v[14], v[15], v[16], v[17], v[18], v[19], v[20], v[21], v[22], v[23]);
    }

    private static long get(CountSnapshot s, RecordComponent c) throws ReflectiveOperationException {
        return (long) c.getAccessor().invoke(s);
    }

    @Test
    void minusSubtractsEveryCounterFromItsOwn() throws ReflectiveOperationException {
        CountSnapshot later = distinct(1_000);
        CountSnapshot earlier = distinct(7);
        CountSnapshot d = later.minus(earlier);
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            assertThat(get(d, c)).as(c.getName()).isEqualTo(get(later, c) - get(earlier, c));
        }
        assertThat(later.minus(CountSnapshot.ZERO)).isEqualTo(later);
        assertThat(later.minus(later)).isEqualTo(CountSnapshot.ZERO);
    }

    @Test
    void settledAddsEveryFinalOutcomeAndNothingElse() {
        CountSnapshot s = new CountSnapshot(1_000, 500, 40, 3, 20, 2, 7, 99, 800, 11, 1, 5, 6, 700, 690, 9, 4, 8,
                13, 17, 19, 23, 29, 31);
        assertThat(s.settled()).isEqualTo(500 + 40 + 3 + 20 + 2 + 7);
    }

    @Test
    void ownConsumedLeavesOutForeignAndUnidentifiedDeliveries() {
        CountSnapshot s = new CountSnapshot(1_000, 0, 0, 0, 0, 0, 0, 0, 800, 0, 0, 50, 30, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0);
        assertThat(s.ownConsumed()).isEqualTo(720);
    }

    @Test
    void withLostReplacesOnlyLost() throws ReflectiveOperationException {
        CountSnapshot s = distinct(3);
        CountSnapshot t = s.withLost(12_345);
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            assertThat(get(t, c)).as(c.getName()).isEqualTo(c.getName().equals("lost") ? 12_345 : get(s, c));
        }
    }
}
