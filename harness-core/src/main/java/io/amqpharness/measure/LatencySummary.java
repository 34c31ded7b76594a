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

    /** Summarises a histogram; values are HdrHistogram's highest-equivalent values at each percentile. */
    public static LatencySummary of(Histogram h) {
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
