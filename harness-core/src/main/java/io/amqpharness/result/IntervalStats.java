package io.amqpharness.result;

import io.amqpharness.broker.BrokerSample;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * One reporting interval: counts during it, totals at its end, and latency recorded in it.
 *
 * @param index    0-based interval number
 * @param elapsed  time from the start of publishing to the end of this interval
 * @param length   length of this interval (the last one may be shorter)
 * @param phase    what the run was doing
 * @param delta    counts during the interval
 * @param total    counts since the start
 * @param inFlight messages awaiting a publisher confirm at the end of the interval
 * @param latency  latency recorded during the interval, per metric
 * @param blocked  time during the interval in which the broker blocked at least one publisher
 *                 (a resource alarm, or withheld AMQP 1.0 credit); zero when it blocked none
 * @param down     time during the interval in which at least one connection was down (dropped by
 *                 the broker, not yet recovered); zero when none was
 * @param broker   the broker's metrics sampled during the interval ({@code --broker-metrics}); empty
 *                 when they are off, could not be read, or no new sample arrived in this interval
 */
public record IntervalStats(int index, Duration elapsed, Duration length, Phase phase, CountSnapshot delta,
                            CountSnapshot total, long inFlight, Map<Metric, LatencySummary> latency,
                            Duration blocked, Duration down, Optional<BrokerSample> broker) {

    public IntervalStats {
        latency = Map.copyOf(latency);
    }

    /** What the run was doing during an interval. */
    public enum Phase {
        /** Traffic flows but is left out of the measured results ({@code --warmup}). */
        WARMUP,
        /** Publishers running. */
        RUNNING,
        /** Publishers stopped; waiting for outstanding confirms and deliveries. */
        DRAINING
    }

    public double sentPerSecond() {
        return perSecond(delta.published());
    }

    public double confirmedPerSecond() {
        return perSecond(delta.confirmed());
    }

    public double receivedPerSecond() {
        return perSecond(delta.consumed());
    }

    public LatencySummary latency(Metric metric) {
        return latency.getOrDefault(metric, LatencySummary.EMPTY);
    }

    private double perSecond(long count) {
        long nanos = length.toNanos();
        return nanos <= 0 ? 0 : count * 1e9 / nanos;
    }
}
