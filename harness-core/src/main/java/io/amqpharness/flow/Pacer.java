package io.amqpharness.flow;

/**
 * The intended-time schedule of one publisher: message {@code n} is due at
 * {@code start + n / rate}. Latency is measured from these times, so a stalled broker shows up as
 * latency rather than as a lower send rate (no coordinated omission). A publisher that falls
 * behind catches up by sending back to back until it is on schedule again.
 *
 * <p>Used by one publishing thread; {@link #setRate} may be called from any thread and takes
 * effect from the next message on, without moving the messages already scheduled.
 */
public final class Pacer {
    private volatile double requestedIntervalNanos;
    private double intervalNanos;
    private long anchorNanos;
    private long anchorIndex;
    private long index;

    /**
     * @param ratePerSecond intended messages per second, above 0 (fractions allowed)
     * @param startNanos    when the first message is due, on the publisher's clock
     */
    public Pacer(double ratePerSecond, long startNanos) {
        this.intervalNanos = intervalOf(ratePerSecond);
        this.requestedIntervalNanos = intervalNanos;
        this.anchorNanos = startNanos;
    }

    /** The intended send time of the next message, in nanoseconds; advances the schedule. */
    public long nextIntendedNanos() {
        double requested = requestedIntervalNanos;
        if (requested != intervalNanos) {
            anchorNanos = intendedAt(index);
            anchorIndex = index;
            intervalNanos = requested;
        }
        return intendedAt(index++);
    }

    /** Changes the rate from the next message on. */
    public void setRate(double ratePerSecond) {
        requestedIntervalNanos = intervalOf(ratePerSecond);
    }

    /** The current rate in messages per second. */
    public double rate() {
        return 1e9 / requestedIntervalNanos;
    }

    private long intendedAt(long n) {
        return anchorNanos + (long) ((n - anchorIndex) * intervalNanos);
    }

    private static double intervalOf(double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("a paced rate must be above 0 messages per second: " + ratePerSecond);
        }
        return 1e9 / ratePerSecond;
    }
}
