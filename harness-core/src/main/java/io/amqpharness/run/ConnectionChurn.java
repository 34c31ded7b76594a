package io.amqpharness.run;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.scenario.ConnectionSettings;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;

/**
 * Connection churn ({@code --churn-rate}): opens connections, each with one publisher channel or
 * link that never sends, at even intervals while traffic runs, and closes each after
 * {@code --churn-hold}. Opens run on up to {@code --connection-open-concurrency} threads that
 * share one schedule; closes on one more thread. Every open's latency, from when it was due on the
 * schedule (no coordinated omission), goes to the churn-open recorder; failures are counted with
 * the first reason. Started and stopped by the runner's thread.
 */
final class ConnectionChurn {
    private static final long BEHIND_NANOS = 1_000_000_000L;

    private final ProtocolDriver driver;
    private final LongFunction<PublisherSpec> specs;
    private final LatencyRecorder openLatency;
    private final long intervalNanos;
    private final long holdNanos;
    private final int threads;
    private final AtomicLong nextIndex = new AtomicLong();
    private final LongAdder opened = new LongAdder();
    private final LongAdder closed = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder behind = new LongAdder();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    private final DelayQueue<Held> held = new DelayQueue<>();
    private final ConcurrentLinkedQueue<PublisherLink> open = new ConcurrentLinkedQueue<>();
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean stopping;
    private long startNanos;
    private long stopNanos;

    /**
     * @param specs the publisher to open on churned connection {@code n}, a publisher that never sends
     *              on a connection of its own
     */
    ConnectionChurn(ProtocolDriver driver, LongFunction<PublisherSpec> specs, ConnectionSettings settings,
                    LatencyRecorder openLatency) {
        this.driver = driver;
        this.specs = specs;
        this.openLatency = openLatency;
        double rate = settings.churnRate().orElseThrow();
        this.intervalNanos = Math.max(1, (long) (1e9 / rate));
        this.holdNanos = settings.churnHold().toNanos();
        // Enough threads for the rate at a few ms per open, never more than the open bound.
        this.threads = (int) Math.max(1, Math.min(settings.openConcurrency(), Math.ceil(rate / 100.0)));
    }

    void start() {
        startNanos = System.nanoTime();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::openLoop, "harness-churn-" + i);
            t.setDaemon(true);
            workers.add(t);
        }
        Thread closer = new Thread(this::closeLoop, "harness-churn-close");
        closer.setDaemon(true);
        workers.add(closer);
        workers.forEach(Thread::start);
    }

    private void openLoop() {
        while (!stopping) {
            long n = nextIndex.getAndIncrement();
            long due = startNanos + n * intervalNanos;
            long wait;
            while (!stopping && (wait = due - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            if (stopping) {
                return;
            }
            long begin = System.nanoTime();
            if (begin - due > BEHIND_NANOS) {
                behind.increment();
            }
            try {
                PublisherLink link = driver.openPublisher(specs.apply(n), NO_OUTCOMES);
                // From when the open was due, like every other latency: an open that waited for a
                // thread (the previous opens were slow) waited as a client would have.
                openLatency.recordNanos(System.nanoTime() - due);
                opened.increment();
                open.add(link);
                held.add(new Held(link, System.nanoTime() + holdNanos));
            } catch (RuntimeException e) {
                failed.increment();
                firstFailure.compareAndSet(null, e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }
    }

    private void closeLoop() {
        while (!stopping) {
            try {
                Held h = held.poll(100, TimeUnit.MILLISECONDS);
                if (h != null && open.remove(h.link)) {
                    close(h.link);
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void close(PublisherLink link) {
        try {
            link.close();
        } catch (RuntimeException e) {
            // a close that fails still ends the connection; churn counts opens, not closes' errors
        }
        closed.increment();
    }

    /** Stops opening, closes what is still open and returns the counts. */
    ConnectionStats.Churn stop() {
        stopping = true;
        stopNanos = System.nanoTime();
        for (Thread t : workers) {
            LockSupport.unpark(t);
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        PublisherLink link;
        while ((link = open.poll()) != null) {
            close(link);
        }
        return new ConnectionStats.Churn(opened.sum(), closed.sum(), failed.sum(),
                Optional.ofNullable(firstFailure.get()), Duration.ofNanos(stopNanos - startNanos), behind.sum());
    }

    private record Held(PublisherLink link, long dueNanos) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(dueNanos, ((Held) o).dueNanos);
        }
    }

    /** Churned links never send: nothing to settle. */
    static final PublishOutcomeListener NO_OUTCOMES = new PublishOutcomeListener() {
        @Override
        public void settled(long seq, boolean multiple, PublishOutcome outcome) {
        }

        @Override
        public void returned(byte[] body, int offset, int length) {
        }

        @Override
        public void failed(Throwable cause) {
        }
    };
}
