package io.amqpharness.topology.stream;

import com.rabbitmq.stream.StreamException;
import java.time.Duration;

/**
 * Runs a stream's deletion at the end of a run again while it fails without an answer from the
 * broker (typically the client still reconnecting after a broker restart): every {@link #PAUSE},
 * for up to {@link #BUDGET} in all. An answer from the broker (no such stream, access refused) ends
 * it at once.
 */
final class DeletionRetry {
    /** How long the deletion is tried in all: 5 s. */
    static final Duration BUDGET = Duration.ofSeconds(5);
    /** The pause between two tries: 250 ms. */
    static final Duration PAUSE = Duration.ofMillis(250);

    /** Time as the retry sees it. */
    interface Clock {
        /** The current time, in nanoseconds from an arbitrary origin. */
        long nanoTime();

        /** Waits for {@code pause}. */
        void sleep(Duration pause) throws InterruptedException;
    }

    /** The system's monotonic clock and {@link Thread#sleep(Duration)}. */
    static final Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleep(Duration pause) throws InterruptedException {
            Thread.sleep(pause.toMillis());
        }
    };

    private final Clock clock;

    DeletionRetry(Clock clock) {
        this.clock = clock;
    }

    /**
     * Runs {@code deletion} until it returns, fails with the broker's answer, or the budget is
     * spent; then (and when interrupted) throws its last failure.
     */
    void run(Runnable deletion) {
        long deadline = clock.nanoTime() + BUDGET.toNanos();
        while (true) {
            try {
                deletion.run();
                return;
            } catch (RuntimeException e) {
                if (answeredByBroker(e) || clock.nanoTime() + PAUSE.toNanos() > deadline) {
                    throw e;
                }
                try {
                    clock.sleep(PAUSE);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Whether the broker answered (a response code), as opposed to the connection failing. */
    static boolean answeredByBroker(RuntimeException e) {
        return e instanceof StreamException se && se.getCode() != -1;
    }
}
