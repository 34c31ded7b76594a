package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

    @Test
    void eachValueIsRecordedAsItsBucketsLowestSoThatRisingValuesWithinABucketLeaveTheMaximumAlone() {
        Histogram buckets = LatencyRecorder.newHistogram();
        for (long v : new long[] {0, 1, 2047, 2048, 2049, 2051, 999_999, 1_000_000, 749_234_567L, LatencyRecorder.HIGHEST_NANOS}) {
            long floor = LatencyRecorder.bucketFloor(v);
            assertThat(floor).as("%d", v).isLessThanOrEqualTo(v).isEqualTo(buckets.lowestEquivalentValue(v));
            assertThat(buckets.valuesAreEquivalent(floor, v)).as("%d", v).isTrue();
        }
        // 1,000 rising values of an unpaced run's latency around 750 ms: a handful of buckets, so the
        // recorder's maximum moves a handful of times, not 1,000
        long distinct = java.util.stream.LongStream.range(0, 1_000)
                .map(i -> LatencyRecorder.bucketFloor(749_000_000L + i * 997)).distinct().count();
        assertThat(distinct).isLessThan(5);
    }

    @Test
    void theHistogramOfFloorsReportsWhatTheExactValuesWouldHave() throws Exception {
        LatencyRecorder recorder = new LatencyRecorder("e2e");
        Histogram exact = LatencyRecorder.newHistogram();
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            long v = i % 3 == 0 ? 1 + random.nextLong(5_000_000_000L) : 1 + i * 10_007L;
            exact.recordValue(v);
            recorder.recordNanos(v);
        }
        recorder.sampleInterval();
        Histogram h = recorder.cumulative();
        assertThat(h.getMaxValue()).isEqualTo(exact.getMaxValue());
        assertThat(h.getMinValue()).isEqualTo(exact.getMinValue());
        assertThat(h.getMean()).isEqualTo(exact.getMean());
        for (double p : new double[] {0, 50, 90, 99, 99.99, 100}) {
            assertThat(h.getValueAtPercentile(p)).as("p%s", p).isEqualTo(exact.getValueAtPercentile(p));
        }
        assertThat(h).isEqualTo(exact);
    }

    @Test
    void valuesFromManyThreadsAddUpToOneExactHistogram() throws Exception {
        LatencyRecorder recorder = new LatencyRecorder("e2e");
        int threads = LatencyRecorder.MAX_STRIPES + 3; // more threads than stripes: some share one
        int perThread = 50_000;
        Histogram expected = new Histogram(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS);
        for (int t = 0; t < threads; t++) {
            for (int i = 1; i <= perThread; i++) {
                expected.recordValue(value(t, i));
            }
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread w = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 1; i <= perThread; i++) {
                    recorder.recordNanos(value(thread, i));
                }
            });
            w.start();
            workers.add(w);
        }
        go.countDown();
        long sampled = 0;
        while (workers.stream().anyMatch(Thread::isAlive)) {
            sampled += recorder.sampleInterval().getTotalCount(); // intervals taken while threads record
            Thread.sleep(1);
        }
        for (Thread w : workers) {
            w.join();
        }
        Histogram last = recorder.sampleInterval();
        sampled += last.getTotalCount();
        assertThat(sampled).isEqualTo((long) threads * perThread);
        Histogram all = recorder.cumulative();
        assertThat(all.getTotalCount()).isEqualTo(expected.getTotalCount());
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            assertThat(all.getValueAtPercentile(p)).as("p%s", p).isEqualTo(expected.getValueAtPercentile(p));
        }
        assertThat(all).isEqualTo(expected);
        assertThat(last.getEndTimeStamp()).isGreaterThanOrEqualTo(last.getStartTimeStamp());
        assertThat(last.getEndTimeStamp()).isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(60_000L));
    }

    private static long value(int thread, int i) {
        return 1_000L * (thread + 1) + (long) i * i % 10_000_000L;
    }

    @Test
    void anIntervalWithoutValuesIsEmptyAndStamped() {
        LatencyRecorder recorder = new LatencyRecorder("confirm");
        Histogram h = recorder.sampleInterval();
        assertThat(h.getTotalCount()).isZero();
        assertThat(h.getStartTimeStamp()).isPositive();
        assertThat(h.getEndTimeStamp()).isGreaterThanOrEqualTo(h.getStartTimeStamp());
    }
}
