package io.amqpharness.fault;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.NanoClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * Watches the run's counters around its faults: every {@link #TICK_NANOS} it reads how many messages were
 * sent, confirmed, delivered and put in doubt so far, on a thread of its own, from a few seconds before
 * the first fault. The publishers and consumers do nothing more than count as they always do: no time
 * is taken per message. The figures of a {@link FaultOutcome} come from these samples, at this resolution.
 * One thread samples ({@link #start}, {@link #stop}); the figures are read after {@link #stop}.
 */
final class FaultWatch {
    /** 10 ms between samples. */
    static final long TICK_NANOS = 10_000_000L;
    /** Samples are kept from this long before the first fault: the sends and confirms just before it. */
    static final long LEAD_NANOS = 5_000_000_000L;

    private final Counters counters;
    private final NanoClock clock;
    private final long keepFrom;
    private volatile boolean running = true;
    private Thread thread;
    private int size;
    private long[] times = new long[1024];
    private long[] sent = new long[1024];
    private long[] confirmed = new long[1024];
    private long[] delivered = new long[1024];
    private long[] inDoubt = new long[1024];

    /**
     * @param keepFrom when to begin keeping samples, on {@code clock}
     */
    FaultWatch(Counters counters, NanoClock clock, long keepFrom) {
        this.counters = counters;
        this.clock = clock;
        this.keepFrom = keepFrom;
    }

    void start() {
        thread = new Thread(this::loop, "harness-fault-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (running) {
            long now = clock.nanoTime();
            if (now - keepFrom >= 0) {
                sample(now);
            }
            clock.parkNanos(TICK_NANOS);
        }
    }

    /** Takes one sample now (the watch's thread, and tests). */
    void sample(long now) {
        if (size == times.length) {
            int n = size * 2;
            times = Arrays.copyOf(times, n);
            sent = Arrays.copyOf(sent, n);
            confirmed = Arrays.copyOf(confirmed, n);
            delivered = Arrays.copyOf(delivered, n);
            inDoubt = Arrays.copyOf(inDoubt, n);
        }
        times[size] = now;
        sent[size] = counters.published.sum();
        confirmed[size] = counters.confirmed.sum();
        delivered[size] = counters.consumed.sum();
        inDoubt[size] = counters.inDoubt.sum();
        size++;
    }

    /** Stops sampling (one last sample after the thread ended); waits for the thread. Idempotent. */
    void stop() {
        if (!running) {
            return;
        }
        running = false;
        if (thread != null) {
            try {
                thread.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sample(clock.nanoTime());
    }

    /** The longest time without a send reaching into {@code [from, to)}, clipped at {@code to}. */
    Duration sendGap(long from, long to) {
        return gap(sent, from, to);
    }

    /** The longest time without a confirm reaching into {@code [from, to)}, clipped at {@code to}. */
    Duration confirmGap(long from, long to) {
        return gap(confirmed, from, to);
    }

    /** From {@code made} to the first confirm counted after it, if one came before {@code until}. */
    Optional<Duration> firstConfirm(long made, long until) {
        return first(confirmed, made, until);
    }

    /** From {@code made} to the first delivery counted after it, if one came before {@code until}. */
    Optional<Duration> firstDelivery(long made, long until) {
        return first(delivered, made, until);
    }

    /** Messages put in doubt from {@code from} to {@code to}. */
    long inDoubt(long from, long to) {
        return inDoubt[at(to)] - inDoubt[at(from)];
    }

    /** The index of the last sample at or before {@code time} (the first sample if none is). */
    private int at(long time) {
        int i = 0;
        while (i + 1 < size && times[i + 1] - time <= 0) {
            i++;
        }
        return i;
    }

    private Optional<Duration> first(long[] count, long made, long until) {
        if (size == 0) {
            return Optional.empty();
        }
        int j = at(made);
        long base = count[j];
        for (int i = j + 1; i < size && times[i] - until <= 0; i++) {
            if (count[i] > base) {
                return Optional.of(Duration.ofNanos(Math.max(0, times[i] - made)));
            }
        }
        return Optional.empty();
    }

    private Duration gap(long[] count, long from, long to) {
        if (size == 0) {
            return Duration.ZERO;
        }
        long longest = 0;
        long lastChange = times[0];
        for (int i = 1; i < size && times[i - 1] - to < 0; i++) {
            if (count[i] > count[i - 1]) {
                long changedAt = Math.min(times[i], to);
                if (changedAt - from > 0) {
                    longest = Math.max(longest, changedAt - lastChange);
                }
                lastChange = times[i];
            }
        }
        long end = Math.min(to, times[size - 1]);
        if (end - from > 0 && end - lastChange > 0) {
            longest = Math.max(longest, end - lastChange);
        }
        return Duration.ofNanos(longest);
    }
}
