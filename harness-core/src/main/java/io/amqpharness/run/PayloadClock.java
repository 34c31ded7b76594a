package io.amqpharness.run;

import io.amqpharness.scenario.ClockMode;
import java.time.Instant;

/**
 * Converts between the run's monotonic clock and the timestamp written in messages. In wall modes
 * the epoch time is derived from one reading of the wall clock at start plus monotonic elapsed
 * time, so it does not jump if the system clock is adjusted during the run. Immutable, thread-safe.
 */
public final class PayloadClock {
    private final ClockMode mode;
    private final long nanoBase;
    private final long epochNanoBase;

    /**
     * @param mode          what timestamps mean
     * @param nanoBase      a reading of the run's monotonic clock
     * @param epochAtBase   the wall-clock time of that reading
     */
    public PayloadClock(ClockMode mode, long nanoBase, Instant epochAtBase) {
        this.mode = mode;
        this.nanoBase = nanoBase;
        this.epochNanoBase = epochAtBase.getEpochSecond() * 1_000_000_000L + epochAtBase.getNano();
    }

    public ClockMode mode() {
        return mode;
    }

    /** The timestamp to write for a moment given on the monotonic clock. */
    public long stamp(long nanoTime) {
        return switch (mode) {
            case MONOTONIC -> nanoTime;
            case WALL -> epochNanoBase + (nanoTime - nanoBase);
            case WALL_MILLIS -> (epochNanoBase + (nanoTime - nanoBase)) / 1_000_000L;
        };
    }

    /** Nanoseconds from a message's timestamp to {@code nowNanoTime}; negative means clock skew. */
    public long latencyNanos(long stamp, long nowNanoTime) {
        return switch (mode) {
            case MONOTONIC -> nowNanoTime - stamp;
            case WALL -> epochNanoBase + (nowNanoTime - nanoBase) - stamp;
            case WALL_MILLIS -> epochNanoBase + (nowNanoTime - nanoBase) - stamp * 1_000_000L;
        };
    }
}
