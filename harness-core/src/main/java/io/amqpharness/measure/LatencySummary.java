package io.amqpharness.measure;

import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * Exact percentiles of a latency distribution, in nanoseconds: the ladder the reports print.
 * An empty summary has {@code count == 0} and zero values.
 *
 * @param count  number of values
 * @param min    smallest value
 * @param p50    median
 * @param p75    75th percentile
 * @param p90    90th percentile
 * @param p95    95th percentile
 * @param p99    99th percentile
 * @param p999   99.9th percentile
 * @param p9999  99.99th percentile
 * @param max    largest value
 * @param mean   arithmetic mean
 */
public record LatencySummary(long count, long min, long p50, long p75, long p90, long p95, long p99,
                             long p999, long p9999, long max, double mean) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The percentiles of the ladder, in its order (ascending). */
    private static final double[] PERCENTILES = {50, 75, 90, 95, 99, 99.9, 99.99};

    /**
     * Summarises a histogram; values are HdrHistogram's highest-equivalent values at each
     * percentile, and the mean is its {@link Histogram#getMean()}, to the last bit. One pass over
     * the recorded range (from the smallest to the largest value's bucket) yields the seven
     * percentiles and the mean, instead of one scan from zero per percentile and an iterator for
     * the mean. The histogram must not change meanwhile.
     */
    public static LatencySummary of(Histogram h) {
        long total = h.getTotalCount();
        if (total == 0) {
            return EMPTY;
        }
        long[] targets = new long[PERCENTILES.length];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = countAtPercentile(PERCENTILES[i], total);
        }
        long[] values = new long[PERCENTILES.length];
        long max = h.getMaxValue();
        long cumulative = 0;
        double sum = 0;
        int next = 0;
        for (long v = h.lowestEquivalentValue(h.getMinValue()); cumulative < total && v <= max;
             v = h.nextNonEquivalentValue(v)) {
            long c = h.getCountAtValue(v);
            if (c == 0) {
                continue;
            }
            cumulative += c;
            long highest = h.highestEquivalentValue(v);
            sum += h.medianEquivalentValue(highest) * (double) c; // as getMean: same terms, same order
            while (next < targets.length && cumulative >= targets[next]) {
                values[next++] = highest;
            }
        }
        if (cumulative != total) { // counts outside [min, max]: only a histogram changed meanwhile
            return scanned(h);
        }
        return new LatencySummary(total, h.getMinValue(), values[0], values[1], values[2], values[3], values[4],
                values[5], values[6], max, (sum * 1.0) / total);
    }

    /** The count HdrHistogram's {@code getValueAtPercentile} looks for: its arithmetic, step by step. */
    private static long countAtPercentile(double percentile, long total) {
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
        return Math.max((long) Math.ceil((requested * total) / 100.0D), 1);
    }

    /** HdrHistogram's own answers, one scan per percentile. */
    static LatencySummary scanned(Histogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(h.getTotalCount(), h.getMinValue(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(75), h.getValueAtPercentile(90),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99), h.getMaxValue(), h.getMean());
    }

    /**
     * Percentile by percentile, the largest value among the non-empty summaries; the count is
     * their total. Used for "max 99th percentile over all intervals".
     */
    public static LatencySummary maxOf(java.util.Collection<LatencySummary> summaries) {
        LatencySummary m = EMPTY;
        for (LatencySummary s : summaries) {
            if (s.isEmpty()) {
                continue;
            }
            m = m.isEmpty() ? s : new LatencySummary(m.count + s.count, Math.max(m.min, s.min),
                    Math.max(m.p50, s.p50), Math.max(m.p75, s.p75), Math.max(m.p90, s.p90), Math.max(m.p95, s.p95),
                    Math.max(m.p99, s.p99), Math.max(m.p999, s.p999), Math.max(m.p9999, s.p9999),
                    Math.max(m.max, s.max), Math.max(m.mean, s.mean));
        }
        return m;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public Duration p50Duration() { return Duration.ofNanos(p50); }
    public Duration p99Duration() { return Duration.ofNanos(p99); }
    public Duration maxDuration() { return Duration.ofNanos(max); }
}
