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
    /** When the run's last interval was sampled ({@link #endAt}): the outages are told as of then. */
    private OptionalLong endedAt = OptionalLong.empty();

    /** One outage: from {@code start} to {@code end} (while {@code open}, up to now), in nanoseconds. */
    private static final class Span {
        final long start;
        long end;
        boolean open = true;

        Span(long start) {
            this.start = start;
        }
    }

    private static final class State {
        int disconnects;
        final List<Span> spans = new ArrayList<>();
        /** Reopened ({@link #reopened}) but not yet shown to work: a failure now resumes the same outage. */
        boolean tentative;

        boolean isDown() {
            return !spans.isEmpty() && spans.get(spans.size() - 1).open;
        }
    }

    /** @param clock the clock outages are timed with */
    public Outages(NanoClock clock) {
        this.clock = clock;
    }

    /**
     * The broker dropped {@code connection}; a second report of the same outage is ignored, and so is
     * a failure of a link {@link #reopened} but not yet {@link #working}: its outage goes on.
     */
    public synchronized void disconnected(String connection, String reason) {
        if (endedAt.isPresent()) {
            return;
        }
        State s = connections.computeIfAbsent(connection, k -> new State());
        if (reason != null && !reason.isBlank()) {
            reasons.add(reason);
        }
        if (s.isDown()) {
            return;
        }
        if (s.tentative) {
            s.tentative = false;
            s.spans.get(s.spans.size() - 1).open = true; // the reopened link never worked: the same outage
            return;
        }
        s.spans.add(new Span(clock.nanoTime()));
        s.disconnects++;
    }

    /** {@code connection} is open again and working; ignored if it was not down. */
    public synchronized void reconnected(String connection) {
        end(connection, false);
    }

    /**
     * {@code connection} is open again, but whether it works is only known at its first successful
     * use ({@link #working}): until then the outage counts as ended now, and if the connection fails
     * again first, as going on since it began (one outage, not one per attempt). Ignored if it was not down.
     */
    public synchronized void reopened(String connection) {
        end(connection, true);
    }

    /** {@code connection}, {@link #reopened}, did what it is for (a send went through): its outage is over. */
    public synchronized void working(String connection) {
        State s = connections.get(connection);
        if (s != null && !s.isDown()) {
            s.tentative = false;
        }
    }

    private void end(String connection, boolean tentative) {
        if (endedAt.isPresent()) {
            return;
        }
        State s = connections.get(connection);
        if (s == null || !s.isDown()) {
            return;
        }
        Span last = s.spans.get(s.spans.size() - 1);
        last.end = clock.nanoTime();
        last.open = false;
        s.tentative = tentative;
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

    private static long end(Span span, long now) {
        return span.open ? now : span.end;
    }

    /** Time so far (up to {@link #endAt}) with at least one connection down, in nanoseconds. */
    public synchronized long anyDownNanos() {
        long now = now();
        List<Span> all = new ArrayList<>();
        connections.values().forEach(s -> all.addAll(s.spans));
        all.sort((a, b) -> Long.compare(a.start, b.start));
        long total = 0;
        long from = 0;
        long to = 0;
        boolean any = false;
        for (Span span : all) {
            long e = end(span, now);
            if (any && span.start - to <= 0) {
                to = Math.max(to, e);
            } else {
                total += any ? to - from : 0;
                from = span.start;
                to = e;
                any = true;
            }
        }
        return total + (any ? to - from : 0);
    }

    /** What happened so far (up to {@link #endAt}); connections still down count their downtime up to then. */
    public synchronized Summary summary() {
        long now = now();
        List<Connection> list = new ArrayList<>();
        int disconnects = 0;
        for (Map.Entry<String, State> e : connections.entrySet()) {
            State s = e.getValue();
            long down = 0;
            long longest = 0;
            for (Span span : s.spans) {
                long length = end(span, now) - span.start;
                down += length;
                longest = Math.max(longest, length);
            }
            list.add(new Connection(e.getKey(), s.disconnects, Duration.ofNanos(down), Duration.ofNanos(longest),
                    s.isDown()));
            disconnects += s.disconnects;
        }
        return new Summary(disconnects, Duration.ofNanos(anyDownNanos()), list, List.copyOf(reasons));
    }

    /**
     * The connections whose outage began from {@code fromNanos} (inclusive) to {@code toNanos} (exclusive), on
     * this clock, each with the longest such outage (one still going on counts up to now, or {@link #endAt}).
     */
    public synchronized Map<String, Duration> droppedBetween(long fromNanos, long toNanos) {
        long now = now();
        Map<String, Duration> dropped = new LinkedHashMap<>();
        for (Map.Entry<String, State> e : connections.entrySet()) {
            for (Span span : e.getValue().spans) {
                if (span.start - fromNanos >= 0 && span.start - toNanos < 0) {
                    Duration length = Duration.ofNanos(end(span, now) - span.start);
                    dropped.merge(e.getKey(), length, (a, b) -> a.compareTo(b) >= 0 ? a : b);
                }
            }
        }
        return dropped;
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
