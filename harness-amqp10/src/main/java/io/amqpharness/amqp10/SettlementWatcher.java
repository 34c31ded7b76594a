package io.amqpharness.amqp10;

import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.qpid.protonj2.client.DeliveryState;
import org.apache.qpid.protonj2.client.Tracker;
import org.apache.qpid.protonj2.client.exceptions.ClientException;
import org.apache.qpid.protonj2.client.exceptions.ClientOperationTimedOutException;

/**
 * Turns one sender's settlements into outcomes for the core. protonj2 trackers have no callback,
 * so the publishing thread hands each tracker with its sequence number to this watcher, which runs
 * on its own thread, takes them in send order and waits for the head's settlement. Messages the
 * broker settled meanwhile (RabbitMQ settles in ranges) are then reported without waiting, as one
 * multiple settlement per run of equal outcomes, so the watcher and the publisher wake about once
 * per disposition frame, not once per message.
 *
 * <p>The hand-over is a single-producer, single-consumer ring: two arrays, no allocation per
 * message. Its capacity is twice the confirm window, so the publisher only waits on it when
 * messages the core already counted as timed out are still unsettled.
 */
final class SettlementWatcher implements Runnable {
    private static final long AWAIT_SLICE_MILLIS = 100;
    private static final long IDLE_PARK_NANOS = 10_000_000L;

    private final PublishOutcomeListener outcomes;
    private final Function<Throwable, String> describe;
    private final Tracker[] trackers;
    private final long[] seqs;
    private final int mask;
    /** Next slot to put (publishing thread). */
    private volatile long tail;
    /** Next slot to take (watcher thread). */
    private volatile long head;
    private volatile boolean watcherIdle;
    private volatile boolean stopping;
    private volatile Thread watcherThread;
    private volatile Thread publisherThread;

    /**
     * @param window   the core's confirm window (unconfirmed messages at most)
     * @param outcomes where outcomes go
     * @param describe turns a link failure into a sentence
     */
    SettlementWatcher(int window, PublishOutcomeListener outcomes, Function<Throwable, String> describe) {
        int capacity = Integer.highestOneBit(Math.max(64, window * 2 - 1)) << 1;
        this.trackers = new Tracker[capacity];
        this.seqs = new long[capacity];
        this.mask = capacity - 1;
        this.outcomes = outcomes;
        this.describe = describe;
    }

    /** Starts the watcher thread. */
    void start(String name) {
        Thread t = new Thread(this, name);
        t.setDaemon(true);
        watcherThread = t;
        t.start();
    }

    /**
     * Hands over a sent message. Publishing thread only; waits while the ring is full.
     *
     * @return false if the watcher stopped meanwhile
     */
    boolean add(long seq, Tracker tracker) {
        long t = tail;
        while (t - head > mask) {
            if (stopping) {
                return false;
            }
            publisherThread = Thread.currentThread();
            LockSupport.parkNanos(this, 100_000L);
        }
        int slot = (int) (t & mask);
        seqs[slot] = seq;
        trackers[slot] = tracker;
        tail = t + 1;
        if (watcherIdle) {
            LockSupport.unpark(watcherThread);
        }
        return true;
    }

    /** Stops reporting: outcomes that arrive from now on are not reported. Idempotent. */
    void stop() {
        stopping = true;
        Thread w = watcherThread;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    @Override
    public void run() {
        while (!stopping) {
            long h = head;
            if (h == tail) {
                watcherIdle = true;
                if (h == tail && !stopping) {
                    LockSupport.parkNanos(this, IDLE_PARK_NANOS);
                }
                watcherIdle = false;
                continue;
            }
            int slot = (int) (h & mask);
            Tracker tracker = trackers[slot];
            if (!tracker.remoteSettled()) {
                try {
                    tracker.awaitSettlement(AWAIT_SLICE_MILLIS, TimeUnit.MILLISECONDS);
                } catch (ClientOperationTimedOutException e) {
                    continue; // look at the stop flag, then wait again
                } catch (ClientException e) {
                    if (!stopping) {
                        stopping = true;
                        outcomes.failed(new DriverException(describe.apply(e), e));
                    }
                    return;
                }
            }
            reportSettledFrom(h);
        }
    }

    /**
     * Reports the settled head and every settled tracker after it, grouping runs of consecutive
     * messages with the same outcome into one multiple settlement (the core resolves every
     * outstanding message up to the sequence, and all earlier ones were reported already), so the
     * publisher waiting for room in its window is woken once per group rather than per message.
     */
    private void reportSettledFrom(long h) {
        long t = tail;
        long next = h;
        PublishOutcome groupOutcome = null;
        long groupEnd = 0;
        while (next < t) {
            int slot = (int) (next & mask);
            Tracker tracker = trackers[slot];
            if (next != h && !tracker.remoteSettled()) {
                break;
            }
            PublishOutcome o = outcome(tracker.remoteState());
            if (groupOutcome != null && o != groupOutcome) {
                outcomes.settled(groupEnd, true, groupOutcome);
            }
            groupOutcome = o;
            groupEnd = seqs[slot];
            trackers[slot] = null;
            next++;
        }
        head = next;
        Thread p = publisherThread;
        if (p != null) {
            LockSupport.unpark(p);
        }
        outcomes.settled(groupEnd, true, groupOutcome);
    }

    /**
     * The core's name for a delivery state. A settlement without an outcome counts as confirmed:
     * the broker took responsibility for the message without objecting.
     */
    static PublishOutcome outcome(DeliveryState state) {
        if (state == null) {
            return PublishOutcome.CONFIRMED;
        }
        return switch (state.getType()) {
            case REJECTED -> PublishOutcome.NACKED;
            case RELEASED -> PublishOutcome.RELEASED;
            case MODIFIED -> PublishOutcome.MODIFIED;
            default -> PublishOutcome.CONFIRMED;
        };
    }
}
