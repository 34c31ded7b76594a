package io.amqpharness.report.document;

/**
 * Message counts of a whole run, a step or an interval ({@code counts}, {@code steps[].counts},
 * {@code intervals[].delta}, {@code intervals[].total}). Every component is a number of messages
 * (or deliveries); a count a file does not have reads as 0. See docs/result-json.md, Counts.
 *
 * @param published        messages handed to the broker
 * @param confirmed        confirmed (0.9.1 ack) or accepted (1.0) by the broker
 * @param nacked           nacked (0.9.1) or rejected (1.0)
 * @param returned         returned as unroutable (0.9.1 {@code mandatory})
 * @param released         released (1.0; unroutable on RabbitMQ 4.x)
 * @param modified         modified (1.0)
 * @param timedOut         without a verdict within {@code --confirm-timeout}
 * @param lateOutcomes     verdicts that arrived after their message had timed out (not counted again)
 * @param consumed         deliveries to consumers, redeliveries and foreign messages included
 * @param redelivered      deliveries the broker flagged as redelivered
 * @param clockSkew        deliveries whose timestamp lay in the future: left out of latency, counted here
 * @param foreign          deliveries published by another run (included in {@code consumed})
 * @param unidentified     deliveries without a publisher identity (another tool), not checked for loss or duplicates
 * @param unique           first deliveries of identified messages (each publisher, sequence and queue once)
 * @param ownUnique        first deliveries of this run's messages
 * @param duplicated       deliveries of a message that had arrived before, not flagged as redelivered
 * @param late             messages declared lost that arrived after all (counted in {@code unique})
 * @param outOfOrder       deliveries with a lower sequence than the previous one from the same publisher on the same
 *                         consumer
 * @param lost             sequences missing below the highest one received from each publisher
 * @param consumerNacked   deliveries the consumers nacked ({@code --nack-rate})
 * @param consumerRejected deliveries the consumers rejected ({@code --reject-rate})
 * @param requeued         of those, the ones requeued ({@code --requeue})
 * @param inDoubt          messages awaiting a confirm when their connection dropped ({@code --recovery}): no verdict
 *                         will come; the consumers' sequence checks tell which arrived, and those that did not count as
 *                         {@code lost}
 * @param inDoubtArrived   first deliveries of messages in doubt, once per queue that delivered one (included in
 *                         {@code ownUnique}): they were not expected, so the summary's delivery accounting leaves them
 *                         out, and they cannot make up for confirmed messages the broker lost
 */
public record Counts(long published, long confirmed, long nacked, long returned, long released, long modified,
        long timedOut, long lateOutcomes, long consumed, long redelivered, long clockSkew, long foreign,
        long unidentified, long unique, long ownUnique, long duplicated, long late, long outOfOrder, long lost,
        long consumerNacked, long consumerRejected, long requeued, long inDoubt, long inDoubtArrived) {
}
