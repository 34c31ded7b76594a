package io.amqpharness.report.document;

/**
 * One size of a {@code --size} mix and the end-to-end latency of its messages, over the measured
 * part of the run (after the warm-up).
 *
 * @param bytes    the body size, bytes
 * @param percent  its share of the messages, as {@code --size} asked for it, percent
 * @param endToEnd the end-to-end latency of the messages of this size that consumers received (its
 *                 {@code count} is how many did)
 */
public record SizeBucket(int bytes, double percent, Ladder endToEnd) {
    public SizeBucket {
        endToEnd = endToEnd == null ? Ladder.EMPTY : endToEnd;
    }
}
