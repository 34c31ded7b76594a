package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    /** What HdrHistogram answers itself, one call per field. */
    private static LatencySummary hdr(Histogram h) {
        return new LatencySummary(h.getTotalCount(), h.getMinValue(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(75), h.getValueAtPercentile(90),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99), h.getMaxValue(), h.getMean());
    }

    @Test
    void onePassEqualsHdrHistogramsOwnAnswersOnRandomHistograms() {
        SplittableRandom random = new SplittableRandom(40);
        for (int round = 0; round < 400; round++) {
            Histogram h = round % 5 == 4 ? new Histogram(3) // auto-resizing, as merged results hold them
                    : round % 5 == 3 ? new Histogram(1000, LatencyRecorder.HIGHEST_NANOS, 2)
                    : LatencyRecorder.newHistogram();
            int n = switch (round % 4) {
                case 0 -> 1 + random.nextInt(5); // a quiet interval: a few values
                case 1 -> 1 + random.nextInt(1_000);
                case 2 -> 1 + random.nextInt(20_000);
                default -> 1 + random.nextInt(200);
            };
            LongSupplier value = shape(random, round % 6);
            for (int i = 0; i < n; i++) {
                long v = value.getAsLong();
                if (random.nextInt(10) == 0) {
                    h.recordValueWithCount(v, 1 + random.nextInt(1_000)); // heavy buckets: ties at percentiles
                } else {
                    h.recordValue(v);
                }
            }
            LatencySummary expected = hdr(h);
            assertThat(LatencySummary.of(h)).as("round %d, %d values", round, h.getTotalCount()).isEqualTo(expected);
            assertThat(Double.doubleToRawLongBits(LatencySummary.of(h).mean())).as("the mean to the bit, round %d", round)
                    .isEqualTo(Double.doubleToRawLongBits(expected.mean()));
        }
    }

    /** Latency-like distributions: uniform, log-uniform (wide), a narrow peak, with zeros, one value, long tails. */
    private static LongSupplier shape(SplittableRandom r, int kind) {
        return switch (kind) {
            case 0 -> () -> 50_000 + r.nextLong(5_000_000);
            case 1 -> () -> (long) Math.pow(10, 2 + r.nextDouble() * 10); // 100 ns to 1,000 s
            case 2 -> () -> 200_000 + r.nextLong(300);
            case 3 -> () -> r.nextInt(3) == 0 ? 0 : r.nextLong(3_000);
            case 4 -> () -> 777_777;
            default -> () -> r.nextInt(1_000) == 0 ? 1_000_000_000L + r.nextLong(3_000_000_000_000L) : 1 + r.nextLong(100_000);
        };
    }

    @Test
    void edgesEqualHdrHistogramsAnswers() {
        for (long v : List.of(0L, 1L, 2047L, 2048L, 4095L, 4096L, LatencyRecorder.HIGHEST_NANOS)) {
            Histogram h = LatencyRecorder.newHistogram();
            h.recordValue(v);
            assertThat(LatencySummary.of(h)).as("one value %d", v).isEqualTo(hdr(h));
            h.recordValue(0);
            assertThat(LatencySummary.of(h)).as("0 and %d", v).isEqualTo(hdr(h));
        }
        assertThat(LatencySummary.of(LatencyRecorder.newHistogram())).isEqualTo(LatencySummary.EMPTY);
    }

    @Test
    void aSampledIntervalHistogramEqualsHdrHistogramsAnswers() {
        LatencyRecorder recorder = new LatencyRecorder("e2e");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            recorder.recordNanos(1_000 + random.nextLong(2_000_000));
        }
        Histogram interval = recorder.sampleInterval();
        assertThat(LatencySummary.of(interval)).isEqualTo(hdr(interval));
    }
}
