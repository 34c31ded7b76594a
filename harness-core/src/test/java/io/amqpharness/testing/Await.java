package io.amqpharness.testing;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Waits in a test for a fact instead of sleeping in a loop: asks the condition at once, then every
 * 5 ms, the pause doubling up to 50 ms (in-process facts change quickly); returns as soon as it holds and
 * fails with an {@link AssertionError} naming what was awaited once {@code timeout} has passed. An
 * exception from the condition counts as "not yet"; an {@link Error} (a failed assertion) ends the wait.
 *
 * <p>The same contract as harness-junit's {@code io.amqpharness.junit.Await}, for the core's own tests,
 * which cannot depend on harness-junit (it depends on the core).
 */
public final class Await {
    private static final long FIRST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long LONGEST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private Await() {
    }

    /** A fact to wait for; it may throw, which counts as "not yet". */
    @FunctionalInterface
    public interface Condition {
        /** Whether the fact holds now. */
        boolean holds() throws Exception;
    }

    /**
     * Returns once {@code condition} holds.
     *
     * @param what    what is awaited, for the failure's message ("the connection back up")
     * @param timeout how long to wait at most
     * @throws AssertionError when it does not hold within {@code timeout}
     */
    public static void until(String what, Duration timeout, Condition condition) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(condition, "condition");
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        Exception failure = null;
        while (true) {
            try {
                if (condition.holds()) {
                    return;
                }
                failure = null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            } catch (Exception e) {
                failure = e;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                AssertionError error = new AssertionError("waited " + timeout.toMillis() + " ms for " + what
                        + (failure != null ? "; the last check failed: " + failure : ""));
                if (failure != null) {
                    error.initCause(failure);
                }
                throw error;
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(pause, left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
            pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
        }
    }
}
