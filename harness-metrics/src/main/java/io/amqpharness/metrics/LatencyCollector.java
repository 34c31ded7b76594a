package io.amqpharness.metrics;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.Metric;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Exposes the run's latency as classic Prometheus histograms in seconds, computed at scrape time
 * from a cumulative copy of the run's HdrHistograms (see the package documentation for why).
 * {@link #add} is called once per reporting interval; {@link #collect} by the HTTP server.
 * Thread-safe.
 */
final class LatencyCollector implements MultiCollector {
    private final Map<Metric, Histogram> cumulative = new EnumMap<>(Metric.class);
    private final Labels labels;

    LatencyCollector(Map<String, String> tags) {
        this.labels = Labels.of(new ArrayList<>(tags.keySet()), new ArrayList<>(tags.values()));
        for (Metric m : Metric.values()) {
            cumulative.put(m, new Histogram(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS));
        }
    }

    /** The exported name of a metric's histogram. */
    static String name(Metric metric) {
        return metric.prometheusName();
    }

    private static String help(Metric metric) {
        return switch (metric) {
            case END_TO_END -> "End-to-end latency: from the intended send time (paced runs) or the actual send "
                    + "to receipt by a consumer";
            case CONFIRM -> "Confirm latency: from the actual send to the broker's confirm or outcome";
            case PUBLISH_DELAY -> "Publish delay: from the intended send time to the actual send (paced runs)";
            default -> "Latency: " + metric.label();
        } + ". From HdrHistogram, updated every reporting interval.";
    }

    /** Adds one interval's histograms (nanoseconds); they are copied, not kept. */
    void add(Map<Metric, Histogram> interval) {
        synchronized (cumulative) {
            interval.forEach((m, h) -> cumulative.get(m).add(h));
        }
    }

    @Override
    public MetricSnapshots collect() {
        List<MetricSnapshot> snapshots = new ArrayList<>();
        synchronized (cumulative) {
            for (Metric m : Metric.values()) {
                Histogram h = cumulative.get(m);
                HistogramSnapshot.HistogramDataPointSnapshot point = HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(BucketLayout.UPPER_BOUNDS_SECONDS,
                                BucketLayout.counts(h)))
                        .sum(h.getTotalCount() == 0 ? 0 : h.getMean() * h.getTotalCount() / 1e9)
                        .labels(labels)
                        .build();
                snapshots.add(HistogramSnapshot.builder().name(name(m)).help(help(m)).dataPoint(point).build());
            }
        }
        return new MetricSnapshots(snapshots);
    }

    @Override
    public List<String> getPrometheusNames() {
        List<String> names = new ArrayList<>();
        for (Metric m : Metric.values()) {
            names.add(name(m).toLowerCase(Locale.ROOT));
        }
        return names;
    }
}
