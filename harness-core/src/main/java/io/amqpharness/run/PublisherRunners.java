package io.amqpharness.run;

import io.amqpharness.measure.NanoClock;
import io.amqpharness.spi.PublisherLink;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Which thread runs each publisher. A publisher that never sends (a rate of 0 throughout) has none:
 * it holds its connection and counts as running until publishing stops. Paced publishers share a few
 * {@link PacingThread}s when there are many of them (more than {@link #SHARE_ABOVE_PER_CORE} per
 * core, or as {@code --pacing-threads} says), so that thousands of low-rate publishers cost neither a
 * thread each nor a park and a wake-up per message on a thread of their own. Every other publisher
 * (unpaced, or few) has its own thread.
 *
 * <p>Threading: set up and started by the run's thread; {@link #startLate} and {@link #retire} by the
 * one thread that applies steps.
 */
final class PublisherRunners {
    /** Paced publishers per core above which they share pacing threads (automatic mode). */
    static final int SHARE_ABOVE_PER_CORE = 4;

    private final List<PacingThread> pacing;
    private int nextPacing;
    private final List<Thread> own = new CopyOnWriteArrayList<>();
    /** The link of each publisher with its own thread, to unblock a send at the stop. */
    private final Map<Thread, PublisherLink> ownLinks = new IdentityHashMap<>();
    /** The links served by each pacing thread, to unblock a send at the stop. */
    private final Map<PacingThread, List<PublisherLink>> pacedLinks = new IdentityHashMap<>();
    private final List<PublisherTask> idle = new CopyOnWriteArrayList<>();
    private boolean started;

    /**
     * @param pacingThreads how many threads paced publishers share; empty for a thread per publisher
     * @param spinNanos     {@code --pacing-spin} for the pacing threads, in nanoseconds
     * @param granularityNanos {@code --pacing-granularity} for the pacing threads, in nanoseconds
     */
    PublisherRunners(OptionalInt pacingThreads, RunControl control, NanoClock clock, long spinNanos,
                     long granularityNanos) {
        List<PacingThread> threads = new ArrayList<>();
        for (int i = 0; i < pacingThreads.orElse(0); i++) {
            threads.add(new PacingThread("harness-pacing-" + i, control, clock, spinNanos, granularityNanos));
        }
        this.pacing = List.copyOf(threads);
        pacing.forEach(t -> pacedLinks.put(t, new CopyOnWriteArrayList<>()));
    }

    /**
     * How many pacing threads a run's paced publishers share: {@code requested} when given (0: a thread
     * per publisher), else as many as cores once there are more than {@link #SHARE_ABOVE_PER_CORE}
     * paced publishers per core, else none.
     *
     * @param pacedPublishers the most paced publishers the run will have at once
     */
    static OptionalInt pacingThreadsFor(OptionalInt requested, int pacedPublishers, int cores) {
        if (requested.isPresent()) {
            return requested.getAsInt() > 0
                    ? OptionalInt.of(Math.min(requested.getAsInt(), Math.max(1, pacedPublishers))) : OptionalInt.empty();
        }
        return pacedPublishers > SHARE_ABOVE_PER_CORE * cores ? OptionalInt.of(Math.max(1, cores)) : OptionalInt.empty();
    }

    /** Gives {@code task} its runner; started with the others by {@link #start}, or at once after it. */
    void add(PublisherTask task, PublisherLink link) {
        if (task.idleThroughout()) {
            idle.add(task);
        } else if (task.paced() && !pacing.isEmpty()) {
            PacingThread t = pacing.get(nextPacing++ % pacing.size());
            pacedLinks.get(t).add(link);
            t.add(task);
        } else {
            Thread thread = new Thread(new OwnThreadPublisher(task), "harness-publisher-" + (own.size() + idle.size()));
            thread.setDaemon(true);
            synchronized (ownLinks) {
                ownLinks.put(thread, link);
            }
            own.add(thread);
            if (started) {
                thread.start();
            }
        }
    }

    /** Starts every runner (the publishers wait for the run's start signal). */
    void start() {
        started = true;
        pacing.forEach(t -> t.thread().start());
        own.forEach(t -> {
            if (t.getState() == Thread.State.NEW) {
                t.start();
            }
        });
    }

    /** Stops {@code task} (a step removed it); the run goes on. */
    void retire(PublisherTask task) {
        task.retire();
        if (idle.contains(task)) {
            task.finished();
        }
    }

    /**
     * After publishing stopped: waits for each runner ({@code millis} each), closing the links of
     * those still blocked in a send (a broker alarm, say) and waiting once more; publishers without a
     * thread count as finished.
     */
    void stop(List<PublisherTask> all, long millis) {
        all.forEach(PublisherTask::wake);
        idle.forEach(PublisherTask::finished);
        for (Thread t : own) {
            joinOrUnblock(t, millis, l -> l.accept(ownLink(t)));
        }
        for (PacingThread p : pacing) {
            joinOrUnblock(p.thread(), millis, l -> pacedLinks.get(p).forEach(l));
        }
    }

    private PublisherLink ownLink(Thread t) {
        synchronized (ownLinks) {
            return ownLinks.get(t);
        }
    }

    private static void joinOrUnblock(Thread t, long millis, Consumer<Consumer<PublisherLink>> links) {
        join(t, millis);
        if (t.isAlive()) {
            links.accept(PublisherRunners::closeQuietly);
            join(t, millis);
        }
    }

    /** Waits up to {@code millis} for each runner, after the links were closed. */
    void awaitGone(long millis) {
        own.forEach(t -> join(t, millis));
        pacing.forEach(p -> join(p.thread(), millis));
    }

    /** The threads publishers run on (their own and the shared pacing threads), for tests. */
    List<Thread> threads() {
        List<Thread> all = new ArrayList<>(own);
        pacing.forEach(p -> all.add(p.thread()));
        return all;
    }

    private static void closeQuietly(PublisherLink l) {
        try {
            l.close();
        } catch (RuntimeException e) {
            // unblocking a stuck send at the stop: nothing more to report
        }
    }

    private static void join(Thread t, long millis) {
        try {
            if (t.getState() != Thread.State.NEW) {
                t.join(millis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
