package io.amqpharness.broker;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How much the run's queues grew while publishers ran. Immutable.
 *
 * <p>Two ways to tell: {@code harness}, messages routed to the run's queues minus deliveries
 * received, from the start to the end of publishing (exact and current: what sits in a queue, ready
 * or delivered but not yet handled); and {@code broker}, the queue depth (ready plus unacknowledged)
 * of the broker's first and last sample while publishing, which the broker refreshes only every few
 * seconds ({@code collect_statistics_interval}, 5 s by default). The harness's counts are used
 * when the topology says where messages go and the run consumes; the broker's depth otherwise.
 *
 * @param basis     {@code harness} or {@code broker}, as above
 * @param messages  how many messages the queues gained (negative: they shrank)
 * @param over      the time the growth is measured over
 * @param perSecond {@code messages} over {@code over}, messages per second
 */
public record QueueGrowth(String basis, long messages, Duration over, double perSecond) {
    /** Growth below this many messages is not worth a note. */
    static final long NOTABLE_MESSAGES = 1_000;

    /**
     * From the harness's counts at the end of publishing.
     *
     * @param routed     messages that entered the run's queues (routed times the queues each reaches)
     * @param consumed   deliveries consumers received by then
     * @param publishing how long publishing lasted
     */
    public static Optional<QueueGrowth> ofCounts(long routed, long consumed, Duration publishing) {
        double seconds = publishing.toNanos() / 1e9;
        long grew = routed - consumed;
        return seconds <= 0 ? Optional.empty() : Optional.of(new QueueGrowth("harness", grew, publishing, grew / seconds));
    }

    /** From the broker's depth in the first and the last sample taken while publishing. */
    static Optional<QueueGrowth> ofSamples(List<BrokerSample> samples, Duration publishingEnd) {
        BrokerSample first = null;
        BrokerSample last = null;
        for (BrokerSample s : samples) {
            if (s.depth().isEmpty() || s.elapsed().compareTo(publishingEnd) > 0) {
                continue;
            }
            if (first == null) {
                first = s;
            }
            last = s;
        }
        if (first == null || last == first) {
            return Optional.empty();
        }
        Duration over = last.elapsed().minus(first.elapsed());
        long grew = last.depth().getAsLong() - first.depth().getAsLong();
        double seconds = over.toNanos() / 1e9;
        return seconds <= 0 ? Optional.empty() : Optional.of(new QueueGrowth("broker", grew, over, grew / seconds));
    }

    /** True if the queues grew enough to explain latency. */
    public boolean notable() {
        return messages >= NOTABLE_MESSAGES;
    }
}
