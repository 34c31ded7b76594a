package io.amqpharness.smoke.truth;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.cli.InterruptedCommandLine;
import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.oracle.JudgedRun;
import io.amqpharness.junit.oracle.OracleVerdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The truth campaign: cells drawn from a seed run against the local RabbitMQ 3.10 (127.0.0.1:5672,
 * stream 5552) and 4.0 (5673, stream 5553), and the oracle judges each from what the broker held
 * and delivered. By default it runs the cells of fixed findings ({@link KnownLimit#FIXED}) and the
 * pinned cells of the {@link KnownLimit}s, then random cells for about 45 s, from a seed printed
 * first. {@code -Dtruth.runs=N} runs N random cells instead (no time budget), {@code -Dtruth.seed=S}
 * repeats a campaign, {@code -Dtruth.only=F1} runs only the fixed cells of that finding first,
 * {@code -Dtruth.protocols=amqp10} draws random cells of that protocol only (and runs only the fixed and
 * pinned cells of it), {@code -Dtruth.faults=true} adds fault cells (the run's own connections
 * closed, the 4.0 broker's application restarted, with {@code -Dtruth.cluster=true} cluster cells
 * and a cluster node stopped): those disturb every other user of the brokers, so they never run
 * by default. A disagreement prints the cell and the one {@code harness} command that runs it; the
 * test fails unless every disagreement is a known limit.
 */
@Tag("truth")
class TruthCampaignIT {
    private static final Duration DEFAULT_BUDGET = Duration.ofSeconds(Long.getLong("truth.budgetSeconds", 45));
    /** Chosen once per JVM, so that a rerun of a failed campaign repeats its cells instead of drawing others. */
    private static final long SEED = Long.getLong("truth.seed", System.nanoTime() & 0xFFFF_FFFFL);

    private final CellRunner runner = new CellRunner();
    private final List<String> unexpected = new ArrayList<>();
    private final List<String> known = new ArrayList<>();
    /** Ctrl-C cells left out because this JVM ignores SIGINT. */
    private final List<String> skipped = new ArrayList<>();
    private final Map<String, Integer> covered = new TreeMap<>();

    @Test
    void everyCellAgreesWithTheBrokerExceptForKnownLimits() {
        Assumptions.assumeTrue(Brokers.listening("127.0.0.1", 5672), "no broker on 127.0.0.1:5672");
        long seed = SEED;
        Long runs = Long.getLong("truth.runs");
        boolean faults = Boolean.getBoolean("truth.faults");
        List<String> brokers = brokers();
        List<String> protocols = protocols();
        System.out.printf(Locale.ROOT, "truth campaign: seed %d (repeat with -Dtruth.seed=%d)%s, brokers %s, protocols %s%s%n",
                seed, seed, runs == null ? ", budget " + DEFAULT_BUDGET.toSeconds() + " s" : ", " + runs + " cells",
                brokers, protocols, faults ? ", with faults" : "");
        long began = System.nanoTime();
        KnownLimit.FIXED.forEach((finding, cell) -> {
            boolean heavy = KnownLimit.heavy(finding) && runs == null && !Boolean.getBoolean("truth.heavy");
            boolean chosen = finding.startsWith(System.getProperty("truth.only", ""));
            if (brokers.contains(cell.broker()) && protocols.contains(cell.protocol())
                    && (faults || !KnownLimit.disturbsOthers(cell)) && !heavy && chosen) {
                judge(cell, "fixed " + finding);
            }
        });
        PinnedCells.ALL.forEach((what, cell) -> {
            boolean chosen = what.startsWith(System.getProperty("truth.only", ""));
            if (brokers.contains(cell.broker()) && protocols.contains(cell.protocol())
                    && (faults || cell.fault().equals("none")) && chosen) {
                judge(cell, "pinned " + what.substring(0, what.indexOf(' ')));
                cell.dimensions().forEach(d -> covered.merge(d, 1, Integer::sum));
            }
        });
        for (KnownLimit limit : KnownLimit.ALL) {
            if (!protocols.contains(limit.pinned().protocol())) {
                continue; // -Dtruth.protocols left its protocol out
            }
            List<OracleVerdict.Check> d = judge(limit.pinned(), "pinned " + limit.finding());
            if (d.stream().noneMatch(c -> limit.checks().contains(c.name()))) {
                unexpected.add(String.format("%s no longer shows in its pinned cell %s: delete it from KnownLimit.ALL"
                        + " and docs/output.md", limit.finding(), limit.pinned()));
            }
        }
        CellGenerator cells = new CellGenerator(seed, brokers, randomFaults(), protocols);
        long deadline = System.nanoTime() + DEFAULT_BUDGET.toNanos();
        int done = 0;
        while (runs == null ? System.nanoTime() < deadline : done < runs) {
            Cell cell = cells.next();
            judge(cell, "cell " + (++done));
            cell.dimensions().forEach(d -> covered.merge(d, 1, Integer::sum));
        }
        System.out.printf(Locale.ROOT, "truth campaign: seed %d, %d random cells in %.0f s, %d known limits shown, %d"
                + " unexpected disagreements%n", seed, done, (System.nanoTime() - began) / 1e9, known.size(),
                unexpected.size());
        System.out.println("  covered: " + covered);
        known.forEach(k -> System.out.println("  known limit: " + k));
        skipped.forEach(k -> System.out.println("  skipped (SIGINT ignored): " + k));
        unexpected.forEach(u -> System.out.println("  UNEXPECTED: " + u));
        assertThat(unexpected).as("disagreements that are not known limits (seed %d)", seed).isEmpty();
    }

    /**
     * The brokers cells are drawn from: {@code -Dtruth.brokers=3.10,4.0,cluster} names them; by default 3.10,
     * 4.0 when it listens, and the cluster with {@code -Dtruth.cluster=true}.
     */
    private static List<String> brokers() {
        String named = System.getProperty("truth.brokers", "").strip();
        if (!named.isEmpty()) {
            return List.of(named.split("\\s*,\\s*"));
        }
        List<String> brokers = new ArrayList<>(List.of("3.10"));
        if (Brokers.listening("127.0.0.1", 5673)) {
            brokers.add("4.0");
        }
        if (Boolean.getBoolean("truth.cluster")) {
            brokers.add("cluster");
        }
        return brokers;
    }

    /**
     * The protocols random cells are drawn from, and of which the fixed and pinned cells run:
     * {@code -Dtruth.protocols=amqp10,amqp091} names them; by default all three ({@code amqp091},
     * {@code amqp10}, {@code stream}), which draws the same cells from a seed as before the property existed.
     */
    private static List<String> protocols() {
        String named = System.getProperty("truth.protocols", "").strip();
        return named.isEmpty() ? CellGenerator.protocols() : List.of(named.split("\\s*,\\s*"));
    }

    /**
     * The faults cells are drawn from with {@code -Dtruth.faults=true}: the run's own connections closed, and
     * on the cluster a node stopped (under the cluster lock). Restarting the 4.0 broker's application stops
     * it for everyone else who uses it, so that needs {@code -Dtruth.restart=true} as well.
     */
    private static List<String> faults() {
        if (!Boolean.getBoolean("truth.faults")) {
            return List.of();
        }
        return Boolean.getBoolean("truth.restart") ? List.of("close", "restart", "node-stop")
                : List.of("close", "node-stop");
    }

    /**
     * The faults random cells are drawn from: {@link #faults()}, or those of them {@code -Dtruth.randomFaults=close}
     * names (a node stop takes minutes on a loaded machine: a long cluster campaign may leave it to the pinned
     * cells).
     */
    private static List<String> randomFaults() {
        String named = System.getProperty("truth.randomFaults", "").strip();
        return named.isEmpty() ? faults()
                : faults().stream().filter(List.of(named.split("\\s*,\\s*"))::contains).toList();
    }

    private List<OracleVerdict.Check> judge(Cell cell, String label) {
        if (cell.ending().equals("ctrl-c") && InterruptedCommandLine.sigintIgnored()) {
            // A JVM a shell started in the background (without job control) ignores SIGINT: no Ctrl-C can reach a run.
            skipped.add(label + " " + cell);
            System.out.printf(Locale.ROOT, "%s %s: skipped: this JVM ignores SIGINT (Maven was started in the background"
                    + " by a shell without job control), so Ctrl-C cannot reach the run; run the campaign in the"
                    + " foreground%n", label, cell);
            return List.of();
        }
        long start = System.nanoTime();
        CellRunner.Outcome outcome;
        try {
            outcome = runner.run(cell);
        } catch (RuntimeException e) {
            unexpected.add(label + " " + cell + " (seed " + SEED + ") did not run: " + e + "\n    " + cell.command());
            System.out.println(label + " " + cell + " FAILED TO RUN: " + e);
            return List.of();
        }
        if (outcome.refused() != null) {
            System.out.printf(Locale.ROOT, "%s %s: refused by the harness: %s%n", label, cell, outcome.refused());
            if (!KnownLimit.mayBeRefused(cell)) {
                unexpected.add(label + " " + cell + " was refused: " + outcome.refused());
            }
            return List.of();
        }
        List<OracleVerdict.Check> all = new ArrayList<>();
        for (JudgedRun run : outcome.runs()) {
            OracleVerdict v = run.verdict();
            System.out.printf(Locale.ROOT, "%s %s%s: %s in %.1f s (%d cannot judge)%n", label, cell,
                    outcome.runs().size() > 1 ? " [" + run.result().runId() + "]" : "",
                    v.agrees() ? "agrees" : "DISAGREES", (System.nanoTime() - start) / 1e9, v.cannotJudge().size());
            for (OracleVerdict.Check c : v.disagreements()) {
                // The seed, the cell and the one command: enough to repeat it (-Dtruth.seed) or run it alone.
                String line = String.format(Locale.ROOT, "%s %s (seed %d): %s%n    %s", label, cell, SEED, c,
                        cell.command());
                KnownLimit limit = KnownLimit.ALL.stream().filter(l -> l.explains(cell, c.name())).findFirst()
                        .orElse(null);
                if (limit == null) {
                    unexpected.add(line);
                    System.out.println("  DISAGREES " + line);
                } else {
                    known.add(limit.finding() + ": " + line);
                    System.out.println("  known limit " + limit.finding() + ": " + c);
                }
            }
            if (Boolean.getBoolean("truth.verbose") || !v.agrees()) {
                System.out.println(v);
            }
            all.addAll(v.disagreements());
        }
        return all;
    }
}
