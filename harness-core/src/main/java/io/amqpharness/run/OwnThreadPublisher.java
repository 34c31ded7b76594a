package io.amqpharness.run;

import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.PublishSettings;

/**
 * The driver of a publisher with a thread of its own: it waits for the start, then sends. Unpaced,
 * it sends back to back (each as soon as the confirm window has room). Paced, it sends every message
 * already due, then sleeps until the next one is due, but in bursts ({@code --pacing-granularity},
 * 1 ms by default) no sooner than that long after its last wake-up: at 10,000 msg/s it wakes about
 * 1,000 times a second and sends about 10 messages each time, in one socket write (the link holds
 * back what it sends until the publisher is about to wait). Each message still carries its own
 * intended time, so latency counts from it, and its lateness is recorded as publish delay. In the
 * precise mode ({@code --pacing-granularity 0}) it wakes for every message and spins the last
 * stretch ({@link SpinWindow}), for a publish delay of microseconds at the cost of a park, a wake-up
 * and a write per message.
 *
 * <p>Threading: runs on the publisher's own thread.
 */
final class OwnThreadPublisher implements Runnable {
    /** The longest park, so the stop is noticed even without a wake-up, in nanoseconds. */
    private static final long MAX_PARK_NANOS = 100_000_000L;
    /** What {@link #sleepUntil} saw: the run stopped, the time came, or the rate changed meanwhile. */
    private static final int STOPPED = 0;
    private static final int DUE = 1;
    private static final int RATE_CHANGED = 2;

    private final PublisherTask task;
    private final NanoClock clock;
    private final RunControl control;
    private final SpinWindow spin;
    /** The shortest time between two wake-ups, in nanoseconds; 0 for the precise mode. */
    private final long granularityNanos;
    /** When the last wake-up was due (bursts only), in nanoseconds. */
    private long lastWake;

    OwnThreadPublisher(PublisherTask task) {
        this.task = task;
        PublisherTask.Context c = task.context();
        this.clock = c.clock();
        this.control = c.control();
        PublishSettings p = c.settings();
        this.granularityNanos = p.pacingGranularity().toNanos();
        this.spin = new SpinWindow(p.pacingSpinFor(false).toNanos(), p.pacingSpin().isEmpty() && !p.bursts());
    }

    @Override
    public void run() {
        task.runsOn(Thread.currentThread());
        try {
            control.awaitStart();
            long start = task.startNanos();
            if (task.idleThroughout() || sleepUntil(start) == STOPPED) {
                idle();
            } else {
                task.begin(start);
                lastWake = start - granularityNanos;
                publishLoop();
                task.end();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            task.finished();
        }
    }

    private void idle() {
        while (task.active()) {
            clock.parkNanos(MAX_PARK_NANOS);
        }
    }

    /** Waits for each message's time (paced) and for room, then sends it. */
    private void publishLoop() {
        boolean paced = task.scheduled();
        long previous = Long.MIN_VALUE;
        while (task.more()) {
            if (paced) {
                long intended = task.take();
                if (intended != previous) {
                    spin.next(intended);
                    previous = intended;
                }
                if (awaitDue(intended) == STOPPED) {
                    break;
                }
            }
            if (!task.awaitRoom() || !task.send(clock.nanoTime())) {
                break;
            }
        }
    }

    /**
     * Returns at once if the message intended for {@code intended} is due (it belongs to the current
     * burst); else writes what the link held back and sleeps until it is due, in bursts no sooner than
     * the granularity after the last wake-up. Follows a rate change meanwhile (the message may come
     * due sooner). {@link #STOPPED} if the run stopped, the publisher was retired or the message
     * falls after the time limit; else {@link #DUE}.
     */
    private int awaitDue(long intended) {
        while (true) {
            if (task.pastTimeLimit(intended)) {
                return STOPPED;
            }
            if (intended - clock.nanoTime() <= 0) {
                return DUE;
            }
            task.aboutToWait();
            long wake = intended;
            if (granularityNanos > 0 && wake - (lastWake + granularityNanos) < 0) {
                wake = lastWake + granularityNanos;
            }
            int slept = sleepUntil(wake);
            if (slept != RATE_CHANGED) {
                lastWake = wake;
                return slept;
            }
            intended = task.retakeAfterRateChange();
        }
    }

    /**
     * Waits until {@code deadlineNanos}: parks until the {@link SpinWindow} before it, then spins, so
     * the send is not late by a park's overshoot. {@link #STOPPED} if the run stopped (or retired
     * this publisher) meanwhile, {@link #RATE_CHANGED} if the rate changed while it parked (the
     * message waited for may be due sooner), else {@link #DUE}.
     */
    private int sleepUntil(long deadlineNanos) {
        long spinNanos = spin.nanos();
        long remaining;
        while ((remaining = deadlineNanos - clock.nanoTime()) > spinNanos) {
            if (!task.active()) {
                return STOPPED;
            }
            if (task.rateChanged()) {
                return RATE_CHANGED;
            }
            clock.parkNanos(Math.min(remaining - spinNanos, MAX_PARK_NANOS));
        }
        while (deadlineNanos - clock.nanoTime() > 0) {
            clock.spinPause();
        }
        return task.active() ? DUE : STOPPED;
    }
}
