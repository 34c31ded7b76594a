package io.amqpharness.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/** Shared state of a run: start signal, stop flags, first failure. Thread-safe. */
final class RunControl {
    private final CountDownLatch start = new CountDownLatch(1);
    private final AtomicInteger publishersRunning;
    private final AtomicInteger consumersToFinish;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final Thread runner;
    /** Messages a paced schedule had due before publishing stopped that were never sent. */
    private final LongAdder unsentAtStop = new LongAdder();
    private volatile boolean publishing = true;
    private volatile boolean stopRequested;
    /** The stop was the run's own end (a search that is over), not an interruption. */
    private volatile boolean stopAtEnd;
    private volatile long startNanos;
    private volatile long publishUntilNanos;
    private volatile boolean timeLimited;

    RunControl(int publishers, int consumersWithGoal, Thread runner) {
        this.publishersRunning = new AtomicInteger(publishers);
        this.consumersToFinish = new AtomicInteger(consumersWithGoal);
        this.runner = runner;
    }

    /**
     * Releases the publishers.
     *
     * @param nanos      the common start time
     * @param timeLimit  publishing length in nanoseconds, or 0 when the run has no time limit
     */
    void start(long nanos, long timeLimit) {
        startNanos = nanos;
        timeLimited = timeLimit > 0;
        publishUntilNanos = nanos + timeLimit;
        start.countDown();
    }

    /** True if a message intended for {@code intendedNanos} falls after the time limit. */
    boolean pastTimeLimit(long intendedNanos) {
        return timeLimited && intendedNanos - publishUntilNanos >= 0;
    }

    /** The common start time of every publisher, after {@link #awaitStart()} returns. */
    long startNanos() {
        return startNanos;
    }

    void awaitStart() throws InterruptedException {
        start.await();
    }

    /** True while publishers should keep publishing. */
    boolean publishing() {
        return publishing;
    }

    void stopPublishing() {
        publishing = false;
    }

    void requestStop() {
        stopRequested = true;
        LockSupport.unpark(runner);
    }

    boolean stopRequested() {
        return stopRequested;
    }

    /** Stops the run because it is over by its own measure (a {@code find-max} search that has its answer). */
    void stopAtEnd() {
        stopAtEnd = true;
        requestStop();
    }

    /** True if the run was stopped before its end (Ctrl-C, a stop from the library) and did not fail. */
    boolean interrupted() {
        return stopRequested && !stopAtEnd && failure.get() == null;
    }

    /** A publisher joined the run (a step added it). */
    void publisherAdded() {
        publishersRunning.incrementAndGet();
    }

    void publisherFinished() {
        publishersRunning.decrementAndGet();
        LockSupport.unpark(runner);
    }

    boolean allPublishersFinished() {
        return publishersRunning.get() <= 0;
    }

    void consumerReachedGoal() {
        consumersToFinish.decrementAndGet();
        LockSupport.unpark(runner);
    }

    boolean allConsumersReachedGoal() {
        return consumersToFinish.get() <= 0;
    }

    /** Records the first failure (one sentence) and asks the run to stop. */
    void fail(String sentence) {
        failure.compareAndSet(null, sentence);
        requestStop();
    }

    String failure() {
        return failure.get();
    }

    /** A publisher stopped owing {@code messages} its schedule had due (coordinated omission at the end). */
    void unsentAtStop(long messages) {
        unsentAtStop.add(messages);
    }

    /** Messages due but never sent, over all publishers, once they have finished. */
    long unsentAtStop() {
        return unsentAtStop.sum();
    }
}
