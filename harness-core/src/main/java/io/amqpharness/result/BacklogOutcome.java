package io.amqpharness.result;

import io.amqpharness.measure.LatencySummary;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a backlog run ({@code --backlog}) measured: how the queues filled with the consumers held
 * back, how the backlog drained once they arrived, and what that did to the publishers. Times are
 * from the start of publishing; rates are messages per second.
 *
 * @param target          the backlog asked for, in messages (for {@code --backlog 50mb}, that many
 *                        bodies of the mean size)
 * @param then            what publishers did during the drain: {@code drain} (stopped) or
 *                        {@code keep-publishing}
 * @param reached         whether the queues reached the backlog (else the run ended first, and
 *                        nothing below the fill is measured)
 * @param fillTime        from the start of publishing to the moment the backlog was reached, when
 *                        the consumers started to arrive
 * @param filled          messages in the queues then, by the harness's counts (published and not
 *                        refused, times the queues each reaches, less what consumers received: 0)
 * @param fillRate        {@code filled} over {@code fillTime}
 * @param depthAtFill     the queues' depth the broker reported when the backlog was reached, just
 *                        before the consumers arrived;
 *                        may lag behind {@code filled} on a saturated broker (it answers a depth
 *                        read before the messages still in a queue's mailbox); empty if not read
 * @param consumers       consumers (connections) that arrived
 * @param arrivalTime     from the backlog being reached to the last consumer's arrival
 * @param peakBacklog     the most messages the queues held, by the harness's counts, from the
 *                        backlog being reached to its drain (above {@code filled} while
 *                        publishers keep publishing faster than the consumers start)
 * @param drained         whether the backlog drained before the run ended
 * @param drainTime       from the backlog being reached to its drain: the queues empty (after
 *                        {@code drain}) or back to at most 1 % of the backlog (while publishing)
 * @param drainRate       {@code peakBacklog} less what was left at the drain, over {@code drainTime}:
 *                        how fast the backlog went down, net of what publishers added
 * @param consumerRate    what the consumers received from the backlog being reached to its drain
 *                        (or the end of the run), per second
 * @param beforeDrain     the publishers while filling
 * @param duringDrain     the publishers while the backlog drained; empty when they stopped
 *                        ({@code drain}) or the backlog was never reached
 */
public record BacklogOutcome(long target, String then, boolean reached, Duration fillTime, long filled,
                             double fillRate, OptionalLong depthAtFill, int consumers, Duration arrivalTime,
                             long peakBacklog, boolean drained, Optional<Duration> drainTime,
                             OptionalDouble drainRate, double consumerRate, Publishers beforeDrain,
                             Optional<Publishers> duringDrain) {

    /**
     * The publishers over one phase.
     *
     * @param sent      messages sent per second
     * @param confirmed confirms received per second
     * @param confirm   confirm latency over the phase (nanoseconds); empty without confirms
     */
    public record Publishers(double sent, double confirmed, LatencySummary confirm) {
    }
}
