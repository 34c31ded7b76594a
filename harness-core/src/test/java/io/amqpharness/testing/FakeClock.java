package io.amqpharness.testing;

import io.amqpharness.measure.NanoClock;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that only moves when told to; parking advances it by the parked time. */
public final class FakeClock implements NanoClock {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public void parkNanos(long nanos) {
        now.addAndGet(Math.max(0, nanos));
    }

    @Override
    public void spinPause() {
        now.addAndGet(1_000);
    }

    public void advanceNanos(long nanos) {
        now.addAndGet(nanos);
    }

    public void advanceMillis(long millis) {
        advanceNanos(millis * 1_000_000L);
    }
}
