package io.amqpharness.measure;

/**
 * Message counts at one moment of a run.
 *
 * @param published    messages handed to the driver
 * @param confirmed    confirmed (0.9.1 ack) or accepted (1.0) by the broker
 * @param nacked       nacked (0.9.1) or rejected (1.0)
 * @param returned     returned as unroutable (0.9.1 mandatory)
 * @param released     released (1.0; unroutable on 4.x)
 * @param modified     modified (1.0)
 * @param timedOut     unconfirmed for longer than the confirm timeout
 * @param lateOutcomes outcomes that arrived after their message had timed out (not counted again)
 * @param consumed     deliveries to consumers, all of them
 * @param redelivered  deliveries the broker flagged as redelivered (included in {@code consumed})
 * @param clockSkew    deliveries whose timestamp lay in the future: left out of latency, counted here
 * @param foreign      deliveries published by another run (included in {@code consumed})
 * @param unidentified deliveries without a publisher identity (another tool): not checked for loss
 *                     or duplicates (included in {@code consumed})
 * @param unique       first deliveries of identified messages (each publisher and sequence once)
 * @param ownUnique    first deliveries of this run's messages
 * @param duplicated   deliveries of a message that had arrived before, not flagged as redelivered
 * @param late         messages declared lost that arrived after all (counted in {@code unique})
 * @param outOfOrder   deliveries with a lower sequence than the previous one from the same
 *                     publisher on the same consumer
 * @param lost         sequences missing: in the result, every gap below the highest sequence received
 *                     from each publisher; in an interval's totals, the gaps behind what had arrived
 *                     an interval earlier (every gap in the last interval), so that a step's
 *                     difference is what went missing during it; in {@link Counters}, those declared
 *                     lost as the window moved past them
 * @param consumerNacked   deliveries the consumers negatively acknowledged ({@code --nack-rate})
 * @param consumerRejected deliveries the consumers rejected ({@code --reject-rate})
 * @param requeued     of those, the ones put back in the queue ({@code --requeue})
 * @param inDoubt      messages awaiting a confirm when their connection dropped (with
 *                     {@code --recovery}): no verdict will come; consumers' sequence checks tell
 *                     which arrived, and the others count as lost
 * @param inDoubtArrived first deliveries of messages in doubt, once per queue that delivered one
 *                     (included in {@code ownUnique}): not expected, so left out of the delivery
 *                     accounting, where they would make up for confirmed messages that were lost
 */
public record CountSnapshot(long published, long confirmed, long nacked, long returned, long released,
                            long modified, long timedOut, long lateOutcomes, long consumed,
                            long redelivered, long clockSkew, long foreign, long unidentified, long unique,
                            long ownUnique, long duplicated, long late, long outOfOrder, long lost,
                            long consumerNacked, long consumerRejected, long requeued, long inDoubt,
                            long inDoubtArrived) {

    public static final CountSnapshot ZERO = new CountSnapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0);

    /** Messages with a final outcome: confirmed, nacked, returned, released, modified or timed out. */
    public long settled() {
        return confirmed + nacked + returned + released + modified + timedOut;
    }

    /** Deliveries of messages this run published. */
    public long ownConsumed() {
        return consumed - foreign - unidentified;
    }

    /** The same snapshot with {@code lost} replaced (the final gap count). */
    public CountSnapshot withLost(long newLost) {
        return new CountSnapshot(published, confirmed, nacked, returned, released, modified, timedOut, lateOutcomes,
                consumed, redelivered, clockSkew, foreign, unidentified, unique, ownUnique, duplicated, late,
                outOfOrder, newLost, consumerNacked, consumerRejected, requeued, inDoubt, inDoubtArrived);
    }

    /** The difference {@code this - earlier}, counter by counter. */
    public CountSnapshot minus(CountSnapshot earlier) {
        return new CountSnapshot(published - earlier.published, confirmed - earlier.confirmed,
                nacked - earlier.nacked, returned - earlier.returned, released - earlier.released,
                modified - earlier.modified, timedOut - earlier.timedOut,
                lateOutcomes - earlier.lateOutcomes, consumed - earlier.consumed,
                redelivered - earlier.redelivered, clockSkew - earlier.clockSkew, foreign - earlier.foreign,
                unidentified - earlier.unidentified, unique - earlier.unique, ownUnique - earlier.ownUnique,
                duplicated - earlier.duplicated, late - earlier.late, outOfOrder - earlier.outOfOrder,
                lost - earlier.lost, consumerNacked - earlier.consumerNacked,
                consumerRejected - earlier.consumerRejected, requeued - earlier.requeued, inDoubt - earlier.inDoubt,
                inDoubtArrived - earlier.inDoubtArrived);
    }
}
