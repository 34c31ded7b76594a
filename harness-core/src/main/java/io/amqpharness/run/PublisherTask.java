package io.amqpharness.run;

import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.flow.Pacer;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.spi.PublisherLink;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

/**
 * The loop of one publisher, on its own thread: wait for the intended time (paced) or go at once
 * (unpaced), wait for room in the confirm window, stamp the reused body, send. The timestamp is
 * the intended time when paced, so end-to-end latency includes any lateness; the lateness itself
 * is recorded as publish delay.
 */
final class PublisherTask implements Runnable {
    private final PublisherLink link;
    private final Optional<ConfirmTracker> tracker;
    private final OptionalDouble rate;
    private final long limit;
    private final byte[] body;
    private final Counters counters;
    private final LatencyRecorder publishDelay;
    private final NanoClock clock;
    private final PayloadClock payloadClock;
    private final RunControl control;
    private final BooleanSupplier publishing;
    private volatile Thread thread;
    private volatile Pacer pacer;
    private volatile long sent;

    PublisherTask(PublisherLink link, Optional<ConfirmTracker> tracker, OptionalDouble rate, OptionalLong limit,
                  int sizeBytes, Counters counters, LatencyRecorder publishDelay, NanoClock clock,
                  PayloadClock payloadClock, RunControl control) {
        this.link = link;
        this.tracker = tracker;
        this.rate = rate;
        this.limit = limit.orElse(Long.MAX_VALUE);
        this.body = new byte[sizeBytes];
        this.counters = counters;
        this.publishDelay = publishDelay;
        this.clock = clock;
        this.payloadClock = payloadClock;
        this.control = control;
        this.publishing = control::publishing;
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        try {
            control.awaitStart();
            if (rate.isPresent() && rate.getAsDouble() == 0) {
                idle();
            } else {
                publish();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            control.publisherFinished();
        }
    }

    private void idle() {
        while (control.publishing()) {
            clock.parkNanos(100_000_000L);
        }
    }

    private void publish() {
        Pacer p = rate.isPresent() ? new Pacer(rate.getAsDouble(), control.startNanos()) : null;
        pacer = p;
        ConfirmTracker t = tracker.orElse(null);
        long seq = 0;
        while (seq < limit && control.publishing()) {
            long intended = 0;
            if (p != null) {
                intended = p.nextIntendedNanos();
                if (control.pastTimeLimit(intended) || !sleepUntil(intended)) {
                    break;
                }
            }
            seq++;
            if (t != null && !t.awaitCapacity(seq, publishing)) {
                if (t.failure() != null) {
                    control.fail(t.failure().getMessage());
                }
                break;
            }
            long now = clock.nanoTime();
            PayloadCodec.write(body, seq, payloadClock.stamp(p != null ? intended : now));
            if (t != null) {
                t.register(seq, now);
            }
            try {
                link.send(seq, body);
            } catch (RuntimeException e) {
                if (t != null) {
                    t.unregister(seq);
                }
                if (control.publishing()) {
                    throw e;
                }
                break; // the link was closed because the run is stopping
            }
            sent = seq;
            counters.published.increment();
            if (p != null) {
                publishDelay.recordNanos(Math.max(0, now - intended));
            }
        }
    }

    /** Parks until {@code deadlineNanos}; false if the run stopped meanwhile. */
    private boolean sleepUntil(long deadlineNanos) {
        long remaining;
        while ((remaining = deadlineNanos - clock.nanoTime()) > 0) {
            if (!control.publishing()) {
                return false;
            }
            clock.parkNanos(Math.min(remaining, 100_000_000L));
        }
        return control.publishing();
    }

    /** Messages sent so far. */
    long sent() {
        return sent;
    }

    /** Changes the rate of a paced publisher. */
    void setRate(double ratePerSecond) {
        Pacer p = pacer;
        if (p != null) {
            p.setRate(ratePerSecond);
        }
    }

    /** Wakes the publisher if it is parked, so it notices the run is stopping. */
    void wake() {
        Thread t = thread;
        if (t != null) {
            java.util.concurrent.locks.LockSupport.unpark(t);
        }
    }
}
