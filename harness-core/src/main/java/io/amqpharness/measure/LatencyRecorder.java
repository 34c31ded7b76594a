package io.amqpharness.measure;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Exact latency distribution for one metric, in nanoseconds: striped HdrHistogram
 * {@link Recorder}s that any number of threads record into without waiting, plus the cumulative
 * histogram of the run. Values are kept with 3 significant digits from 1 ns to 1 hour; larger
 * values are recorded as 1 hour and counted in {@link #clampedCount()}.
 *
 * <p>Threads record into one of up to {@link #MAX_STRIPES} recorders, each thread always the
 * same one, handed out in turn as threads first record: a publisher thread and a consumer or I/O
 * thread do not share the counters' cache lines (one recorder shared by two threads cost 130 ns
 * per value on this project's machine, against 10 ns on one thread). A stripe's recorder is made
 * on first use, and the interval histogram adds the stripes together, so percentiles stay exact.
 *
 * <p>Each value is recorded as the lowest of its bucket's values ({@link #bucketFloor}): the
 * histograms come out the same (counts, and the minimum and maximum they report, are per bucket),
 * but a run whose latencies rise value after value (an unpaced run's end-to-end latency, as its
 * backlog grows) no longer moves the recorder's exact maximum, a compare-and-set, on nearly every
 * value: only when a value reaches a higher bucket (0.1 % apart).
 *
 * <p>{@link #recordNanos} is wait-free and, after a thread's first value, allocation-free;
 * {@link #sampleInterval()} and the cumulative accessors belong to a single reporting thread.
 */
public final class LatencyRecorder {
    /** Highest value kept exactly: one hour in nanoseconds. */
    public static final long HIGHEST_NANOS = 3_600_000_000_000L;
    /** Significant decimal digits kept (relative error at most 0.1 %). */
    public static final int DIGITS = 3;

    /** Recorders a metric is striped over at most: a power of two. */
    public static final int MAX_STRIPES = 8;
    private static final int STRIPE_MASK = MAX_STRIPES - 1;
    private static final AtomicInteger NEXT_STRIPE = new AtomicInteger();
    /** The stripe of each recording thread, the same for every metric. */
    private static final ThreadLocal<Integer> STRIPE =
            ThreadLocal.withInitial(() -> NEXT_STRIPE.getAndIncrement() & STRIPE_MASK);

    /** The recorders' buckets (1 ns unit, {@link #DIGITS} digits), for {@link #bucketFloor}; its counts are never used. */
    private static final Histogram BUCKETS = new Histogram(1, 2, DIGITS);

    private final String name;
    private final AtomicReferenceArray<Recorder> stripes = new AtomicReferenceArray<>(MAX_STRIPES);
    private final Histogram[] stripeIntervals = new Histogram[MAX_STRIPES];
    /** An empty histogram with the recorders' range (1 ns to {@link #HIGHEST_NANOS}) and precision ({@link #DIGITS}), to add theirs into. */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_NANOS, DIGITS);
    }

    private final Histogram cumulative = newHistogram();
    private final Histogram interval = newHistogram();
    private final LongAdder clamped = new LongAdder();
    /** When the interval in progress began, epoch milliseconds (stamped on the interval histogram). */
    private long intervalStartMillis = System.currentTimeMillis();

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
        int stripe = STRIPE.get();
        Recorder r = stripes.get(stripe);
        if (r == null) {
            r = newStripe(stripe);
        }
        r.recordValue(bucketFloor(nanos));
    }

    /**
     * The lowest value of the recorders' bucket that holds {@code nanos} (at most 0.1 % below it), which
     * is what {@link #recordNanos} records: the same count in the same bucket, and the same minimum and
     * maximum reported, which are per bucket too.
     */
    static long bucketFloor(long nanos) {
        return BUCKETS.lowestEquivalentValue(nanos);
    }

    private Recorder newStripe(int stripe) {
        Recorder fresh = new Recorder(1, HIGHEST_NANOS, DIGITS);
        return stripes.compareAndSet(stripe, null, fresh) ? fresh : stripes.get(stripe);
    }

    /**
     * Ends the current interval: returns its histogram, all stripes added together (valid until
     * the next call, which reuses it), and adds it to the cumulative histogram.
     */
    public Histogram sampleInterval() {
        interval.reset();
        long now = System.currentTimeMillis();
        interval.setStartTimeStamp(intervalStartMillis);
        interval.setEndTimeStamp(now);
        intervalStartMillis = now;
        for (int i = 0; i < MAX_STRIPES; i++) {
            Recorder r = stripes.get(i);
            if (r != null) {
                stripeIntervals[i] = r.getIntervalHistogram(stripeIntervals[i]);
                interval.add(stripeIntervals[i]);
            }
        }
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
