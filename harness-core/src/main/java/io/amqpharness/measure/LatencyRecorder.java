package io.amqpharness.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Exact latency distribution for one metric, in nanoseconds: an HdrHistogram {@link Recorder}
 * that any number of threads record into without waiting, plus the cumulative histogram of the
 * run. Values are kept with 3 significant digits from 1 ns to 1 hour; larger values are recorded
 * as 1 hour and counted in {@link #clampedCount()}.
 *
 * <p>{@link #recordNanos} is wait-free and allocation-free; {@link #sampleInterval()} and the
 * cumulative accessors belong to a single reporting thread.
 */
public final class LatencyRecorder {
    /** Highest value kept exactly: one hour in nanoseconds. */
    public static final long HIGHEST_NANOS = 3_600_000_000_000L;
    /** Significant decimal digits kept (relative error at most 0.1 %). */
    public static final int DIGITS = 3;

    private final String name;
    private final Recorder recorder = new Recorder(1, HIGHEST_NANOS, DIGITS);
    private final Histogram cumulative = new Histogram(1, HIGHEST_NANOS, DIGITS);
    private final java.util.concurrent.atomic.LongAdder clamped = new java.util.concurrent.atomic.LongAdder();
    private Histogram interval;

    public LatencyRecorder(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Records one latency; negative values must be filtered out by the caller. */
    public void recordNanos(long nanos) {
        if (nanos > HIGHEST_NANOS) {
            clamped.increment();
            nanos = HIGHEST_NANOS;
        }
        recorder.recordValue(nanos);
    }

    /**
     * Ends the current interval: returns its histogram (valid until the next call, which reuses
     * it) and adds it to the cumulative histogram.
     */
    public Histogram sampleInterval() {
        interval = recorder.getIntervalHistogram(interval);
        cumulative.add(interval);
        return interval;
    }

    /** Everything recorded up to the last {@link #sampleInterval()}. */
    public Histogram cumulative() {
        return cumulative;
    }

    /** Clears the cumulative histogram (end of a warm-up); the interval in progress is kept. */
    public void resetCumulative() {
        cumulative.reset();
    }

    /** Values above one hour, recorded as one hour. */
    public long clampedCount() {
        return clamped.sum();
    }
}
