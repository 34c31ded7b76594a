package io.amqpharness.cli;

import io.amqpharness.report.RepeatReport;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code harness run --repeat N}: the same scenario N times, one after the other, each a whole run
 * of its own (its own queues, its own warm-up left out of its figures), then each key figure's
 * median, spread and confidence interval over the N runs ({@link RepeatReport#summary}). With
 * {@code --output-dir DIR}, repetition K writes into {@code DIR/run-K} and the table goes to
 * {@code DIR/repeat.md}; {@code harness report DIR --vs OTHER} compares two such directories.
 */
final class RepeatedRuns {
    /** The table's file in {@code --output-dir}. */
    static final String TABLE_FILE = "repeat.md";

    private final int times;
    private final Scenario scenario;
    private final OutputOptions outputs;
    private final Main.Session session;
    private final Map<String, String> tags;

    RepeatedRuns(int times, Scenario scenario, OutputOptions outputs, Main.Session session, Map<String, String> tags) {
        this.times = times;
        this.scenario = scenario;
        this.outputs = outputs;
        this.session = session;
        this.tags = tags;
    }

    /** The directory of repetition {@code k} (from 1) under {@code dir}. */
    static Path runDirectory(Path dir, int k) {
        return dir.resolve(RunSets.RUN_PREFIX + k);
    }

    /** Refuses an output directory that holds results already (unless --overwrite); before a broker starts. */
    void refuseEarlierResults() {
        Path dir = outputs.outputDir();
        if (dir == null) {
            return;
        }
        List<Path> dirs = new ArrayList<>(List.of(dir));
        for (int k = 1; k <= times; k++) {
            dirs.add(runDirectory(dir, k));
        }
        outputs.refuseEarlierResults(dir, dirs);
    }

    /**
     * Runs the repetitions (on {@code withBroker}: the scenario with a {@code --broker container} applied), then prints
     * the table. Stops early after an interrupted run (Ctrl-C).
     *
     * @return 1 if any run failed or broke a gate, else 0
     */
    int run(Scenario withBroker, PrintWriter out, PrintWriter err) {
        Path dir = outputs.outputDir();
        List<ResultDocument> docs = new ArrayList<>();
        int exit = HarnessCommand.ExitCode.OK;
        for (int k = 1; k <= times; k++) {
            out.println("Repetition " + k + " of " + times);
            out.flush();
            Optional<Path> runDir = dir == null ? Optional.empty() : Optional.of(runDirectory(dir, k));
            try (RunOutputs extra = RunOutputs.open(outputs, out, runDir, tags)) {
                LoadRunner runner = new LoadRunner(withBroker).listener(new ConsoleReporter(out, withBroker,
                        extra::finished));
                extra.listeners().forEach(runner::listener);
                session.running(runner);
                RunResult result = runner.run();
                exit = Math.max(exit, extra.finish(HarnessCommand.exitCode(result, err), out, err));
                docs.add(extra.document(result));
                if (result.interrupted()) {
                    out.println("Interrupted: " + k + " of " + times + " repetitions ran.");
                    break;
                }
            }
        }
        String table = RepeatReport.summary(docs);
        out.println();
        out.println("Over the repetitions:");
        out.print(table);
        if (dir != null) {
            Path file = dir.resolve(TABLE_FILE);
            try {
                io.amqpharness.report.io.AtomicFiles.writeString(file, table);
                out.println("Table in " + file + "; compare with another set: harness report " + dir + " --vs OTHER");
            } catch (IOException e) {
                err.println("Cannot write " + file + ": " + io.amqpharness.report.io.OutputFiles.reason(e) + ".");
                exit = HarnessCommand.ExitCode.FAILURE;
            }
        }
        out.flush();
        return exit;
    }
}
