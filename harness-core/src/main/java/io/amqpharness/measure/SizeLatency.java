package io.amqpharness.measure;

/**
 * End-to-end latency of the messages of one size of a {@code --size} mix, over the measured part
 * of a run (after the warm-up).
 *
 * @param bytes    the body size, bytes
 * @param percent  its share of the messages published, as asked for ({@code --size}), percent
 * @param endToEnd the end-to-end latency of the messages of this size that consumers received,
 *                 nanoseconds; {@link LatencySummary#EMPTY} when none arrived
 */
public record SizeLatency(int bytes, double percent, LatencySummary endToEnd) {
}
