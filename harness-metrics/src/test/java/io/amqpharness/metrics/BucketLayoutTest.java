package io.amqpharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BucketLayoutTest {
    private static int index(double bound) {
        return Arrays.binarySearch(BucketLayout.UPPER_BOUNDS_SECONDS, bound);
    }

    @Test
    void boundsAreTenPerDecadeFromTenMicrosecondsToAMinuteThenInfinity() {
        double[] b = BucketLayout.UPPER_BOUNDS_SECONDS;
        assertThat(b[0]).isEqualTo(1e-5);
        assertThat(b[b.length - 2]).isEqualTo(60.0);
        assertThat(b[b.length - 1]).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(b).hasSize(70).isSorted();
        for (int i = 1; i < b.length - 1; i++) {
            assertThat(b[i] / b[i - 1]).isLessThanOrEqualTo(4.0 / 3 + 1e-9);
        }
        assertThat(b).contains(0.001, 0.0025, 0.1, 1.0, 30.0);
    }

    @Test
    void valuesLandInTheBucketOfTheirBound() {
        Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
        h.recordValueWithCount(1_000_000, 100);     // 1 ms
        h.recordValueWithCount(2_200_000, 50);      // 2.2 ms
        h.recordValueWithCount(5_000, 3);           // 5 µs, below the first bound
        h.recordValue(100_000_000_000L);            // 100 s, above the last finite bound
        long[] counts = BucketLayout.counts(h);
        assertThat(Arrays.stream(counts).sum()).isEqualTo(154);
        assertThat(counts[0]).isEqualTo(3);
        assertThat(counts[index(0.001)]).isEqualTo(100);
        assertThat(counts[index(0.0025)]).isEqualTo(50);
        assertThat(counts[counts.length - 1]).isEqualTo(1);
    }
}
