package io.amqpharness.smoke.truth;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.oracle.JudgedRun;
import io.amqpharness.junit.oracle.Oracle;
import io.amqpharness.junit.oracle.OracleVerdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The truth campaign: cells drawn from a seed run against the local RabbitMQ (127.0.0.1:5672,
 * stream 5552) and the oracle judges each from what the broker held and delivered. By default it
 * runs the pinned cells of the {@link KnownLimit}s and then random cells for about 60 s, from a
 * seed printed first. {@code -Dtruth.runs=N} runs N random cells instead (no time budget), and
 * {@code -Dtruth.seed=S} repeats a campaign. A disagreement prints the cell and the one
 * {@code harness} command that runs it; the test fails unless every disagreement is a known limit.
 */
@Tag("truth")
class TruthCampaignIT {
    private static final Duration DEFAULT_BUDGET = Duration.ofSeconds(60);
    /** Chosen once per JVM, so that a rerun of a failed campaign repeats its cells instead of drawing others. */
    private static final long SEED = Long.getLong("truth.seed", System.nanoTime() & 0xFFFF_FFFFL);

    @Test
    void everyCellAgreesWithTheBrokerExceptForKnownLimits() {
        Assumptions.assumeTrue(Brokers.listening("127.0.0.1", 5672), "no broker on 127.0.0.1:5672");
        long seed = SEED;
        Long runs = Long.getLong("truth.runs");
        System.out.printf(Locale.ROOT, "truth campaign: seed %d (repeat with -Dtruth.seed=%d)%s%n", seed, seed,
                runs == null ? ", budget " + DEFAULT_BUDGET.toSeconds() + " s" : ", " + runs + " cells");
        Oracle oracle = Oracle.reading(Cell.AMQP);
        List<String> unexpected = new ArrayList<>();
        List<String> known = new ArrayList<>();
        KnownLimit.FIXED.forEach((finding, cell) -> judge(oracle, cell, "fixed " + finding, unexpected, known));
        for (KnownLimit limit : KnownLimit.ALL) {
            List<OracleVerdict.Check> d = judge(oracle, limit.pinned(), "pinned " + limit.finding(), unexpected, known);
            if (d.stream().noneMatch(c -> limit.checks().contains(c.name()))) {
                unexpected.add(String.format("%s no longer shows in its pinned cell %s: delete it from KnownLimit.ALL"
                        + " and docs/oracle.md", limit.finding(), limit.pinned()));
            }
        }
        CellGenerator cells = new CellGenerator(seed);
        long deadline = System.nanoTime() + DEFAULT_BUDGET.toNanos();
        int done = 0;
        while (runs == null ? System.nanoTime() < deadline : done < runs) {
            judge(oracle, cells.next(), "cell " + (++done), unexpected, known);
        }
        System.out.printf(Locale.ROOT, "truth campaign: seed %d, %d random cells, %d known limits shown, %d"
                + " unexpected disagreements%n", seed, done, known.size(), unexpected.size());
        known.forEach(k -> System.out.println("  known limit: " + k));
        assertThat(unexpected).as("disagreements that are not known limits (seed %d)", seed).isEmpty();
    }

    private static List<OracleVerdict.Check> judge(Oracle oracle, Cell cell, String label, List<String> unexpected,
                                                   List<String> known) {
        long start = System.nanoTime();
        JudgedRun run;
        try {
            run = oracle.run(cell.scenario());
        } catch (RuntimeException e) {
            unexpected.add(label + " " + cell + " did not run: " + e);
            System.out.println(label + " " + cell + " FAILED TO RUN: " + e);
            return List.of();
        }
        OracleVerdict v = run.verdict();
        System.out.printf(Locale.ROOT, "%s %s: %s in %.1f s (%d cannot judge)%n", label, cell,
                v.agrees() ? "agrees" : "DISAGREES", (System.nanoTime() - start) / 1e9, v.cannotJudge().size());
        for (OracleVerdict.Check c : v.disagreements()) {
            String line = String.format("%s %s: %s%n    %s", label, cell, c, cell.command());
            KnownLimit limit = KnownLimit.ALL.stream().filter(l -> l.explains(cell, c.name())).findFirst().orElse(null);
            if (limit == null) {
                unexpected.add(line);
                System.out.println("  DISAGREES " + line);
            } else {
                known.add(limit.finding() + ": " + line);
                System.out.println("  known limit " + limit.finding() + ": " + c);
            }
        }
        if (Boolean.getBoolean("truth.verbose")) {
            System.out.println(v);
        }
        return v.disagreements();
    }
}
