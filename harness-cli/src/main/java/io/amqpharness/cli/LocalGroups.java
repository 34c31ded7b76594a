package io.amqpharness.cli;

import io.amqpharness.HarnessException;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.merge.GroupMerge;
import io.amqpharness.report.files.OutputDirectory;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.GroupedRun;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code --group}: several client groups in one run, in this process ({@link GroupedRun}). Each
 * group prints its progress and summary with its name before each line ({@code [probe] }) and
 * writes its whole result into {@code DIR/group-NAME}; then the groups' results are added up into
 * {@code DIR} ({@link GroupMerge}: {@code result.json} with a row per group, {@code .hlog} files,
 * {@code report.html}) and the summary of all groups is printed. Without {@code --output-dir} the
 * groups write into a temporary directory, deleted at the end. The exit code is 1 if a group
 * failed, a gate broke (a group's own, or the top level's on all groups), or a group with
 * consumers received nothing.
 */
final class LocalGroups {
    private final List<GroupSpec> specs;
    private final List<Scenario> scenarios;
    private final Scenario top;
    private final OutputOptions outputs;
    private final Main.Session session;

    LocalGroups(List<GroupSpec> specs, List<Scenario> scenarios, Scenario top, OutputOptions outputs,
                Main.Session session) {
        this.specs = specs;
        this.scenarios = scenarios;
        this.top = top;
        this.outputs = outputs;
        this.session = session;
    }

    /** The directory group {@code name} writes into, under the run's. */
    static Path groupDirectory(Path directory, String name) {
        return directory.resolve("group-" + name);
    }

    int run(PrintWriter out, PrintWriter err) {
        Optional<Path> given = Optional.ofNullable(outputs.outputDir());
        if (given.isPresent()) {
            List<Path> written = new ArrayList<>(List.of(given.get()));
            specs.forEach(g -> written.add(groupDirectory(given.get(), g.name())));
            outputs.refuseEarlierResults(given.get(), written);
        }
        Path directory;
        try {
            directory = given.isPresent() ? given.get() : Files.createTempDirectory("harness-groups-");
        } catch (IOException e) {
            throw new HarnessException("Cannot create a temporary directory for the groups' results: " + e.getMessage()
                    + "; give one with --output-dir.", e);
        }
        try {
            return run(directory, given.isPresent(), out, err);
        } finally {
            if (given.isEmpty()) {
                deleteQuietly(directory);
            }
        }
    }

    private int run(Path directory, boolean keep, PrintWriter out, PrintWriter err) {
        List<GroupedRun.Group> groups = new ArrayList<>();
        List<OutputDirectory> dirs = new ArrayList<>();
        List<PrintWriter> consoles = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            String name = specs.get(i).name();
            Scenario scenario = scenarios.get(i);
            OutputDirectory dir = OutputDirectory.prepare(groupDirectory(directory, name));
            PrintWriter console = new PrintWriter(new LinePrefixWriter(out, "[" + name + "] "));
            LoadRunner runner = new LoadRunner(scenario)
                    .listener(new ConsoleReporter(console, scenario, dir::finished))
                    .listener(dir.recorder());
            groups.add(new GroupedRun.Group(name, runner));
            dirs.add(dir);
            consoles.add(console);
        }
        out.println("Running " + specs.size() + " groups side by side: " + String.join(", ",
                specs.stream().map(GroupSpec::name).toList()) + ".");
        out.flush();
        GroupedRun run = new GroupedRun(groups);
        session.running(run::stop);
        List<GroupedRun.Outcome> outcomes = run.run();
        consoles.forEach(PrintWriter::flush);
        dirs.forEach(OutputDirectory::close);
        Optional<RuntimeException> problem = outcomes.stream().flatMap(o -> o.problem().stream()).findFirst();
        if (problem.isPresent()) {
            throw problem.get(); // one sentence and its exit code, as a run of its own
        }
        int code = HarnessCommand.ExitCode.OK;
        for (GroupedRun.Outcome o : outcomes) {
            RunResult r = o.result().orElseThrow();
            Optional<String> nothing = r.failed() ? Optional.empty() : HarnessCommand.nothingConsumed(r);
            nothing.ifPresent(s -> err.println("Group " + o.name() + ": " + s));
            if (r.failed() || nothing.isPresent()) {
                code = HarnessCommand.ExitCode.FAILURE;
            }
        }
        for (OutputDirectory d : dirs) {
            if (d.problem().isPresent()) {
                err.println(d.problem().get());
                code = HarnessCommand.ExitCode.FAILURE;
            }
        }
        List<GroupMerge.Group> saved = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            saved.add(new GroupMerge.Group(specs.get(i).name(), specs.get(i).text(), scenarios.get(i),
                    groupDirectory(directory, specs.get(i).name())));
        }
        ResultDocument all = GroupMerge.write(saved, top, directory);
        HtmlReport.write(List.of(new ReportRun("all groups", all)), directory.resolve(OutputDirectory.REPORT_FILE));
        out.println();
        out.println("All groups:");
        List<ResultDocument> each = saved.stream()
                .map(g -> io.amqpharness.report.document.ResultDocuments.read(g.directory())).toList();
        out.print(TextSummary.formatGroups(all, saved.stream().map(GroupMerge.Group::name).toList(), each));
        if (keep) {
            out.println("Results in " + directory + ": result.json, *.hlog, report.html (all groups), and each group's "
                    + "in group-NAME/");
        }
        out.flush();
        err.flush();
        return HarnessCommand.brokenGates(all, err) ? HarnessCommand.ExitCode.FAILURE : code;
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a temporary file left behind
                }
            });
        } catch (IOException e) {
            // nothing to delete
        }
    }
}
