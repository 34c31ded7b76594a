package io.amqpharness.result;

import io.amqpharness.measure.Metric;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The exact latency distributions of a run, in nanoseconds, one per {@link Metric}. Immutable:
 * accessors return copies.
 */
public final class LatencyHistograms {
    private final Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);

    /** Copies of the given histograms, values in nanoseconds; a metric left out counts as empty. */
    public static LatencyHistograms of(Map<Metric, Histogram> source) {
        return new LatencyHistograms(source);
    }

    LatencyHistograms(Map<Metric, Histogram> source) {
        source.forEach((m, h) -> histograms.put(m, h.copy()));
    }

    /** A copy of the metric's histogram (empty if nothing was recorded). */
    public Histogram histogram(Metric metric) {
        Histogram h = histograms.get(metric);
        return h == null ? new Histogram(3) : h.copy();
    }

    /** The value at any percentile (0 to 100) of a metric, as a duration; zero if nothing was recorded. */
    public Duration percentile(Metric metric, double percentile) {
        Histogram h = histograms.get(metric);
        if (h == null || h.getTotalCount() == 0) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(h.getValueAtPercentile(percentile));
    }

    /** Number of values recorded for a metric. */
    public long count(Metric metric) {
        Histogram h = histograms.get(metric);
        return h == null ? 0 : h.getTotalCount();
    }
}
