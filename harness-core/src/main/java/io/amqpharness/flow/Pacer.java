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
 * <p>Used by one publishing thread; {@link #setRate} may be called from any thread and takes
 * effect from the next message on, without moving the messages already scheduled.
 */
public final class Pacer {
    private static final double NO_CHANGE = Double.NaN;

    private List<RateStep> steps;
    private int step;
    private long stepEndNanos;
    private double intervalNanos;
    private long anchorNanos;
    private long anchorIndex;
    private long index;
    private volatile double requestedRate = NO_CHANGE;

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
        double requested = requestedRate;
        if (!Double.isNaN(requested)) {
            requestedRate = NO_CHANGE;
            long from = intervalNanos > 0 ? intendedAt(index) : anchorNanos;
            enter(List.of(new RateStep(requested, java.time.Duration.ofDays(365 * 100L))), 0, from);
        }
        while (true) {
            if (intervalNanos > 0) {
                long t = intendedAt(index);
                if (t - stepEndNanos < 0) {
                    index++;
                    return t;
                }
            }
            enter(steps, (step + 1) % steps.size(), stepEndNanos);
        }
    }

    /** Replaces the schedule by a constant rate from the next message on. */
    public void setRate(double ratePerSecond) {
        requestedRate = positive(ratePerSecond);
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
