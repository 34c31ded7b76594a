package io.amqpharness.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Connections the broker dropped during a run and how long each took to come back: per connection
 * the disconnects, the downtime and the longest single outage, plus the reasons given. Links on
 * one connection report its outage once (the first to notice opens it, the first to reconnect
 * closes it). Thread-safe; outages are rare, so it locks.
 */
public final class Outages {
    private final NanoClock clock;
    private final Map<String, State> connections = new LinkedHashMap<>();
    private final Set<String> reasons = new LinkedHashSet<>();
    private int down;
    private long anyDownSince;
    private long anyDownNanos;
    /** When the run's last interval was sampled ({@link #endAt}): the outages are told as of then. */
    private OptionalLong endedAt = OptionalLong.empty();

    private static final class State {
        int disconnects;
        long downSince;
        boolean isDown;
        long downNanos;
        long longestNanos;
    }

    /** @param clock the clock outages are timed with */
    public Outages(NanoClock clock) {
        this.clock = clock;
    }

    /** The broker dropped {@code connection}; a second report of the same outage is ignored. */
    public synchronized void disconnected(String connection, String reason) {
        if (endedAt.isPresent()) {
            return;
        }
        State s = connections.computeIfAbsent(connection, k -> new State());
        if (reason != null && !reason.isBlank()) {
            reasons.add(reason);
        }
        if (s.isDown) {
            return;
        }
        long now = clock.nanoTime();
        s.isDown = true;
        s.downSince = now;
        s.disconnects++;
        if (down++ == 0) {
            anyDownSince = now;
        }
    }

    /** {@code connection} is open again; ignored if it was not down. */
    public synchronized void reconnected(String connection) {
        if (endedAt.isPresent()) {
            return;
        }
        State s = connections.get(connection);
        if (s == null || !s.isDown) {
            return;
        }
        long now = clock.nanoTime();
        long outage = now - s.downSince;
        s.isDown = false;
        s.downNanos += outage;
        s.longestNanos = Math.max(s.longestNanos, outage);
        if (--down == 0) {
            anyDownNanos += now - anyDownSince;
        }
    }

    /**
     * Ends the outages' time at {@code nanos} (on their clock), when the run samples its last interval:
     * later calls report as of then and later events are ignored, so the run's downtime is the sum of its
     * intervals' (a connection that comes back after the last interval was still down at the run's end).
     */
    public synchronized void endAt(long nanos) {
        if (endedAt.isEmpty()) {
            endedAt = OptionalLong.of(nanos);
        }
    }

    private long now() {
        return endedAt.isPresent() ? endedAt.getAsLong() : clock.nanoTime();
    }

    /** Time so far (up to {@link #endAt}) with at least one connection down, in nanoseconds. */
    public synchronized long anyDownNanos() {
        return anyDownNanos + (down > 0 ? now() - anyDownSince : 0);
    }

    /** What happened so far (up to {@link #endAt}); connections still down count their downtime up to then. */
    public synchronized Summary summary() {
        long now = now();
        List<Connection> list = new ArrayList<>();
        int disconnects = 0;
        for (Map.Entry<String, State> e : connections.entrySet()) {
            State s = e.getValue();
            long current = s.isDown ? now - s.downSince : 0;
            list.add(new Connection(e.getKey(), s.disconnects, Duration.ofNanos(s.downNanos + current),
                    Duration.ofNanos(Math.max(s.longestNanos, current)), s.isDown));
            disconnects += s.disconnects;
        }
        return new Summary(disconnects, Duration.ofNanos(anyDownNanos()), list, List.copyOf(reasons));
    }

    /**
     * One connection's outages.
     *
     * @param name        the connection's name ({@code harness-<run>-p0}, {@code ...-c1})
     * @param disconnects how many times the broker dropped it
     * @param downtime    how long it was down in all
     * @param longest     its longest outage: the time it took to recover from the worst one
     * @param stillDown   it had not come back when the run ended
     */
    public record Connection(String name, int disconnects, Duration downtime, Duration longest, boolean stillDown) {
    }

    /**
     * The run's outages.
     *
     * @param disconnects  dropped connections, over all connections
     * @param downtime     time with at least one connection down
     * @param connections  per connection that was dropped at least once
     * @param reasons      what the broker or the client said, first seen first
     */
    public record Summary(int disconnects, Duration downtime, List<Connection> connections, List<String> reasons) {
        /** No connection was dropped. */
        public static final Summary NONE = new Summary(0, Duration.ZERO, List.of(), List.of());

        public Summary {
            connections = List.copyOf(connections);
            reasons = List.copyOf(reasons);
        }
    }
}
