package io.amqpharness.broker;

import io.amqpharness.measure.CountSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How much the run's queues grew while publishers ran. Immutable.
 *
 * <p>Two ways to tell: {@code harness}, messages that entered the run's queues minus the first
 * deliveries of them consumers received, from the start to the end of publishing (current: what
 * sits in a queue, ready or delivered but not yet handled); and {@code broker}, the queue depth (ready
 * plus unacknowledged) of the broker's first and last sample while publishing, which the broker
 * refreshes only every few seconds ({@code collect_statistics_interval}, 5 s by default). The
 * harness's counts are used when the topology says where messages go, the broker drops nothing on
 * purpose (no TTL, no length limit that drops from the head) and the run consumes; the broker's
 * depth otherwise.
 *
 * @param basis     {@code harness} or {@code broker}, as above
 * @param messages  how many messages the queues gained (negative: they shrank); when not {@code exact},
 *                  at least this many
 * @param over      the time the growth is measured over
 * @param perSecond {@code messages} over {@code over}, messages per second
 * @param exact     true for the harness's counts when the broker refused nothing; false when it refused
 *                  messages (a full queue with {@code reject-publish}): then only messages it confirmed
 *                  count, a lower bound; false for the broker's depth (refreshed every few seconds)
 */
public record QueueGrowth(String basis, long messages, Duration over, double perSecond, boolean exact) {
    /** Growth below this many messages is not worth a note. */
    static final long NOTABLE_MESSAGES = 1_000;

    /**
     * From the harness's counts at the end of publishing.
     *
     * @param c             the counts at the end of publishing
     * @param copies        how many of the run's queues each message enters; empty when routing does not tell
     * @param brokerMayDrop true when the broker may drop messages on purpose (TTL, a length limit that drops
     *                      from the head): then the counts cannot tell what is left, and the result is empty
     * @param publishing    how long publishing lasted
     */
    public static Optional<QueueGrowth> ofCounts(CountSnapshot c, OptionalInt copies, boolean brokerMayDrop,
                                                 Duration publishing) {
        double seconds = publishing.toNanos() / 1e9;
        if (copies.isEmpty() || brokerMayDrop || seconds <= 0) {
            return Optional.empty();
        }
        // A refused message did not enter the queue that refused it (nor, at once, others: for fanout it may have
        // entered some), and an unconfirmed one may still be refused: count only what the broker confirmed.
        boolean refused = c.nacked() > 0;
        long entered = refused ? c.confirmed()
                : c.published() - c.returned() - c.released();
        // First deliveries of the run's own messages: redeliveries and other clients' messages left nothing.
        long left = Math.max(0, c.ownConsumed() - c.redelivered());
        long grew = entered * copies.getAsInt() - left;
        return Optional.of(new QueueGrowth("harness", grew, publishing, grew / seconds, !refused));
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
        return seconds <= 0 ? Optional.empty() : Optional.of(new QueueGrowth("broker", grew, over, grew / seconds, false));
    }

    /** True if the queues grew enough to explain latency. */
    public boolean notable() {
        return messages >= NOTABLE_MESSAGES;
    }
}
