package io.amqpharness.scenario;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * How a run opens its connections and which connections it adds beyond its publishers' and
 * consumers'. Part of a validated {@link Scenario}.
 *
 * @param nioThreads      AMQP 0.9.1 shared non-blocking I/O threads for all of the run's
 *                        connections; {@code 0} keeps amqp-client's blocking I/O (one reader thread
 *                        per connection); empty means automatic: {@value #AUTO_NIO_THREADS} threads
 *                        when the run plans more than {@value #AUTO_NIO_ABOVE} connections, blocking
 *                        I/O otherwise. AMQP 1.0 ignores it
 * @param openConcurrency connections opened at the same time, at least 1; default
 *                        {@value #DEFAULT_OPEN_CONCURRENCY}
 * @param openRate        connections opened per second at most, over the whole run; empty means no
 *                        limit other than {@code openConcurrency}
 * @param idleConnections extra connections, each with {@code idleChannels} publisher channels or
 *                        links that never send, opened before traffic starts and held until the
 *                        end; default 0
 * @param idleChannels    channels (AMQP 0.9.1) or sessions with a sender link (AMQP 1.0) on each
 *                        idle connection, at least 1; default 1
 * @param churnRate       connection churn: connections opened (each with one publisher channel or
 *                        link) and closed again per second while traffic runs; empty for none
 * @param churnHold       with churn, how long each churned connection stays open; default 0 (closed
 *                        as soon as it is open)
 */
public record ConnectionSettings(
        @FilledFrom(Setting.NIO_THREADS) OptionalInt nioThreads,
        @FilledFrom(Setting.CONNECTION_OPEN_CONCURRENCY) int openConcurrency,
        @FilledFrom(Setting.CONNECTION_OPEN_RATE) OptionalDouble openRate,
        @FilledFrom(Setting.IDLE_CONNECTIONS) int idleConnections,
        @FilledFrom(Setting.IDLE_CHANNELS) int idleChannels,
        @FilledFrom(Setting.CHURN_RATE) OptionalDouble churnRate,
        @FilledFrom(Setting.CHURN_HOLD) Duration churnHold) {
    /** Connections opened at the same time unless {@code --connection-open-concurrency} says otherwise. */
    public static final int DEFAULT_OPEN_CONCURRENCY = 32;
    /** Automatic NIO: shared I/O threads when there are many connections. */
    public static final int AUTO_NIO_THREADS = 2;
    /** Automatic NIO: planned connections above which the shared I/O threads may be used. */
    public static final int AUTO_NIO_ABOVE = 1_000;
    /**
     * Automatic NIO: connections that carry traffic (publishers that send, consumers) up to which
     * blocking I/O is kept as long as they are at least half of all connections. amqp-client's NIO
     * loop walks every connection of its thread for each event, so traffic costs it more the more
     * connections there are: 3,000 publishers at 2 msg/s each took 28.0 CPU-s with 2 NIO threads and
     * 19.1 with blocking I/O, at an end-to-end p50 of 52 ms against 0.42 ms (blocking I/O used 340 MB
     * more memory for its threads, and opened at 406/s against 472/s).
     */
    public static final int AUTO_BLOCKING_BUSY_MAX = 5_000;

    /** The defaults: automatic I/O, 32 opens at a time, no rate limit, no idle connections, no churn. */
    public static final ConnectionSettings DEFAULT = new ConnectionSettings(OptionalInt.empty(),
            DEFAULT_OPEN_CONCURRENCY, OptionalDouble.empty(), 0, 1, OptionalDouble.empty(), Duration.ZERO);

    /**
     * The AMQP 0.9.1 shared I/O threads for a run that plans {@code connections} connections, {@code busy}
     * of them carrying traffic: the number given, or the automatic choice; 0 means blocking I/O. The
     * automatic choice is NIO above {@value #AUTO_NIO_ABOVE} connections, unless at least half of them
     * carry traffic and no more than {@value #AUTO_BLOCKING_BUSY_MAX} do: NIO opens faster and needs no
     * thread per connection, which pays where most connections are idle.
     */
    public int nioThreadsFor(int connections, int busy) {
        if (nioThreads.isPresent()) {
            return nioThreads.getAsInt();
        }
        boolean mostlyBusy = 2L * busy >= connections && busy <= AUTO_BLOCKING_BUSY_MAX;
        return connections > AUTO_NIO_ABOVE && !mostlyBusy ? AUTO_NIO_THREADS : 0;
    }

    /** The connections of {@link #planned} that carry traffic: publishers that send, and consumers. */
    public static int busy(Scenario s) {
        long n = (s.publishing().idle() ? 0L : s.publishing().producers()) + s.consuming().consumers();
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    /**
     * The most connections the scenario opens at once (publishers', consumers', idle and, with churn,
     * those held open at the same time), for sizing shared resources.
     */
    public static int planned(Scenario s) {
        ConnectionSettings c = s.connections();
        long churnHeld = c.churnRate().isPresent()
                ? (long) Math.ceil(c.churnRate().getAsDouble() * Math.max(0.1, c.churnHold().toNanos() / 1e9)) : 0;
        long n = (long) s.publishing().producers() + s.consuming().consumers() + c.idleConnections() + churnHeld;
        return (int) Math.min(Integer.MAX_VALUE, n);
    }
}
