package io.amqpharness.run;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Live view of a run: the console progress line, Prometheus, interval logs. Called from the
 * runner's threads, never concurrently; a listener must not block for long.
 */
public interface RunListener {

    /** Topology is declared, consumers are about to start. */
    default void started(RunStart start) {
    }

    /** One reporting interval ended. */
    default void interval(IntervalStats stats) {
    }

    /**
     * The raw latency histograms of the interval just reported, in nanoseconds. They are reused
     * afterwards: copy what you keep.
     */
    default void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> histograms) {
    }

    /** Something the user should know while the run goes on, one sentence. */
    default void note(String sentence) {
    }

    /** The run is over; its result. */
    default void finished(RunResult result) {
    }
}
