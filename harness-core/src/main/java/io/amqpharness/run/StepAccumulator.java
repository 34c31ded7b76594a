package io.amqpharness.run;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.Rates;
import io.amqpharness.result.StepResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one step has measured so far: its own histograms, counts and interval maxima, from its
 * start to the last interval added. Used by the step controllers on the reporting thread; not
 * thread-safe.
 */
final class StepAccumulator {
    private final Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);
    private final List<IntervalStats> intervals = new ArrayList<>();
    private long startNanos;
    private CountSnapshot countsAtStart = CountSnapshot.ZERO;
    private CountSnapshot lastTotal = CountSnapshot.ZERO;
    /** The counts at the end of the drain after the last step, when there was one: gaps it found are that step's. */
    private CountSnapshot drainTotal;

    StepAccumulator() {
        for (Metric m : Metric.values()) {
            histograms.put(m, LatencyRecorder.newHistogram());
        }
    }

    /** Starts the step afresh at {@code elapsedNanos}, with the counts at that time; forgets what was added. */
    void restart(long elapsedNanos, CountSnapshot total) {
        histograms.values().forEach(Histogram::reset);
        intervals.clear();
        startNanos = elapsedNanos;
        countsAtStart = total;
        lastTotal = total;
    }

    /** Adds an interval of the step. */
    void add(IntervalStats stats, Map<Metric, Histogram> interval) {
        lastTotal = stats.total();
        interval.forEach((m, h) -> histograms.get(m).add(h));
        intervals.add(stats);
    }

    /** Remembers the counts of an interval without adding it (a warm-up, a pause between steps). */
    void skip(IntervalStats stats) {
        lastTotal = stats.total();
    }

    /**
     * Remembers the counts of an interval of the drain after the last step: the step's time, rates
     * and latency end before it, but the gaps found while draining (messages that never came) are
     * the step's losses.
     */
    void drained(IntervalStats stats) {
        drainTotal = stats.total();
    }

    /** When the step started, from the start of publishing. */
    long startNanos() {
        return startNanos;
    }

    /** The step from its start to {@code endNanos}; then starts the next one there. */
    StepResult close(int index, String label, Map<String, Double> values, long endNanos) {
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        Map<Metric, LatencySummary> maxima = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            latency.put(m, LatencySummary.of(histograms.get(m)));
            maxima.put(m, LatencySummary.maxOf(intervals.stream().map(i -> i.latency(m)).toList()));
        }
        CountSnapshot counts = lastTotal.minus(countsAtStart);
        if (drainTotal != null) {
            counts = counts.withLost(drainTotal.lost() - countsAtStart.lost());
            drainTotal = null;
        }
        double seconds = (endNanos - startNanos) / 1e9;
        Rates rates = new Rates(perSecond(counts.published(), seconds), perSecond(counts.confirmed(), seconds),
                perSecond(counts.consumed(), seconds), perSecond(counts.consumed(), seconds));
        StepResult result = new StepResult(index, label, values, Duration.ofNanos(startNanos),
                Duration.ofNanos(endNanos - startNanos), counts, rates, latency, maxima);
        restart(endNanos, lastTotal);
        return result;
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
