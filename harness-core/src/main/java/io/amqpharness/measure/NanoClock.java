package io.amqpharness.measure;

/**
 * A monotonic nanosecond clock and a way to wait on it, injectable so pacing and timeouts can be
 * tested without sleeping. Implementations are thread-safe.
 */
public interface NanoClock {

    /** The system's monotonic clock ({@link System#nanoTime()}) and {@link java.util.concurrent.locks.LockSupport#parkNanos}. */
    NanoClock SYSTEM = new NanoClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void parkNanos(long nanos) {
            java.util.concurrent.locks.LockSupport.parkNanos(nanos);
        }
    };

    /** Current time in nanoseconds; only differences are meaningful. */
    long nanoTime();

    /** Waits about {@code nanos} nanoseconds (it may return early when interrupted or unparked). */
    void parkNanos(long nanos);

    /**
     * One step of a busy wait, for the last microseconds before a deadline that a park would
     * overshoot: {@link Thread#onSpinWait()}. A test clock advances its time instead.
     */
    default void spinPause() {
        Thread.onSpinWait();
    }
}
