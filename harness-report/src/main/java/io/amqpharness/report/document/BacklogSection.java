package io.amqpharness.report.document;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a backlog run ({@code --backlog}) measured, as {@code result.json} holds it under
 * {@code backlog} (see docs/result-json.md). Times in nanoseconds from the start of publishing,
 * rates in messages per second.
 *
 * @param target       the backlog asked for, messages
 * @param then         {@code drain} (publishers stopped) or {@code keep-publishing}
 * @param reached      whether the queues reached it before the run ended
 * @param fillTime     from the start of publishing to the backlog being reached (to the end of the run if it was
 *                     not)
 * @param filled       messages in the queues then, by the harness's counts
 * @param fillRate     {@code filled} over {@code fillTime}
 * @param depthAtFill  the depth the broker reported then, just before the consumers arrived; {@code null} if it
 *                     could not be read
 * @param consumers    consumers that arrived
 * @param arrivalTime  from the backlog being reached to the last consumer's arrival
 * @param peakBacklog  the most messages the queues held during the drain, by the harness's counts
 * @param drained      whether the backlog drained before the run ended
 * @param drainTime    from the backlog being reached to its drain; {@code null} if it did not drain
 * @param drainRate    how fast the backlog went down, net of what publishers added; {@code null} if it
 *                     did not drain
 * @param consumerRate what the consumers received per second during the drain
 * @param beforeDrain  the publishers while filling
 * @param duringDrain  the publishers during the drain; {@code null} when they stopped ({@code drain})
 */
public record BacklogSection(long target, String then, boolean reached, long fillTime, long filled, double fillRate,
                             OptionalLong depthAtFill, int consumers, long arrivalTime, long peakBacklog,
                             boolean drained, OptionalLong drainTime, OptionalDouble drainRate, double consumerRate,
                             Publishers beforeDrain, Optional<Publishers> duringDrain) {
    public BacklogSection {
        depthAtFill = depthAtFill == null ? OptionalLong.empty() : depthAtFill;
        drainTime = drainTime == null ? OptionalLong.empty() : drainTime;
        drainRate = drainRate == null ? OptionalDouble.empty() : drainRate;
        duringDrain = duringDrain == null ? Optional.empty() : duringDrain;
        beforeDrain = beforeDrain == null ? new Publishers(0, 0, Ladder.EMPTY) : beforeDrain;
    }

    /**
     * The publishers over one phase.
     *
     * @param sent      messages sent per second
     * @param confirmed confirms received per second
     * @param confirm   confirm latency over the phase, nanoseconds ({@code count} 0 without confirms)
     */
    public record Publishers(double sent, double confirmed, Ladder confirm) {
        public Publishers {
            confirm = confirm == null ? Ladder.EMPTY : confirm;
        }
    }
}
