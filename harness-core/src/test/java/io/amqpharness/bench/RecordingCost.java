package io.amqpharness.bench;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.SequenceTracker;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.function.IntFunction;
import org.HdrHistogram.Recorder;

/**
 * What recording one value costs on the hot path, alone and with another thread recording at the
 * same time: one HdrHistogram {@link Recorder} shared by every thread (the design before the
 * striped {@link LatencyRecorder}), the striped recorder, and a {@link SequenceTracker} arrival
 * (a lock per message). Run by {@code bench/recording-cost.sh}; nanoseconds per value per thread,
 * best of several rounds. Not a test: it asserts nothing and times everything.
 */
public final class RecordingCost {
    private static final int VALUES = 20_000_000;
    private static final int ROUNDS = 5;

    private RecordingCost() {
    }

    public static void main(String[] args) throws Exception {
        System.out.printf(Locale.ROOT, "%-34s %12s %12s%n", "ns per value", "1 thread", "2 threads");
        row("HdrHistogram Recorder, shared", threads -> {
            Recorder shared = new Recorder(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS);
            return thread -> {
                for (int i = 0; i < VALUES; i++) {
                    shared.recordValue(1_000 + (i & 0xFFFF));
                }
            };
        });
        row("LatencyRecorder (striped)", threads -> {
            LatencyRecorder striped = new LatencyRecorder("bench");
            return thread -> {
                for (int i = 0; i < VALUES; i++) {
                    striped.recordNanos(1_000 + (i & 0xFFFF));
                }
            };
        });
        row("SequenceTracker, own publisher", threads -> thread -> {
            SequenceTracker own = new SequenceTracker();
            for (int i = 1; i <= VALUES; i++) {
                own.arrive(i, false);
            }
        });
        row("SequenceTracker, one shared", threads -> {
            SequenceTracker shared = new SequenceTracker();
            return thread -> {
                for (int i = 1 + thread; i <= VALUES * threads; i += threads) {
                    shared.arrive(i, false);
                }
            };
        });
    }

    /** A workload for a number of threads: what thread {@code t} runs. */
    interface Work {
        void run(int thread) throws Exception;
    }

    private static void row(String name, IntFunction<Work> workload) throws Exception {
        System.out.printf(Locale.ROOT, "%-34s %12.1f %12.1f%n", name, best(workload, 1), best(workload, 2));
    }

    private static double best(IntFunction<Work> workload, int threads) throws Exception {
        double best = Double.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            Work work = workload.apply(threads);
            CyclicBarrier start = new CyclicBarrier(threads + 1);
            Thread[] workers = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int thread = t;
                workers[t] = new Thread(() -> {
                    try {
                        start.await();
                        work.run(thread);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                workers[t].start();
            }
            start.await();
            long begin = System.nanoTime();
            for (Thread w : workers) {
                w.join();
            }
            best = Math.min(best, (System.nanoTime() - begin) / (double) VALUES);
        }
        return best;
    }
}
