package io.amqpharness.flow;

import io.amqpharness.scenario.RateStep;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

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
 * it at the new rate from that time on. Changes apply in the order they were made, each from its
 * own time: a publisher that lags across several changes owes each stretch at its own rate, and
 * none is lost while another is still waiting for the old schedule to reach it.
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
    /** Changes made by {@link #setRate}, not yet taken over by the publishing thread; in the order made. */
    private final ConcurrentLinkedQueue<Change> requested = new ConcurrentLinkedQueue<>();
    /**
     * Changes taken over from {@link #requested}, each waiting for the schedule to reach its time;
     * their times ascend (a change made later at an earlier time replaces those after it).
     */
    private final ArrayDeque<Change> pending = new ArrayDeque<>();
    /** When the schedule began: no change moves a message before it. */
    private final long originNanos;

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
        this.originNanos = startNanos;
        enter(List.copyOf(steps), 0, startNanos);
    }

    /** The intended send time of the next message, in nanoseconds; advances the schedule. */
    public long nextIntendedNanos() {
        Change r;
        while ((r = requested.poll()) != null) { // each taken exactly once, in the order made
            take(r);
        }
        while (true) {
            Change next = pending.peekFirst();
            if (intervalNanos > 0) {
                long t = intendedAt(index);
                if (next != null && t - next.atNanos() >= 0) {
                    switchToPending(); // the old schedule reached the change: the new rate from its time on
                    continue;
                }
                if (t - stepEndNanos < 0) {
                    index++;
                    return t;
                }
            } else if (next != null && stepEndNanos - next.atNanos() >= 0) {
                switchToPending(); // a pause that lasts past the change
                continue;
            }
            enter(steps, (step + 1) % steps.size(), stepEndNanos);
        }
    }

    /**
     * Hands out again, on the new schedule, a message already handed out at {@code taken} and not
     * yet sent, if a rate change made meanwhile takes effect before {@code taken}: a publisher
     * waiting for its next message at a low rate then follows a higher one from the change's time,
     * instead of sleeping through it. Otherwise (no such change) {@code taken} stays.
     *
     * @param taken the intended time {@link #nextIntendedNanos()} returned last
     * @return the message's intended time from now on
     */
    public long retime(long taken) {
        Change r;
        while ((r = requested.poll()) != null) {
            take(r);
        }
        Change next = pending.peekFirst();
        if (next == null || taken - next.atNanos() <= 0 || intervalNanos <= 0) {
            return taken; // due before the change (or no change): it keeps its time
        }
        index--; // the slot of taken, given back: the loop below switches to the change first
        return nextIntendedNanos();
    }

    /**
     * Queues a change behind those still waiting for earlier times. One from the next message on
     * takes the slot the schedule has reached; one at a time before the schedule began takes its start.
     */
    private void take(Change r) {
        long at = r.atNext() ? nextSlot() : r.atNanos() - originNanos < 0 ? originNanos : r.atNanos();
        Change c = new Change(r.ratePerSecond(), at, false);
        while (!pending.isEmpty() && pending.peekLast().atNanos() - c.atNanos() >= 0) {
            pending.pollLast(); // made earlier for a later time: this change replaces it from its own time on
        }
        pending.addLast(c);
    }

    private void switchToPending() {
        Change c = pending.pollFirst();
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
        requested.add(new Change(positive(ratePerSecond), 0, true));
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
        requested.add(new Change(positive(ratePerSecond), atNanos, false));
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
