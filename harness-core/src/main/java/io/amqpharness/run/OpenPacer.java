package io.amqpharness.run;

import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Spaces connection opens evenly at a rate shared by any number of threads. Thread-safe. Not on
 * a per-message path: one call per connection.
 */
final class OpenPacer {
    private final long intervalNanos;
    private final AtomicLong next = new AtomicLong(System.nanoTime());

    /** @param ratePerSecond opens per second at most; empty for no limit */
    OpenPacer(OptionalDouble ratePerSecond) {
        this.intervalNanos = ratePerSecond.isPresent() ? (long) (1e9 / ratePerSecond.getAsDouble()) : 0;
    }

    /** Waits for this caller's slot; returns at once without a rate. */
    void awaitSlot() {
        if (intervalNanos == 0) {
            return;
        }
        long now = System.nanoTime();
        long slot = next.getAndUpdate(n -> Math.max(n, now) + intervalNanos);
        long at = Math.max(slot, now);
        while (at - System.nanoTime() > 0 && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(at - System.nanoTime());
        }
    }
}
