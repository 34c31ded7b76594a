package io.amqpharness.result;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The account of a run's expected deliveries: expected = consumed once (less the messages in doubt
 * that arrived) + left in the queues + unaccounted. The one formula behind the summary's accounting
 * line, {@link RunResult#unaccountedDeliveries()}, the {@code unaccounted} gate, and the same three
 * of a merged result.
 *
 * <p>A stream keeps every message, so it has no depth that would count the messages consumers did
 * not receive as left: for a stream {@code leftInQueues} is empty, and every expected delivery
 * consumers did not receive is unaccounted ("not received"): the harness cannot vouch that the
 * stream holds it.
 *
 * @param expected       deliveries expected: confirmed messages (or published minus returned
 *                       without confirms) times the deliveries each should have
 * @param consumedOnce   first deliveries of this run's messages ({@code ownUnique})
 * @param inDoubtArrived messages in doubt among them: not expected, so they cannot stand in for
 *                       expected ones that were lost
 * @param leftInQueues   messages ready in the queues at the end; empty for a stream
 * @param stream         the queues are streams
 */
public record DeliveryAccount(long expected, long consumedOnce, long inDoubtArrived, OptionalLong leftInQueues,
                              boolean stream) {

    /**
     * The account, when it can be made: the expected deliveries are known, and so is what is left
     * in the queues, or the queues are streams.
     *
     * @param expected       expected deliveries, empty when unknowable
     * @param ownUnique      first deliveries of this run's messages
     * @param inDoubtArrived messages in doubt that arrived
     * @param leftInQueues   messages ready in the queues at the end, empty when unknown (always for a stream)
     * @param stream         the queues are streams
     */
    public static Optional<DeliveryAccount> of(OptionalLong expected, long ownUnique, long inDoubtArrived,
                                               OptionalLong leftInQueues, boolean stream) {
        if (expected.isEmpty() || (leftInQueues.isEmpty() && !stream)) {
            return Optional.empty();
        }
        return Optional.of(new DeliveryAccount(expected.getAsLong(), ownUnique, inDoubtArrived,
                stream ? OptionalLong.empty() : leftInQueues, stream));
    }

    /** Consumed once, less the messages in doubt that arrived: the expected messages that arrived. */
    public long expectedArrived() {
        return consumedOnce - inDoubtArrived;
    }

    /**
     * Expected deliveries that neither arrived nor are left in a queue: 0 when every one is
     * accounted for; positive when expected messages are missing (for a stream, not received);
     * negative when consumers also got messages whose confirm was still outstanding at the end.
     */
    public long unaccounted() {
        return expected - expectedArrived() - leftInQueues.orElse(0);
    }
}
