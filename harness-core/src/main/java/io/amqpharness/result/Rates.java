package io.amqpharness.result;

/**
 * Average rates over the run, in messages per second. Every one starts at the same moment, the start
 * of publishing (the end of {@code --warmup}), so consumers that received what was sent never show
 * a higher rate than the publishers' (but for the messages in flight when a warm-up ended, received
 * in the measured period).
 *
 * @param sent      published messages over the publishing time
 * @param confirmed confirmed messages over the publishing time
 * @param received  consumed messages from the start of publishing to the last delivery, or to the end
 *                  of publishing if that came later (a step's: over the step)
 * @param endToEnd  consumed messages from the start of publishing to the last delivery
 */
public record Rates(double sent, double confirmed, double received, double endToEnd) {
}
