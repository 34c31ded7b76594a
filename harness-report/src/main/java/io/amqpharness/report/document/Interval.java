package io.amqpharness.report.document;

import java.util.Optional;

/**
 * One reporting interval ({@code intervals[]}).
 *
 * @param index              0-based interval number
 * @param elapsed            from the start of publishing to the end of this interval, nanoseconds
 * @param length             length of the interval (the last one may be shorter), nanoseconds
 * @param phase              {@code warmup} (left out of the measured results), {@code running} (publishers running) or
 *                           {@code draining} (publishing stopped, waiting for confirms and deliveries)
 * @param delta              counts during the interval, fields as in [Counts](#counts)
 * @param total              counts from the start to the end of the interval
 * @param inFlight           messages awaiting a confirm at the end of the interval
 * @param latency            ladders of the values recorded during the interval, per metric, as in [Latency](#latency)
 * @param blocked            time in the interval during which the broker blocked at least one publisher, or an AMQP 1.0
 *                           publisher waited over 100 ms for link credit (from the wait's beginning); 0 when none,
 *                           nanoseconds
 * @param down               time in the interval during which at least one connection was down (dropped, not yet
 *                           recovered); 0 when none, nanoseconds
 * @param broker             the broker's sample taken during the interval (shortly before it ended): see [Broker
 *                           sample](#broker-sample); {@code null} when broker metrics are off or unreadable, or no
 *                           sample arrived in the interval
 * @param sentPerSecond      published messages per second during the interval
 * @param confirmedPerSecond confirmed messages per second during the interval
 * @param receivedPerSecond  consumed messages per second during the interval
 */
public record Interval(int index, long elapsed, long length, String phase, Counts delta, Counts total, long inFlight,
        Latencies latency, long blocked, long down, Optional<BrokerSample> broker, double sentPerSecond,
        double confirmedPerSecond, double receivedPerSecond) {
    public Interval {
        latency = latency == null ? Latencies.EMPTY : latency;
        broker = broker == null ? Optional.empty() : broker;
    }

    /** Whether this interval is part of the {@code --warmup}, left out of the measured results. */
    public boolean warmup() {
        return "warmup".equals(phase);
    }
}
