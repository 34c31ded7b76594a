package io.amqpharness.bench.jmh;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One interval's latency summary (the ladder of seven percentiles, mean, max) of a histogram with
 * the recorders' range and precision: {@link LatencySummary#of} (one pass over the recorded range)
 * against the HdrHistogram calls it replaced (a scan from zero per percentile, and an iterator for
 * the mean). The interval sampler makes one per metric per tick.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LatencySummaryBenchmark {
    /** Spread of the recorded values: "narrow" 100-400 µs, "wide" 50 µs to 20 s (log-uniform). */
    @Param({"narrow", "wide"})
    public String spread;

    /** Values recorded in the interval. */
    @Param({"10000"})
    public int values;

    private Histogram histogram;

    @Setup
    public void setUp() {
        histogram = LatencyRecorder.newHistogram();
        SplittableRandom r = new SplittableRandom(40);
        for (int i = 0; i < values; i++) {
            histogram.recordValue("narrow".equals(spread) ? 100_000 + r.nextLong(300_000)
                    : (long) (50_000 * Math.pow(400_000, r.nextDouble())));
        }
    }

    @Benchmark
    public LatencySummary onePass() {
        return LatencySummary.of(histogram);
    }

    @Benchmark
    public LatencySummary hdrHistogramCalls() {
        Histogram h = histogram;
        return new LatencySummary(h.getTotalCount(), h.getMinValue(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(75), h.getValueAtPercentile(90),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99), h.getMaxValue(), h.getMean());
    }
}
