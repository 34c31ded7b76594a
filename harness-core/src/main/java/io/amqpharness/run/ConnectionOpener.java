package io.amqpharness.run;

import io.amqpharness.HarnessException;
import io.amqpharness.spi.BrokerUnreachableException;
import io.amqpharness.spi.DriverException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Opens many connections at once: up to {@code concurrency} at the same time, at most
 * {@code ratePerSecond} starts per second, each one's channels or links one after the other on
 * it. A connection the broker did not accept ({@link BrokerUnreachableException}: refused, timed
 * out, over a connection limit) is tried {@value #ATTEMPTS} times in all; a refused channel or link
 * (a missing exchange, say) is not tried again. When some still fail, every connection this opener
 * opened is closed again and one exception says how many failed, of how many, and the first reason
 * (a single connection's failure is thrown as it is). While it works it reports progress once a second for large counts.
 * Used by one thread at a time.
 */
final class ConnectionOpener {
    /** Tries per connection, the first included. */
    static final int ATTEMPTS = 3;
    /** Counts from which a progress line is written once a second. */
    static final int PROGRESS_FROM = 200;
    private static final long RETRY_BACKOFF_NANOS = 200_000_000L;

    /** One connection's work: opens it and its links, and returns them. */
    @FunctionalInterface
    interface Task<T> {
        T open();
    }

    private final int concurrency;
    private final OpenPacer pacer;
    private final Consumer<String> progress;

    /**
     * @param concurrency   connections opened at the same time, at least 1
     * @param ratePerSecond starts per second at most; empty for no limit
     * @param progress      receives a progress sentence about once a second for {@value #PROGRESS_FROM}
     *                      or more connections
     */
    ConnectionOpener(int concurrency, OptionalDouble ratePerSecond, Consumer<String> progress) {
        this.concurrency = Math.max(1, concurrency);
        this.pacer = new OpenPacer(ratePerSecond);
        this.progress = progress;
    }

    /** What opening took: connections, time, retries. */
    record Outcome(int connections, Duration took, int retries) {
        static final Outcome NONE = new Outcome(0, Duration.ZERO, 0);

        Outcome plus(Outcome o) {
            return new Outcome(connections + o.connections, took.plus(o.took), retries + o.retries);
        }

        /** Connections per second, 0 when none. */
        double perSecond() {
            return took.isZero() ? 0 : connections / (took.toNanos() / 1e9);
        }
    }

    /**
     * Runs every task; returns their results in the tasks' order once all succeeded.
     *
     * @param what   the kind of connection, for progress and failure sentences ("publisher connections")
     * @param closer closes one task's result (after another task failed)
     * @throws HarnessException when some failed after their retries; all opened ones are closed by then
     */
    <T> Opened<T> openAll(String what, List<Task<T>> tasks, Consumer<T> closer) {
        int total = tasks.size();
        if (total == 0) {
            return new Opened<>(List.of(), Outcome.NONE);
        }
        long start = System.nanoTime();
        AtomicInteger done = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger retries = new AtomicInteger();
        AtomicReference<RuntimeException> first = new AtomicReference<>();
        @SuppressWarnings("unchecked")
        T[] results = (T[]) new Object[total];
        int threads = Math.min(concurrency, total);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "harness-open");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>(total);
            for (int i = 0; i < total; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    for (int attempt = 1; ; attempt++) {
                        pacer.awaitSlot();
                        try {
                            results[index] = tasks.get(index).open();
                            done.incrementAndGet();
                            return;
                        } catch (RuntimeException e) {
                            if (attempt >= ATTEMPTS || !(e instanceof BrokerUnreachableException)) {
                                failed.incrementAndGet();
                                first.compareAndSet(null, e);
                                return;
                            }
                            retries.incrementAndGet();
                            sleep(RETRY_BACKOFF_NANOS * attempt);
                        }
                    }
                }));
            }
            awaitAll(what, total, futures, done, failed, start);
        } finally {
            pool.shutdownNow();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        if (failed.get() > 0) {
            for (T t : results) {
                if (t != null) {
                    try {
                        closer.accept(t);
                    } catch (RuntimeException ignored) {
                        // closing after a failure: the failure is what gets reported
                    }
                }
            }
            RuntimeException e = first.get();
            if (total == 1) {
                throw e;
            }
            String reason = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new DriverException(String.format(Locale.ROOT, "%,d of %,d %s failed to open%s: %s",
                    failed.get(), total, what,
                    e instanceof BrokerUnreachableException ? " (each tried " + ATTEMPTS + " times)" : "",
                    reason.endsWith(".") ? reason : reason + "."), e);
        }
        if (total >= PROGRESS_FROM) {
            progress.accept(progressLine(what, total, total, took.toNanos()));
        }
        return new Opened<>(List.of(results), new Outcome(total, took, retries.get()));
    }

    /** The tasks' results, in order, and what opening them took. */
    record Opened<T>(List<T> results, Outcome outcome) {
    }

    /**
     * One task per connection: links {@code k * perConnection} up to {@code total} opened one after
     * the other; if one fails, those before it on that connection are closed again.
     */
    static <T> List<Task<List<T>>> perConnection(int total, int perConnection, java.util.function.IntFunction<T> open,
                                                 Consumer<T> close) {
        List<Task<List<T>>> tasks = new ArrayList<>();
        for (int from = 0; from < total; from += perConnection) {
            int first = from;
            int end = Math.min(total, from + perConnection);
            tasks.add(() -> {
                List<T> links = new ArrayList<>(end - first);
                try {
                    for (int i = first; i < end; i++) {
                        links.add(open.apply(i));
                    }
                    return links;
                } catch (RuntimeException e) {
                    for (T t : links) {
                        try {
                            close.accept(t);
                        } catch (RuntimeException ignored) {
                            // the open failure is what gets reported
                        }
                    }
                    throw e;
                }
            });
        }
        return tasks;
    }

    private void awaitAll(String what, int total, List<Future<?>> futures, AtomicInteger done, AtomicInteger failed,
                          long start) {
        long nextProgress = start + 1_000_000_000L;
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get(Math.max(1, nextProgress - System.nanoTime()), TimeUnit.NANOSECONDS);
                    break;
                } catch (java.util.concurrent.TimeoutException e) {
                    if (total >= PROGRESS_FROM) {
                        progress.accept(progressLine(what, done.get() + failed.get(), total, System.nanoTime() - start));
                    }
                    nextProgress = System.nanoTime() + 1_000_000_000L;
                } catch (java.util.concurrent.ExecutionException e) {
                    break; // tasks catch their own failures
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new HarnessException("Interrupted while opening " + what + ".");
                }
            }
        }
    }

    /**
     * Closes every item, up to {@code concurrency} at a time (closing waits for the broker's answer:
     * thousands one after the other take seconds). Failures are ignored.
     */
    void closeAll(java.util.Collection<? extends AutoCloseable> items) {
        if (items.size() <= 1) {
            items.forEach(ConnectionOpener::closeQuietly);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(concurrency, items.size()), r -> {
            Thread t = new Thread(r, "harness-close");
            t.setDaemon(true);
            return t;
        });
        try {
            for (AutoCloseable c : items) {
                pool.execute(() -> closeQuietly(c));
            }
            pool.shutdown();
            pool.awaitTermination(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pool.shutdownNow();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing at the end: nothing more to report
        }
    }

    /** "opening publisher connections 4,200/10,000 (812/s)". */
    static String progressLine(String what, int done, int total, long elapsedNanos) {
        double rate = elapsedNanos <= 0 ? 0 : done / (elapsedNanos / 1e9);
        return String.format(Locale.ROOT, "opening %s %,d/%,d (%,.0f/s)", what, done, total, rate);
    }

    private static void sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
