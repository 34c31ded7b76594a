package io.amqpharness.result;

/**
 * Average rates over the run, in messages per second.
 *
 * @param sent      published messages over the publishing time
 * @param confirmed confirmed messages over the publishing time
 * @param received  consumed messages between the first and last delivery
 * @param endToEnd  consumed messages from the start of publishing to the last delivery
 */
public record Rates(double sent, double confirmed, double received, double endToEnd) {
}
