package io.amqpharness.junit;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Waits in a test for a fact (a queue's depth, a consumer's count, a file, a log line) instead of
 * sleeping for a time and asserting, which fails on a slow machine and wastes time on a fast one.
 * The condition is asked on the calling thread, first at once, then every 10 ms, the pause doubling up to
 * 250 ms; the wait returns as soon as it holds, and fails with an {@link AssertionError} that names
 * what was awaited, the timeout and the last value seen (or the last exception the condition threw)
 * once {@code timeout} has passed. An exception from the condition counts as "not yet" (a management API
 * that is not up, a file being written); an {@link Error} (a failed assertion) ends the wait at once.
 *
 * <pre>{@code
 * Await.until("the queue empty", Duration.ofSeconds(10), () -> depth(queue) == 0);
 * long depth = Await.until("10 messages in the queue", Duration.ofSeconds(10), () -> depth(queue), d -> d == 10);
 * }</pre>
 */
public final class Await {
    private static final long FIRST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long LONGEST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private Await() {
    }

    /** A fact to wait for; it may throw, which counts as "not yet". */
    @FunctionalInterface
    public interface Condition {
        /** Whether the fact holds now. */
        boolean holds() throws Exception;
    }

    /** A value read while waiting; it may throw, which counts as "not yet". */
    @FunctionalInterface
    public interface Probe<T> {
        /** The value now. */
        T read() throws Exception;
    }

    /**
     * Returns once {@code condition} holds.
     *
     * @param what    what is awaited, for the failure's message ("the queue empty")
     * @param timeout how long to wait at most
     * @throws AssertionError when it does not hold within {@code timeout}
     */
    public static void until(String what, Duration timeout, Condition condition) {
        Objects.requireNonNull(condition, "condition");
        until(what, timeout, condition::holds, Boolean.TRUE::equals);
    }

    /**
     * Reads {@code probe} until {@code done} accepts its value, and returns that value.
     *
     * @param what    what is awaited, for the failure's message ("10 messages in the queue")
     * @param timeout how long to wait at most
     * @throws AssertionError when no value read within {@code timeout} is accepted; its message gives the last
     *                        value read
     */
    public static <T> T until(String what, Duration timeout, Probe<T> probe, Predicate<? super T> done) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(probe, "probe");
        Objects.requireNonNull(done, "done");
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        T last = null;
        Exception failure = null;
        while (true) {
            try {
                last = probe.read();
                failure = null;
                if (done.test(last)) {
                    return last;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            } catch (Exception e) {
                failure = e;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                String seen = failure != null ? "the last check failed: " + failure : "the last value was " + last;
                AssertionError error = new AssertionError("waited " + seconds(timeout) + " for " + what + "; " + seen);
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

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() / 1000.0 + " s";
    }
}
