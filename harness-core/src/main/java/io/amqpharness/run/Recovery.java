package io.amqpharness.run;

import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.Outages;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.TopologyPlan;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What the links of a recovering run share ({@code --recovery}): the outage record, the backoff
 * between attempts, the redeclaration of the topology the run owns, the time limit of one outage,
 * and a thread pool on which consumers reconnect. Thread-safe.
 */
final class Recovery implements AutoCloseable {
    /** First pause between attempts: 100 ms, doubling up to {@link #MAX_BACKOFF_NANOS}. */
    static final long FIRST_BACKOFF_NANOS = 100_000_000L;
    static final long MAX_BACKOFF_NANOS = 2_000_000_000L;

    private final ProtocolDriver driver;
    private final Optional<TopologyPlan> ownTopology;
    private final RunControl control;
    private final NanoClock clock;
    private final long timeoutNanos;
    private final Outages outages;
    private final ExecutorService consumerReconnects = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "harness-recovery");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param ownTopology what the run declared and must declare again if the broker lost it; empty
     *                    when the topology was there before the run ({@code --predeclared})
     */
    Recovery(ProtocolDriver driver, Optional<TopologyPlan> ownTopology, RunControl control, NanoClock clock,
             Duration timeout, Outages outages) {
        this.driver = driver;
        this.ownTopology = ownTopology;
        this.control = control;
        this.clock = clock;
        this.timeoutNanos = timeout.toNanos();
        this.outages = outages;
    }

    Outages outages() {
        return outages;
    }

    NanoClock clock() {
        return clock;
    }

    RunControl control() {
        return control;
    }

    /** Whether the run still goes on (no failure, no stop): a link that fails now should recover. */
    boolean running() {
        return control.failure() == null;
    }

    /** Whether an outage that began at {@code sinceNanos} has lasted too long. */
    boolean expired(long sinceNanos) {
        return clock.nanoTime() - sinceNanos >= timeoutNanos;
    }

    /** The sentence a run that gives up ends with. */
    String gaveUp(String who, Throwable last) {
        return who + " could not reconnect within " + io.amqpharness.scenario.Durations.format(Duration.ofNanos(timeoutNanos))
                + " (--recovery-timeout): " + (last == null || last.getMessage() == null ? "no answer" : last.getMessage());
    }

    /** Declares the run's own topology again (idempotent: what exists is left as it is). */
    synchronized void redeclare() {
        ownTopology.ifPresent(driver::declare);
    }

    /** Pauses between attempts; returns the next pause. Wakes early when {@code keepGoing} turns false. */
    long pause(long backoffNanos, java.util.function.BooleanSupplier keepGoing) {
        long until = clock.nanoTime() + backoffNanos;
        long left;
        while ((left = until - clock.nanoTime()) > 0 && keepGoing.getAsBoolean()) {
            clock.parkNanos(Math.min(left, 50_000_000L));
        }
        return Math.min(backoffNanos * 2, MAX_BACKOFF_NANOS);
    }

    ProtocolDriver driver() {
        return driver;
    }

    void reconnectLater(Runnable attempt) {
        consumerReconnects.execute(attempt);
    }

    @Override
    public void close() {
        consumerReconnects.shutdownNow();
    }
}
