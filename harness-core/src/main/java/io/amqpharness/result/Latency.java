package io.amqpharness.result;

import io.amqpharness.measure.LatencySummary;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * One latency metric of a run, read as {@link Duration}s: any percentile, exactly (from the
 * HdrHistogram of every recorded value, 3 significant digits). Immutable.
 */
public final class Latency {
    private final LatencySummary summary;
    private final Histogram histogram;

    Latency(LatencySummary summary, Histogram histogram) {
        this.summary = summary;
        this.histogram = histogram;
    }

    /** The value at a percentile from 0 to 100; zero if nothing was recorded. */
    public Duration percentile(double percentile) {
        if (histogram.getTotalCount() == 0) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(histogram.getValueAtPercentile(percentile));
    }

    public Duration min() { return Duration.ofNanos(summary.min()); }
    public Duration p50() { return Duration.ofNanos(summary.p50()); }
    public Duration p75() { return Duration.ofNanos(summary.p75()); }
    public Duration p90() { return Duration.ofNanos(summary.p90()); }
    public Duration p95() { return Duration.ofNanos(summary.p95()); }
    public Duration p99() { return Duration.ofNanos(summary.p99()); }
    public Duration p999() { return Duration.ofNanos(summary.p999()); }
    public Duration max() { return Duration.ofNanos(summary.max()); }
    public Duration mean() { return Duration.ofNanos(Math.round(summary.mean())); }

    /** Number of values recorded. */
    public long count() {
        return summary.count();
    }

    /** The percentile ladder in nanoseconds. */
    public LatencySummary summary() {
        return summary;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "p50 %.3f ms, p99 %.3f ms, max %.3f ms (%d values)",
                summary.p50() / 1e6, summary.p99() / 1e6, summary.max() / 1e6, summary.count());
    }
}
