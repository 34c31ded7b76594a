package io.amqpharness.run;

/**
 * How long a paced publisher on a thread of its own spins before each wake-up instead of parking
 * ({@code --pacing-spin}): the time given; in the precise mode ({@code --pacing-granularity 0}) by
 * default 100 µs but at most a tenth of the gap between the publisher's messages. A park on Linux
 * wakes 60-100 µs late; spinning the last stretch keeps that lateness out of the publish delay, but
 * at 10,000 msg/s a 100 µs window is the whole gap, and the publisher would spin a whole core away
 * from the broker and the consumers. With the bound, spinning takes at most about a tenth of the
 * publisher's thread; what a shorter window leaves late is measured (latency counts from the
 * intended time). Waking in bursts (the default granularity), a publisher does not spin unless
 * {@code --pacing-spin} is given.
 *
 * <p>Threading: the publisher's own thread.
 */
final class SpinWindow {
    /** A default window is at most the gap between two messages divided by this. */
    static final int GAP_SHARE = 10;

    private final long configuredNanos;
    private final boolean bounded;
    private long nanos;
    private long previousIntended;
    private boolean started;

    /**
     * @param configuredNanos the window in nanoseconds: {@code --pacing-spin}, or the default
     * @param bounded         true for the default, which the gap between messages bounds; false for a
     *                        window the user gave, which is kept as given
     */
    SpinWindow(long configuredNanos, boolean bounded) {
        this.configuredNanos = configuredNanos;
        this.bounded = bounded;
        this.nanos = configuredNanos;
    }

    /** The next message's intended time, in nanoseconds: the window before it follows from the gap to the previous one. */
    void next(long intendedNanos) {
        if (bounded && started) {
            nanos = Math.min(configuredNanos, Math.max(0, intendedNanos - previousIntended) / GAP_SHARE);
        }
        previousIntended = intendedNanos;
        started = true;
    }

    /** How long before the current message's intended time to stop parking and spin, in nanoseconds. */
    long nanos() {
        return nanos;
    }
}
