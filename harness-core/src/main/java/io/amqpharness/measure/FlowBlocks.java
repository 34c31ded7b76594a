package io.amqpharness.measure;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * When publishers could not send because of the broker, in two kinds kept apart: <em>blocked</em>,
 * the broker said it stopped accepting messages (AMQP 0.9.1 {@code connection.blocked} during a
 * memory or disk alarm); and <em>credit waits</em>, an AMQP 1.0 link the broker granted no credit
 * for a while (RabbitMQ 4 withholds credit during an alarm, but a queue that is slow to take
 * messages grants it slowly too, so the client cannot tell which). For each kind: the time during
 * which at least one publisher was held, how many times that began, and for blocks the reasons the
 * broker gave. Publishers report through a {@link Gate} each. Thread-safe; this is rare, so it locks.
 */
public final class FlowBlocks {
    private final NanoClock clock;
    /** Either kind: what {@link #blockedNanos()} and each interval's {@code blocked} time report. */
    private final Span any = new Span();
    private final Span blocked = new Span();
    private final Span credit = new Span();
    private final Set<String> reasons = new LinkedHashSet<>();

    /** @param clock the clock blocked time is measured with */
    public FlowBlocks(NanoClock clock) {
        this.clock = clock;
    }

    /** Time with at least one of its gates held. Guarded by the FlowBlocks. */
    private static final class Span {
        int held;
        long since;
        long lastEnd = Long.MIN_VALUE;
        long accumulated;
        int episodes;

        void hold(long start) {
            if (held++ == 0) {
                since = Math.max(start, lastEnd); // a backdated start never counts time twice
                episodes++;
            } else if (start < since) {
                since = Math.max(start, lastEnd);
            }
        }

        void release(long now) {
            if (--held == 0) {
                accumulated += Math.max(0, now - since);
                lastEnd = now;
            }
        }

        long nanos(long now) {
            return accumulated + (held > 0 ? Math.max(0, now - since) : 0);
        }
    }

    /** A publisher's view: reporting the same state twice counts once. */
    public final class Gate {
        private boolean isBlocked;
        private boolean isWaiting;

        /**
         * The broker stopped ({@code true}) or resumed ({@code false}) accepting this publisher's messages.
         *
         * @param reason what the broker said (for example {@code low on memory}), or {@code null}
         */
        public void set(boolean nowBlocked, String reason) {
            synchronized (FlowBlocks.this) {
                if (nowBlocked && reason != null && !reason.isBlank()) {
                    reasons.add(reason);
                }
                if (nowBlocked == isBlocked) {
                    return;
                }
                isBlocked = nowBlocked;
                change(blocked, nowBlocked, clock.nanoTime());
            }
        }

        /**
         * This publisher's AMQP 1.0 link has had no credit for {@code waited} ({@code true}, reported
         * once the wait is long enough to matter), or has credit again ({@code false}). The wait counts
         * from when it began, {@code waited} ago.
         *
         * @param waited how long the publisher had already waited when it reports; ignored for {@code false}
         */
        public void creditWait(boolean nowWaiting, Duration waited) {
            synchronized (FlowBlocks.this) {
                if (nowWaiting == isWaiting) {
                    return;
                }
                isWaiting = nowWaiting;
                long now = clock.nanoTime();
                change(credit, nowWaiting, nowWaiting ? now - Math.max(0, waited.toNanos()) : now);
            }
        }

        /** Holds from {@code at} (possibly in the past), or releases at {@code at} (now). */
        private void change(Span kind, boolean hold, long at) {
            if (hold) {
                kind.hold(at);
                any.hold(at);
            } else {
                kind.release(at);
                any.release(at);
            }
        }
    }

    /** A gate for one publisher. */
    public Gate gate() {
        return new Gate();
    }

    /**
     * Time so far with at least one publisher blocked or waiting for credit, in nanoseconds,
     * including a block still going on.
     */
    public synchronized long blockedNanos() {
        return any.nanos(clock.nanoTime());
    }

    /** What happened so far. */
    public synchronized Summary summary() {
        long now = clock.nanoTime();
        return new Summary(Duration.ofNanos(blocked.nanos(now)), blocked.episodes, List.copyOf(reasons),
                Duration.ofNanos(credit.nanos(now)), credit.episodes);
    }

    /**
     * Publishers held by the broker over a run.
     *
     * @param time        how long at least one publisher was blocked by a resource alarm (AMQP 0.9.1
     *                    {@code connection.blocked})
     * @param episodes    how many times that began (from no publisher blocked to one)
     * @param reasons     the reasons the broker gave, in the order first seen
     * @param creditWait  how long at least one AMQP 1.0 publisher waited for link credit, counting only
     *                    waits long enough to be reported (see the driver), each from its beginning
     * @param creditWaits how many times that began
     */
    public record Summary(Duration time, int episodes, List<String> reasons, Duration creditWait, int creditWaits) {
        /** Nothing was blocked. */
        public static final Summary NONE = new Summary(Duration.ZERO, 0, List.of(), Duration.ZERO, 0);

        public Summary {
            reasons = List.copyOf(reasons);
        }
    }
}
