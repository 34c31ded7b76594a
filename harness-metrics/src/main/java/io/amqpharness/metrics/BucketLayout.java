package io.amqpharness.metrics;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The fixed bucket bounds of the exported latency histograms, in seconds: ten per decade
 * (1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6 and 8 times a power of ten) from 10 µs to 60 s, then +Inf.
 * Neighbouring bounds differ by at most a third, which bounds the interpolation error of
 * {@code histogram_quantile}. Every instance uses the same bounds, so buckets can be summed.
 */
final class BucketLayout {
    private static final double[] STEPS = {1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8};
    /** Upper bounds in seconds, ascending, the last one {@code +Inf}. */
    static final double[] UPPER_BOUNDS_SECONDS = bounds();
    private static final long[] UPPER_BOUNDS_NANOS = Arrays.stream(UPPER_BOUNDS_SECONDS)
            .mapToLong(s -> Double.isInfinite(s) ? Long.MAX_VALUE : Math.round(s * 1e9)).toArray();

    private BucketLayout() {
    }

    private static double[] bounds() {
        double[] b = new double[80];
        int n = 0;
        for (int exponent = -5; exponent <= 1; exponent++) {
            for (double step : STEPS) {
                double bound = Double.parseDouble(step + "E" + exponent);
                if (bound > 60) {
                    break;
                }
                b[n++] = bound;
            }
        }
        b[n++] = Double.POSITIVE_INFINITY;
        return Arrays.copyOf(b, n);
    }

    /**
     * Counts per bucket (not cumulative) of a histogram in nanoseconds. Each HdrHistogram bucket
     * is placed by its lowest equivalent value, so a value recorded exactly on a bound counts as
     * at most that bound (values within HdrHistogram's 0.1 % resolution above a bound do too).
     */
    static long[] counts(Histogram nanos) {
        long[] counts = new long[UPPER_BOUNDS_NANOS.length];
        int bucket = 0;
        for (HistogramIterationValue v : nanos.recordedValues()) {
            long value = nanos.lowestEquivalentValue(v.getValueIteratedTo());
            while (value > UPPER_BOUNDS_NANOS[bucket]) {
                bucket++;
            }
            counts[bucket] += v.getCountAtValueIteratedTo();
        }
        return counts;
    }
}
