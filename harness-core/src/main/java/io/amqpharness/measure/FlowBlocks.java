package io.amqpharness.measure;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * When the broker stopped accepting messages: the time during which at least one publisher was
 * blocked (0.9.1 {@code connection.blocked} during a memory or disk alarm; an AMQP 1.0 link whose
 * credit the broker withheld), how many times that began, and the reasons the broker gave.
 * Publishers report through a {@link Gate} each. Thread-safe; blocking is rare, so it locks.
 */
public final class FlowBlocks {
    private final NanoClock clock;
    private int blockedGates;
    private long since;
    private long accumulatedNanos;
    private int episodes;
    private final Set<String> reasons = new LinkedHashSet<>();

    /** @param clock the clock blocked time is measured with */
    public FlowBlocks(NanoClock clock) {
        this.clock = clock;
    }

    /** A publisher's view: reporting the same state twice counts once. */
    public final class Gate {
        private boolean blocked;

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
                if (nowBlocked == blocked) {
                    return;
                }
                blocked = nowBlocked;
                long now = clock.nanoTime();
                if (nowBlocked) {
                    if (blockedGates++ == 0) {
                        since = now;
                        episodes++;
                    }
                } else if (--blockedGates == 0) {
                    accumulatedNanos += now - since;
                }
            }
        }
    }

    /** A gate for one publisher. */
    public Gate gate() {
        return new Gate();
    }

    /** Time so far with at least one publisher blocked, in nanoseconds, including a block still going on. */
    public synchronized long blockedNanos() {
        return accumulatedNanos + (blockedGates > 0 ? clock.nanoTime() - since : 0);
    }

    /** What happened so far. */
    public synchronized Summary summary() {
        return new Summary(Duration.ofNanos(blockedNanos()), episodes, List.copyOf(reasons));
    }

    /**
     * Publishers blocked by the broker over a run.
     *
     * @param time     how long at least one publisher was blocked
     * @param episodes how many times that began (from no publisher blocked to one)
     * @param reasons  the reasons the broker gave, in the order first seen
     */
    public record Summary(Duration time, int episodes, List<String> reasons) {
        /** Nothing was blocked. */
        public static final Summary NONE = new Summary(Duration.ZERO, 0, List.of());

        public Summary {
            reasons = List.copyOf(reasons);
        }
    }
}
