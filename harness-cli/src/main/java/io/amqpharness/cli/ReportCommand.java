package io.amqpharness.cli;

import io.amqpharness.report.html.MarkdownReport;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.files.OutputDirectory;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.merge.ResultMerge;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.io.OutputFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code harness report DIR...}: renders report.html again from saved results, or compares runs. */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        usageHelpAutoWidth = true,
        description = {
                "Renders or compares saved results.",
                "Renders report.html from the result.json of runs written with --output-dir.",
                "One directory gives that run's report; several give one page comparing them:",
                "a table of their key numbers and the settings that differ, and overlaid charts.",
                "With --merge, the directories are instances of one workload (--instance, --barrier):",
                "their counts are summed and histograms added into one result in -o DIR.",
                "With --format md, prints the runs' key numbers as a Markdown table instead (for a pull",
                "request or a chat), with a change column between the first run and each other run.",
                ""},
        footerHeading = "%nExamples%n",
        footer = {
                "  Re-render a run's report (written to results/q1/report.html):",
                "    java -jar harness.jar report results/q1",
                "  Compare three runs on one page:",
                "    java -jar harness.jar report results/rate-100 results/rate-1000 \\",
                "      results/rate-10000 -o rates.html",
                "  The same runs as a Markdown table, on standard output:",
                "    java -jar harness.jar report --format md results/rate-100 results/rate-1000",
                "  Five runs of each of two settings (run --repeat 5), the change of each figure",
                "  and whether it is beyond the noise:",
                "    java -jar harness.jar report results/before --vs results/after",
                "  Merge four instances' results into one (result.json, *.hlog, report.html; a DIR",
                "  that holds a result already is refused unless --overwrite is given):",
                "    java -jar harness.jar report --merge results/pod-0 results/pod-1 results/pod-2 \\",
                "      results/pod-3 -o results/merged",
                "",
                "Exit codes: 0 success, 1 a result could not be read or the report written,",
                "or (with --merge) a --fail-if gate broke on the merged result, 2 bad usage."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR",
            description = "Directories written by --output-dir (or their result.json files).")
    List<Path> results = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the page (default DIR/report.html for one run, ./comparison.html for several); "
                    + "with --merge, the directory of the merged result.")
    Path output;

    @Option(names = "--vs", arity = "1..*", paramLabel = "DIR",
            description = "Compare the runs given (set A) with these (set B), as a Markdown table: each figure's "
                    + "median and its confidence interval per set, the change in %%, and whether it is beyond "
                    + "the run-to-run noise (Mann-Whitney U test, 5 %%). A --repeat directory stands for its runs.")
    List<Path> versus = new ArrayList<>();

    @Option(names = "--merge",
            description = "Merge the results of instances that ran one workload into one result in -o DIR: "
                    + "counts summed, latency histograms added (exact percentiles), a row per instance.")
    boolean merge;

    @Option(names = "--overwrite",
            description = "With --merge, let -o DIR replace the result an earlier run or merge left there.")
    boolean overwrite;

    /** What {@code harness report} writes. */
    enum ReportFormat {
        /** The self-contained page, report.html or a comparison page. */
        html,
        /** The key numbers as a Markdown table. */
        md
    }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "html",
            description = "html (default): the page; md: the key numbers as a Markdown table, printed "
                    + "(or written to -o FILE), with a change column (and %%) from the first run to each other run.")
    ReportFormat format = ReportFormat.html;

    @Override
    public Integer call() {
        if (merge) {
            if (!versus.isEmpty()) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--vs does not apply to --merge; merge each set first, then compare them with report A --vs B");
            }
            if (format != ReportFormat.html) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--format md does not apply to --merge; merge first, then run report --format md -o ... on "
                                + "the merged directory");
            }
            return merge();
        }
        if (!versus.isEmpty()) {
            return print(RunSets.compare(results, versus));
        }
        if (format == ReportFormat.md && results.stream().anyMatch(RunSets::isRepeat)) {
            return print(io.amqpharness.report.RepeatReport.summary(RunSets.read(results)));
        }
        List<Path> expanded = RunSets.expand(results);
        List<ReportRun> runs = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (Path p : expanded) {
            ResultDocument result = ResultDocuments.read(p);
            String label = expanded.size() == 1 ? result.runId() : name(p);
            if (!labels.add(label)) {
                label = label + " (" + result.runId() + ")";
                labels.add(label);
            }
            runs.add(new ReportRun(label, result));
        }
        if (format == ReportFormat.md) {
            return markdown(runs);
        }
        Path file = output != null ? output
                : expanded.size() == 1 ? directory(expanded.get(0)).resolve(OutputDirectory.REPORT_FILE)
                : Path.of("comparison.html");
        HtmlReport.write(runs, file);
        spec.commandLine().getOut().println("Wrote " + file);
        return HarnessCommand.ExitCode.OK;
    }

    /** The Markdown table on standard output, or in {@code -o FILE}. */
    private int markdown(List<ReportRun> runs) {
        return print(MarkdownReport.render(runs));
    }

    /** Markdown text on standard output, or in {@code -o FILE}. */
    private int print(String md) {
        if (output == null) {
            spec.commandLine().getOut().print(md);
            spec.commandLine().getOut().flush();
            return HarnessCommand.ExitCode.OK;
        }
        try {
            AtomicFiles.writeString(output, md);
        } catch (java.io.IOException e) {
            throw new io.amqpharness.HarnessException("Cannot write " + output + ": "
                    + OutputFiles.reason(e) + ".", e);
        }
        spec.commandLine().getOut().println("Wrote " + output);
        return HarnessCommand.ExitCode.OK;
    }

    private int merge() {
        if (output == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--merge needs -o DIR, the directory for the merged result; for example "
                            + "report --merge results/a results/b -o results/merged");
        }
        if (Files.exists(output) && !Files.isDirectory(output)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "-o must be a directory with --merge, but " + output + " is a file; for example -o results/merged");
        }
        EarlierResults.refuse("-o", output, List.of(output), overwrite);
        ResultDocument merged = ResultMerge.write(results, output);
        Path page = output.resolve(OutputDirectory.REPORT_FILE);
        HtmlReport.write(List.of(new ReportRun("merged", merged)), page);
        spec.commandLine().getOut().print(TextSummary.format(merged));
        spec.commandLine().getOut().println("Merged " + results.size() + " results into " + output
                + ": result.json, *.hlog, report.html");
        return HarnessCommand.brokenGates(merged, spec.commandLine().getErr()) ? HarnessCommand.ExitCode.FAILURE
                : HarnessCommand.ExitCode.OK;
    }

    private static Path directory(Path p) {
        if (Files.isDirectory(p)) {
            return p;
        }
        return p.getParent() == null ? Path.of(".") : p.getParent();
    }

    /** The run's directory name: its label in the table and the legends. */
    private static String name(Path p) {
        Path dir = directory(p).toAbsolutePath().normalize();
        return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
    }
}
