package io.amqpharness.flow;

import io.amqpharness.scenario.RateStep;
import java.util.List;

/**
 * The intended-time schedule of one publisher: during a step at rate {@code r}, message
 * {@code n} of the step is due at {@code stepStart + n / r}. Latency is measured from these times,
 * so a stalled broker shows up as latency rather than as a lower send rate (no coordinated
 * omission). A publisher that falls behind catches up by sending back to back until it is on
 * schedule again. Steps repeat; a step at rate 0 is a pause.
 *
 * <p>Used by one publishing thread; {@link #setRate} may be called from any thread. A rate change
 * at a given time (a step) keeps every message the old schedule had due before that time, so a
 * publisher that fell behind still owes its backlog at the old rate, and spaces the messages after
 * it at the new rate from that time on.
 */
public final class Pacer {
    /** A requested rate, from the next message on ({@code atNext}) or from a point in time. */
    private record Change(double ratePerSecond, long atNanos, boolean atNext) {
    }

    private List<RateStep> steps;
    private int step;
    private long stepEndNanos;
    private double intervalNanos;
    private long anchorNanos;
    private long anchorIndex;
    private long index;
    private volatile Change requested;
    /** A change taken over from {@link #requested}, waiting for the old schedule to reach its time. */
    private Change pending;

    /**
     * A constant rate.
     *
     * @param ratePerSecond intended messages per second, above 0 (fractions allowed)
     * @param startNanos    when the first message is due, on the publisher's clock
     */
    public Pacer(double ratePerSecond, long startNanos) {
        this(List.of(new RateStep(positive(ratePerSecond), java.time.Duration.ofDays(365 * 100L))), startNanos);
    }

    /**
     * A repeating schedule of rates.
     *
     * @param steps      the steps, at least one with a rate above 0
     * @param startNanos when the schedule starts, on the publisher's clock
     */
    public Pacer(List<RateStep> steps, long startNanos) {
        if (steps.stream().noneMatch(s -> s.ratePerSecond() > 0)) {
            throw new IllegalArgumentException("a schedule needs a step with a rate above 0");
        }
        enter(List.copyOf(steps), 0, startNanos);
    }

    /** The intended send time of the next message, in nanoseconds; advances the schedule. */
    public long nextIntendedNanos() {
        Change r = requested;
        if (r != null) {
            requested = null;
            pending = r.atNext() ? new Change(r.ratePerSecond(), nextSlot(), false) : r;
        }
        while (true) {
            if (intervalNanos > 0) {
                long t = intendedAt(index);
                if (pending != null && t - pending.atNanos() >= 0) {
                    switchToPending(); // the old schedule reached the change: the new rate from its time on
                    continue;
                }
                if (t - stepEndNanos < 0) {
                    index++;
                    return t;
                }
            } else if (pending != null && stepEndNanos - pending.atNanos() >= 0) {
                switchToPending(); // a pause that lasts past the change
                continue;
            }
            enter(steps, (step + 1) % steps.size(), stepEndNanos);
        }
    }

    private void switchToPending() {
        Change c = pending;
        pending = null;
        enter(List.of(new RateStep(c.ratePerSecond(), java.time.Duration.ofDays(365 * 100L))), 0, c.atNanos());
    }

    /** The old schedule's next slot (or, in a pause, the time the pause began). */
    private long nextSlot() {
        return intervalNanos > 0 ? intendedAt(index) : anchorNanos;
    }

    /**
     * Replaces the schedule by a constant rate from the next message on, at the slot the old
     * schedule had reached (before a publisher starts: from its start).
     */
    public void setRate(double ratePerSecond) {
        requested = new Change(positive(ratePerSecond), 0, true);
    }

    /**
     * Replaces the schedule by a constant rate from {@code atNanos} on: messages the old schedule
     * had due before then stay due (a lagging publisher keeps its backlog), the rest are spaced at
     * the new rate from {@code atNanos}.
     *
     * @param ratePerSecond the new rate, above 0
     * @param atNanos       when the change happened, on the publisher's clock
     */
    public void setRate(double ratePerSecond, long atNanos) {
        requested = new Change(positive(ratePerSecond), atNanos, false);
    }

    private void enter(List<RateStep> newSteps, int newStep, long startNanos) {
        steps = newSteps;
        step = newStep;
        RateStep s = steps.get(step);
        intervalNanos = s.ratePerSecond() > 0 ? 1e9 / s.ratePerSecond() : 0;
        anchorNanos = startNanos;
        anchorIndex = index;
        stepEndNanos = startNanos + s.duration().toNanos();
    }

    private long intendedAt(long n) {
        return anchorNanos + (long) ((n - anchorIndex) * intervalNanos);
    }

    private static double positive(double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("a paced rate must be above 0 messages per second: " + ratePerSecond);
        }
        return ratePerSecond;
    }
}
