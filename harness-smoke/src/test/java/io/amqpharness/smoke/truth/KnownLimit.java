package io.amqpharness.smoke.truth;

import io.amqpharness.scenario.QueueType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A disagreement the campaign expects because a finding is not fixed yet: the cells it applies to
 * and the checks it breaks. Listed in docs/output.md too; delete an entry once its fix is merged
 * (the campaign then fails, on purpose, until it is deleted).
 *
 * @param finding the finding's id, for example {@code F1 (audit 2026-11-28)}
 * @param why     one sentence on what the harness gets wrong
 * @param applies the cells it shows in
 * @param checks  the oracle's checks it breaks
 * @param pinned  a cell that always shows it, run first by every campaign
 */
record KnownLimit(String finding, String why, Predicate<Cell> applies, Set<String> checks, Cell pinned) {

    /** The known limits of today's code (the audit's F1-F4 and N1 and the campaign's L1 were fixed; their cells are {@link #FIXED}). */
    static final List<KnownLimit> ALL = List.of(
            new KnownLimit("L2 (truth campaign 2026-11-28)", "a stream run whose consumers change by a step"
                    + " (--step consumers=0,1) has no delivery line: what its consumers never read is counted nowhere",
                    c -> c.stream() && c.stepped(), Set.of("accounting"),
                    new Cell("3.10", "stream", QueueType.STREAM, 1, false, 0, 1, 1_000, OptionalInt.of(100),
                            OptionalInt.empty(), new int[] {0, 1}, OptionalInt.empty(), "first", OptionalInt.of(100),
                            "each", 4, "time", 1, Optional.empty(), "none")),
            new KnownLimit("L3 (truth campaign 2026-11-29)", "with --tx-size and x-overflow=reject-publish,"
                    + " RabbitMQ answers no commit once the queue is full: the publisher waits until the run ends, and"
                    + " the message of that commit, handed to the broker but never committed, is not counted as published",
                    c -> c.txSize().isPresent() && c.maxLength().isPresent(), Set.of("published"),
                    new Cell("3.10", "amqp091", QueueType.CLASSIC, 1, false, 0, 1, 1_000, OptionalInt.empty(),
                            OptionalInt.of(1), new int[] {0}, OptionalInt.of(200), "default", OptionalInt.empty(),
                            "each", 3, "time", 1, Optional.empty(), "none")));

    /**
     * Cells that showed a finding before its fix, run first by every campaign: each must now agree
     * with the broker (or, for F2, be refused), so the finding cannot come back unnoticed.
     */
    static final Map<String, Cell> FIXED = fixed();

    private static Map<String, Cell> fixed() {
        Map<String, Cell> m = new LinkedHashMap<>();
        m.put("F1 (audit 2026-11-28): refusals before a queue's first consumer counted as lost",
                Cell.simple("amqp091", QueueType.CLASSIC, 1, 2_000, OptionalInt.of(200), new int[] {0, 1},
                        OptionalInt.of(1_000), false, OptionalInt.empty(), "each", 4));
        m.put("F2 (audit 2026-11-28): two instances' stream producers of one name, half their confirmed messages"
                        + " dropped by the broker as duplicates",
                new Cell("3.10", "stream", QueueType.STREAM, 1, false, 0, 1, 500, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {1}, OptionalInt.empty(), "first", OptionalInt.empty(), "each",
                        3, "time", 2, Optional.of("%s-%d"), "none"));
        m.put("F3 (audit 2026-11-28): a stream run did not count confirmed messages its consumers never got",
                Cell.simple("stream", QueueType.STREAM, 1, 1_000, OptionalInt.of(100), new int[] {1},
                        OptionalInt.empty(), true, OptionalInt.of(200), "each", 3));
        m.put("F4 (audit 2026-11-28): a super stream consumer's re-dispatched offset counted as a duplicate",
                // The consumer must recover to re-read an offset: a cluster node stopped (RabbitMQ 4.0 here has no
                // stream management plugin, so a stream run's own connections cannot be closed over HTTP).
                new Cell("cluster", "stream", QueueType.STREAM, 1, false, 3, 3, 200, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {1}, OptionalInt.empty(), "first", OptionalInt.empty(), "each",
                        15, "time", 1, Optional.empty(), "node-stop"));
        m.put("N1 (audit 2026-11-24): a refusal excused in the other queue's checker moved its window and declared"
                        + " lost what it never expected",
                new Cell("3.10", "amqp091", QueueType.CLASSIC, 2, false, 0, 1, 35_000, OptionalInt.of(1_000),
                        OptionalInt.empty(), new int[] {2}, OptionalInt.of(1_000), "default", OptionalInt.of(2_000),
                        "each", 2, "count", 1, Optional.empty(), "none"));
        m.put("L1 (truth campaign 2026-11-28): competing consumers that closed holding prefetched messages returned"
                        + " them to the queue below what the other consumer received, and lost counted them although"
                        + " the queue held them",
                new Cell("3.10", "amqp091", QueueType.CLASSIC, 1, false, 0, 1, 1_000, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {2}, OptionalInt.empty(), "default", OptionalInt.of(100),
                        "each", 3, "count", 1, Optional.empty(), "none"));
        return m;
    }

    /**
     * A fixed finding's cell too slow for the default budget (N1 needs over 65,536 messages per
     * publisher: about 40 s on a loaded 2-core machine): it runs in long campaigns ({@code -Dtruth.runs})
     * and with {@code -Dtruth.heavy=true}. The accounting it broke is unit-tested in harness-core.
     */
    static boolean heavy(String finding) {
        return finding.startsWith("N1 ");
    }

    /** A cell the harness may refuse outright: instances sharing producer names (the F2 fix refuses them). */
    static boolean mayBeRefused(Cell cell) {
        return cell.instances() > 1 && cell.producerNames().filter(t -> !t.contains("%i")).isPresent();
    }

    /**
     * A cell that would disturb other users of the brokers: a broker restart, a node stop, any cluster
     * cell. Closing the run's own connections does not.
     */
    static boolean disturbsOthers(Cell cell) {
        return cell.fault().equals("restart") || cell.fault().equals("node-stop") || cell.broker().equals("cluster");
    }

    boolean explains(Cell cell, String check) {
        return applies.test(cell) && checks.contains(check);
    }
}
