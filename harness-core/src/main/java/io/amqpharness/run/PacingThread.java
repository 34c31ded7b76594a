package io.amqpharness.run;

import io.amqpharness.measure.NanoClock;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread that paces many publishers: it keeps them in a heap ordered by when each wants the
 * thread next (the intended time of its next message, or a short poll while its confirm window is
 * full), sleeps until the earliest (in bursts, {@code --pacing-granularity}: no sooner than that
 * long after its last wake-up), and lets every publisher that is due send what is due. The intended time
 * stays the basis of latency and publish delay, so a publisher this thread serves late shows it
 * (no coordinated omission), and one that fell behind still owes its backlog, sent in batches so it
 * does not starve the others.
 *
 * <p>Threading: {@link #add} and {@link #attend} from any thread (they go through a queue); the
 * heap and the publishers' publishing state belong to this thread. A send that blocks (a broker
 * alarm) holds up every publisher of this thread: their lateness is measured, and the run's stop
 * closes their links to unblock it.
 */
final class PacingThread implements Runnable {
    /** The longest park, so the stop is noticed even without a wake-up, in nanoseconds. */
    private static final long MAX_PARK_NANOS = 100_000_000L;
    /** Messages one publisher may send back to back before the others due get their turn. */
    private static final int BATCH = 16;
    /** How soon a publisher looks again for room in a full confirm window, in nanoseconds. */
    private static final long CAPACITY_POLL_NANOS = 200_000L;

    private final RunControl control;
    private final NanoClock clock;
    private final long spinNanos;
    /** The shortest time between two wake-ups, in nanoseconds; 0 wakes for every publisher's time. */
    private final long granularityNanos;
    /** Publishers to add, or to look at now (a rate change, a retirement, the stop). */
    private final ConcurrentLinkedQueue<PublisherTask> inbox = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private PublisherTask[] heap = new PublisherTask[16];
    private int size;

    /**
     * @param name      the thread's name
     * @param spinNanos        how long before a wake-up to stop parking and spin ({@code --pacing-spin}),
     *                         in nanoseconds
     * @param granularityNanos the shortest time between two wake-ups ({@code --pacing-granularity}), in
     *                         nanoseconds; 0 wakes at each publisher's due time
     */
    PacingThread(String name, RunControl control, NanoClock clock, long spinNanos, long granularityNanos) {
        this.control = control;
        this.clock = clock;
        this.spinNanos = spinNanos;
        this.granularityNanos = granularityNanos;
        this.thread = new Thread(this, name);
        thread.setDaemon(true);
    }

    Thread thread() {
        return thread;
    }

    /** Serves {@code task} from now on (before the run starts, or a publisher a step added). */
    void add(PublisherTask task) {
        task.servedBy(this::attend);
        attend(task);
    }

    /** Asks this thread to look at {@code task} now: a new publisher, a rate change, a retirement, the stop. */
    void attend(PublisherTask task) {
        inbox.add(task);
        LockSupport.unpark(thread);
    }

    @Override
    public void run() {
        try {
            control.awaitStart();
            loop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            endAll();
        }
    }

    private void loop() {
        long lastWake = clock.nanoTime() - granularityNanos;
        while (control.publishing()) {
            takeInbox();
            if (size == 0) {
                clock.parkNanos(MAX_PARK_NANOS);
                continue;
            }
            long wake = heap[0].wakeNanos();
            if (granularityNanos > 0 && wake - (lastWake + granularityNanos) < 0) {
                wake = lastWake + granularityNanos; // a burst: what falls due until then goes out together
            }
            long remaining = wake - clock.nanoTime();
            if (remaining > spinNanos) {
                clock.parkNanos(Math.min(remaining - spinNanos, MAX_PARK_NANOS));
                continue; // the inbox may hold a change, or a publisher due sooner
            }
            while (wake - clock.nanoTime() > 0) {
                clock.spinPause();
            }
            lastWake = wake;
            long now = clock.nanoTime();
            while (size > 0 && heap[0].wakeNanos() - now <= 0 && control.publishing()) {
                step(heap[0], now);
                if (!inbox.isEmpty()) {
                    takeInbox(); // once per batch: a saturated thread still starts the publishers a step adds
                }
                now = clock.nanoTime();
            }
        }
    }

    /**
     * New publishers start their schedules (one a step added, from when it was added: what it owes
     * since is due at once); changed ones are stepped at once (their due time may have moved).
     */
    private void takeInbox() {
        PublisherTask t;
        while ((t = inbox.poll()) != null) {
            if (!t.pacingStarted) {
                t.pacingStarted = true;
                t.begin(t.startNanos());
                t.heapIndex = size;
                heap = grow(heap, size);
                heap[size++] = t;
                up(t.heapIndex);
            } else if (t.heapIndex < size && heap[t.heapIndex] == t && t.needsAttention()) {
                step(t, clock.nanoTime());
            }
        }
    }

    /** Lets {@code t} send what is due; re-sorts it by its next wake-up, or ends it. */
    private void step(PublisherTask t, long now) {
        boolean more;
        try {
            more = sendDue(t, now, BATCH);
        } catch (RuntimeException e) {
            control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
            more = false;
        }
        if (!more) {
            remove(t.heapIndex);
            end(t);
        } else {
            down(t.heapIndex);
            up(t.heapIndex);
        }
    }

    /**
     * Sends every message of {@code t} that is due at {@code now} and has room, up to {@code batch},
     * each stamped with its own intended time; then sets when it wants the thread again.
     *
     * @param now   this thread's clock, in nanoseconds
     * @param batch the most messages to send now, so one publisher that fell behind does not hold up
     *              the others on this thread
     * @return false if publishing is over for {@code t} (then it is ended and counted out)
     */
    private boolean sendDue(PublisherTask t, long now, int batch) {
        if (t.rateChanged()) {
            t.retakeAfterRateChange();
        }
        for (int n = 0; n < batch; n++) {
            if (!t.more()) {
                return false;
            }
            long intended = t.take();
            if (t.pastTimeLimit(intended)) {
                return false;
            }
            if (intended - now > 0) {
                t.wakeAt(intended);
                t.aboutToWait();
                return true;
            }
            PublisherTask.Room room = t.room();
            if (room == PublisherTask.Room.FAILED) {
                return false;
            }
            if (room == PublisherTask.Room.NO) {
                t.aboutToWait();
                t.wakeAt(now + CAPACITY_POLL_NANOS); // the intended time stays the basis of latency
                return true;
            }
            if (!t.send(now)) {
                return false;
            }
            now = clock.nanoTime();
        }
        t.wakeAt(now); // more due: after the other publishers due now
        t.aboutToWait(); // what the link held back leaves now, not after the thread served the others
        return true;
    }

    /** At the stop (or a failure of this thread): every publisher still served ends and is counted out. */
    private void endAll() {
        takeInboxAtEnd();
        while (size > 0) {
            PublisherTask t = heap[0];
            remove(0);
            end(t);
        }
    }

    /**
     * Publishers added too late to start: what their schedules had due since they were added is
     * recorded as not sent, and they count as finished.
     */
    private void takeInboxAtEnd() {
        PublisherTask t;
        while ((t = inbox.poll()) != null) {
            if (!t.pacingStarted) {
                t.pacingStarted = true;
                try {
                    t.endUnstarted();
                } catch (RuntimeException e) {
                    control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
                } finally {
                    t.finished();
                }
            }
        }
    }

    private void end(PublisherTask t) {
        try {
            t.end();
        } catch (RuntimeException e) {
            control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            t.finished();
        }
    }

    // ---- a binary min-heap on wakeNanos, with each publisher's index kept in it (no allocation per message) ----

    private void remove(int i) {
        PublisherTask last = heap[--size];
        heap[size] = null;
        if (i < size) {
            heap[i] = last;
            last.heapIndex = i;
            down(i);
            up(last.heapIndex);
        }
    }

    private void up(int i) {
        PublisherTask t = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            PublisherTask p = heap[parent];
            if (p.wakeNanos() - t.wakeNanos() <= 0) {
                break;
            }
            heap[i] = p;
            p.heapIndex = i;
            i = parent;
        }
        heap[i] = t;
        t.heapIndex = i;
    }

    private void down(int i) {
        PublisherTask t = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && heap[right].wakeNanos() - heap[child].wakeNanos() < 0) {
                child = right;
            }
            if (t.wakeNanos() - heap[child].wakeNanos() <= 0) {
                break;
            }
            heap[i] = heap[child];
            heap[i].heapIndex = i;
            i = child;
        }
        heap[i] = t;
        t.heapIndex = i;
    }

    private static PublisherTask[] grow(PublisherTask[] a, int used) {
        return used < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }
}
