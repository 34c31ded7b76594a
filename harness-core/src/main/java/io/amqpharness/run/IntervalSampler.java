package io.amqpharness.run;

import io.amqpharness.broker.BrokerSample;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.result.ClientStats;
import io.amqpharness.result.IntervalStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Closes reporting intervals: reads the counters and the interval histograms, builds
 * {@link IntervalStats}, hands them to the listeners. Called by one thread at a time (the
 * reporting timer, then the runner for the last, partial interval).
 */
final class IntervalSampler {
    private final Measurements measurements;
    private final List<RunListener> listeners;
    private final NanoClock clock;
    private final LongSupplier inFlight;
    private final Supplier<Optional<BrokerSample>> broker;
    private final List<IntervalStats> intervals = new ArrayList<>();
    private final long startNanos;
    private long lastNanos;
    private CountSnapshot previous = CountSnapshot.ZERO;
    private long previousBlockedNanos;
    private long previousDownNanos;
    private long peakHeapBytes;
    private volatile long drainStartNanos;
    private volatile boolean draining;
    private volatile boolean warmingUp;
    private LongSupplier lostSettled;
    private LongSupplier lostAll;

    IntervalSampler(Measurements measurements, List<RunListener> listeners, NanoClock clock, long startNanos,
                    LongSupplier inFlight, Supplier<Optional<BrokerSample>> broker) {
        this.measurements = measurements;
        this.listeners = listeners;
        this.clock = clock;
        this.startNanos = startNanos;
        this.lastNanos = startNanos;
        this.inFlight = inFlight;
        this.broker = broker;
    }

    /**
     * Where the intervals' {@code lost} comes from: the gaps consumers' checks see (settled: those
     * older than an interval; at the last interval, after consumers stopped, all of them), instead
     * of the sequences declared lost so far, which a gap becomes only 65,536 messages later. So a
     * step's or a probe's {@code lost} is what went missing during it. Before the first interval.
     */
    void lostFrom(LongSupplier settled, LongSupplier all) {
        lostSettled = settled;
        lostAll = all;
    }

    /** Marks the intervals closed from now on as warm-up, or not. */
    void warmingUp(boolean value) {
        warmingUp = value;
    }

    /** Intervals that start at or after {@code nanos} are reported as draining. */
    void drainingFrom(long nanos) {
        drainStartNanos = nanos;
        draining = true;
    }

    /** Closes the current interval and reports it. */
    synchronized IntervalStats sample() {
        return sample(false);
    }

    /**
     * Closes the last interval; it is reported only if anything happened in it (the histograms
     * are folded into the cumulative ones either way).
     */
    synchronized void sampleLast() {
        sample(true);
    }

    private IntervalStats sample(boolean last) {
        long now = clock.nanoTime();
        if (last) {
            measurements.outages().endAt(now); // the run's downtime is its intervals' to the nanosecond
        }
        CountSnapshot total = measurements.counters().snapshot();
        if (lostSettled != null) {
            total = total.withLost(last ? lostAll.getAsLong() : lostSettled.getAsLong());
        }
        Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);
        Map<Metric, LatencySummary> summaries = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            Histogram h = measurements.recorder(m).sampleInterval();
            if (m == Metric.END_TO_END) {
                measurements.bySize().sampleInterval(); // at once: the sizes' intervals end with the whole one's
            }
            histograms.put(m, h);
            summaries.put(m, LatencySummary.of(h));
        }
        CountSnapshot delta = total.minus(previous);
        long blockedNanos = measurements.blocks().blockedNanos();
        long blocked = blockedNanos - previousBlockedNanos;
        long downNanos = measurements.outages().anyDownNanos();
        long down = downNanos - previousDownNanos;
        if (last && delta.equals(CountSnapshot.ZERO) && blocked == 0 && down == 0
                && summaries.values().stream().allMatch(LatencySummary::isEmpty)) {
            return null;
        }
        IntervalStats.Phase phase = warmingUp ? IntervalStats.Phase.WARMUP
                : draining && lastNanos - drainStartNanos >= 0 ? IntervalStats.Phase.DRAINING
                : IntervalStats.Phase.RUNNING;
        IntervalStats stats = new IntervalStats(intervals.size(), Duration.ofNanos(now - startNanos),
                Duration.ofNanos(now - lastNanos), phase, delta, total, inFlight.getAsLong(), summaries,
                Duration.ofNanos(blocked), Duration.ofNanos(down), broker.get());
        intervals.add(stats);
        previous = total;
        previousBlockedNanos = blockedNanos;
        previousDownNanos = downNanos;
        lastNanos = now;
        peakHeapBytes = Math.max(peakHeapBytes, ClientStats.heapUsedBytes());
        for (RunListener l : listeners) {
            l.interval(stats);
            l.intervalHistograms(stats, histograms);
        }
        return stats;
    }

    synchronized List<IntervalStats> intervals() {
        return List.copyOf(intervals);
    }

    synchronized long peakHeapBytes() {
        return peakHeapBytes;
    }
}
