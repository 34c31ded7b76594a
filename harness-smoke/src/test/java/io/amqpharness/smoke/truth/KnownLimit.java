package io.amqpharness.smoke.truth;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A disagreement the campaign expects because an audit finding is not fixed yet: the cells it
 * applies to and the checks it breaks. Listed in docs/oracle.md too; delete an entry once its
 * fix is merged (the campaign then fails, on purpose, until it is deleted).
 *
 * @param finding the audit's id, for example {@code F1 (audit 2026-11-28)}
 * @param why     one sentence on what the harness gets wrong
 * @param applies the cells it shows in
 * @param checks  the oracle's checks it breaks
 * @param pinned  a cell that always shows it, run first by every campaign
 */
record KnownLimit(String finding, String why, Predicate<Cell> applies, Set<String> checks, Cell pinned) {

    /** The known limits of today's code: none (F1 and F3 were fixed; their cells are {@link #FIXED}). */
    static final List<KnownLimit> ALL = List.of();

    /**
     * Cells that showed a finding before its fix, run first by every campaign: each must now agree
     * with the broker, so the finding cannot come back unnoticed.
     */
    static final java.util.Map<String, Cell> FIXED = java.util.Map.of(
            "F1 (audit 2026-11-28): refusals before a queue's first consumer counted as lost",
            new Cell("amqp091", io.amqpharness.scenario.QueueType.CLASSIC, 1, 2_000,
                    java.util.OptionalInt.of(200), new int[] {0, 1}, java.util.OptionalInt.of(1_000),
                    false, java.util.OptionalInt.empty(), "each", 4),
            "F3 (audit 2026-11-28): a stream run did not count confirmed messages its consumers never got",
            new Cell("stream", io.amqpharness.scenario.QueueType.STREAM, 1, 1_000,
                    java.util.OptionalInt.of(100), new int[] {1}, java.util.OptionalInt.empty(), true,
                    java.util.OptionalInt.of(200), "each", 3));

    boolean explains(Cell cell, String check) {
        return applies.test(cell) && checks.contains(check);
    }
}
