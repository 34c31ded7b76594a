package io.amqpharness.scenario;

/**
 * What the timestamp in each message means. Producers and consumers in one process use the
 * monotonic clock; across processes or hosts use a wall clock (and synchronise the hosts' clocks:
 * the error of the synchronisation adds to every latency, and negative latencies are counted as
 * clock skew).
 */
public enum ClockMode {
    /** {@code System.nanoTime()}: exact, but only comparable within one JVM (default). */
    MONOTONIC,
    /** Epoch nanoseconds, as omq writes them. */
    WALL,
    /** Epoch milliseconds, as PerfTest writes them with {@code --use-millis}. */
    WALL_MILLIS;

    /** True if timestamps are comparable across processes. */
    public boolean wall() {
        return this != MONOTONIC;
    }
}
