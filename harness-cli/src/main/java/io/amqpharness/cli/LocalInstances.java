package io.amqpharness.cli;

import io.amqpharness.HarnessException;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.files.OutputDirectory;
import io.amqpharness.report.merge.ResultMerge;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.StreamSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code --instances N}: runs one workload as N harness processes on this machine, each a child
 * JVM started with the same Java and class path and the same options, plus its own
 * {@code --instance ID-K} and {@code --output-dir DIR/instance-K}, and a shared {@code --barrier N}
 * with a barrier name of its own. The output directory and every {@code instance-K} in it are
 * refused before any child starts if they hold an earlier run's results (unless {@code --overwrite});
 * the children then write with {@code --overwrite}. When all have ended, their results are merged into the output
 * directory. The {@code --fail-if} gates are judged on the merged result: each child runs with them
 * (its verdicts are kept in its row of the merged result) but does not exit 1 for them; the exit
 * code is the worst of the children's other failures and the merged verdict. Each child's console
 * output goes to {@code DIR/instance-K/console.txt}. Ctrl-C stops
 * every instance; each drains and writes its results, and what they wrote is merged before the
 * JVM exits.
 */
final class LocalInstances {
    /** Options the parent sets for each child itself: dropped from the child's command line. */
    private static final Set<String> PARENT_ONLY = Set.of("--instances", "--output-dir", "--metrics-port");
    private static final String OVERWRITE = "--overwrite";

    private final int count;
    private final Path directory;
    private final Scenario scenario;
    private final List<String> args;
    private final OutputOptions outputs;

    LocalInstances(int count, Path directory, Scenario scenario, List<String> args, OutputOptions outputs) {
        this.count = count;
        this.directory = directory;
        this.scenario = scenario;
        this.args = args;
        this.outputs = outputs;
    }

    /**
     * Starts the children, waits for them and merges what they wrote.
     *
     * @return the worst exit code of the children (2 over 1 over 0), 1 if there is nothing to merge or a gate
     *         broke on the merged result
     */
    int run(PrintWriter out, PrintWriter err) {
        refuseNamesAlike(scenario);
        List<Path> written = new ArrayList<>(List.of(directory));
        for (int k = 0; k < count; k++) {
            written.add(directory.resolve("instance-" + k));
        }
        outputs.refuseEarlierResults(directory, written);
        String base = scenario.coordination().instance().orElse("local");
        String barrierName = scenario.coordination().barrier().isPresent() ? null : "local-" + randomSuffix();
        List<Process> children = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Path> dirs = new ArrayList<>();
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        // Ctrl-C: every instance drains and writes its results (as a single run does), then the JVM
        // waits for the merge of what they wrote before it exits.
        Thread hook = new Thread(() -> {
            interrupted.set(true);
            children.forEach(LocalInstances::stop);
            try {
                done.await(60, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "harness-instances-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            for (int k = 0; k < count; k++) {
                Path dir = directory.resolve("instance-" + k);
                Files.createDirectories(dir);
                dirs.add(dir);
                ProcessBuilder pb = new ProcessBuilder(command(base + "-" + k, dir, barrierName, k));
                pb.environment().remove(EnvironmentDefaults.variable("--instances"));
                pb.redirectErrorStream(true).redirectOutput(dir.resolve("console.txt").toFile());
                children.add(pb.start());
            }
            out.println("Started " + count + " instances (" + base + "-0 to " + base + "-" + (count - 1)
                    + "); their output is in " + directory + "/instance-K/console.txt");
            out.flush();
            int worst = 0;
            for (int k = 0; k < count; k++) {
                int code = children.get(k).waitFor();
                if (code != 0 && !interrupted.get()) {
                    err.println("Instance " + base + "-" + k + " exited with code " + code + "; see "
                            + dirs.get(k).resolve("console.txt") + ":");
                    tail(dirs.get(k).resolve("console.txt"), err);
                }
                worst = worse(worst, code);
            }
            if (interrupted.get()) {
                out.println("Interrupted: every instance drained and wrote its results; merging what they wrote.");
            }
            return merge(dirs, out, err, worst);
        } catch (IOException e) {
            throw new HarnessException("Cannot start the instances: " + e.getMessage() + ".", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return HarnessCommand.ExitCode.FAILURE;
        } finally {
            done.countDown();
            children.forEach(LocalInstances::stop);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs anyway
            }
        }
    }

    /**
     * Stream producers named alike in every child would publish as one name: the broker would drop one's
     * messages as the other's duplicates. Refused before any child starts.
     *
     * @throws ScenarioException with one sentence naming {@code %i}
     */
    static void refuseNamesAlike(Scenario scenario) {
        scenario.stream().producerNames().filter(StreamSettings::namesAlikeAcrossInstances).ifPresent(t -> {
            throw new ScenarioException(List.of("--producer-names " + t + " lacks " + StreamSettings.INSTANCE_PLACEHOLDER
                    + " (the instance): with --instances every instance would publish under the same names and the "
                    + "broker would drop one's messages as the other's duplicates; for example --producer-names "
                    + "%s-%i-%d."));
        });
    }

    private int merge(List<Path> dirs, PrintWriter out, PrintWriter err, int worst) {
        List<Path> written = dirs.stream().filter(d -> Files.exists(d.resolve(ResultDocuments.FILE_NAME))).toList();
        if (written.isEmpty()) {
            err.println("No instance wrote a result, so there is nothing to merge.");
            return worse(worst, HarnessCommand.ExitCode.FAILURE);
        }
        ResultDocument merged = ResultMerge.write(written, directory);
        HtmlReport.write(List.of(new ReportRun("merged", merged)), directory.resolve(OutputDirectory.REPORT_FILE));
        out.println();
        out.print(TextSummary.format(merged));
        out.println("Merged " + written.size() + " of " + count + " instances into " + directory
                + ": result.json, *.hlog, report.html");
        int code = written.size() < count ? worse(worst, HarnessCommand.ExitCode.FAILURE) : worst;
        return HarnessCommand.brokenGates(merged, err) ? worse(code, HarnessCommand.ExitCode.FAILURE) : code;
    }

    /** The child's command line: this JVM's java and class path, the run's options, and the instance's own. */
    List<String> command(String instance, Path dir, String barrierName, int k) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(jvmOptions(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
        // The gates are judged on the merged result here; a child's exit code says only whether it ran.
        cmd.add("-D" + HarnessCommand.GATES_MERGED_PROPERTY + "=true");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(childArgs(args));
        // The parent has refused directories holding earlier results (unless --overwrite): the child may write.
        cmd.addAll(List.of("--instance", instance, "--output-dir", dir.toString(), OVERWRITE));
        if (barrierName != null) {
            cmd.addAll(List.of("--barrier", Integer.toString(count), "--barrier-name", barrierName));
        }
        if (outputs.prometheus()) {
            int port = outputs.port();
            cmd.addAll(List.of("--metrics-port", Integer.toString(port == 0 ? 0 : port + k)));
        }
        return cmd;
    }

    /** The parent's JVM options the children run with too (heap, JIT, GC: {@code -X...}), not agents or debuggers. */
    static List<String> jvmOptions(List<String> parent) {
        return parent.stream().filter(a -> a.startsWith("-X") && !a.startsWith("-Xrun") && !a.startsWith("-Xdebug")
                && !a.startsWith("-XX:StartFlightRecording") && !a.startsWith("-XX:FlightRecorderOptions")).toList();
    }

    /** The run's arguments without the options the parent sets per child ({@code --instance} is given again, later wins). */
    static List<String> childArgs(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (name.equals(OVERWRITE)) {
                continue; // a switch: the parent has checked the directories, each child gets it
            }
            if (PARENT_ONLY.contains(name) || name.equals("--instance")) {
                if (!a.contains("=")) {
                    i++; // skip its value
                }
                continue;
            }
            out.add(a);
        }
        return out;
    }

    private static int worse(int a, int b) {
        if (a == HarnessCommand.ExitCode.USAGE || b == HarnessCommand.ExitCode.USAGE) {
            return HarnessCommand.ExitCode.USAGE;
        }
        return Math.max(a, b) == 0 ? 0 : HarnessCommand.ExitCode.FAILURE;
    }

    private static void tail(Path console, PrintWriter err) {
        try {
            List<String> lines = Files.readAllLines(console);
            lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(l -> err.println("  " + l));
        } catch (IOException e) {
            // nothing to show
        }
    }

    private static void stop(Process p) {
        if (p.isAlive()) {
            p.destroy(); // SIGTERM: the child drains and writes its results, as on Ctrl-C
            try {
                p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String randomSuffix() {
        SecureRandom r = new SecureRandom();
        return Long.toString(r.nextLong() & Long.MAX_VALUE, 36);
    }
}
