package io.amqpharness.cli;

import io.amqpharness.HarnessException;
import io.amqpharness.report.SeedTable;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.RunSettings;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness sweep --vary rate=100,1000 --vary consumers=1,2 [options]}: one isolated run per
 * combination of the varied values (fresh topology each), then a table shaped like the seed
 * reports' and, with {@code --output-dir}, each run's files and a comparison report.
 */
@Command(name = "sweep", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        customSynopsis = {"harness sweep --vary OPTION=V1,V2,... [--vary ...] [OPTIONS]", ""},
        description = {"One run per value of --vary, then a table.",
                "Runs the workload once per value (or combination of values) of the varied",
                "options, each run isolated with fresh topology, and prints a table like the",
                "seed reports'. Runs of --time 10s or more each warm up for 5 s first, not",
                "measured; shorter runs get one 5 s warm-up run at the first combination's",
                "settings instead (--warmup 0 for none, --warmup D for D before each run).", ""},
        footerHeading = "%nExamples%n",
        footer = {"  Latency against publish rate, as seed 000's first table:",
                "    java -jar harness.jar sweep --vary rate=100,1000,10000 -s 1000 \\",
                "      --autoack -i 15s -z 5m",
                "  Seed 003's prefetch study, one isolated run per prefetch:",
                "    java -jar harness.jar sweep --vary qos=1,10,100,1000 --queue-type quorum \\",
                "      -s 1kb -c 1000 -z 5m",
                "  From a scenario file kept in version control:",
                "    java -jar harness.jar sweep --scenario docs/scenarios/seed-000-publish-rate.yml"})
final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OutputOptions outputs = new OutputOptions();

    @Option(names = "--vary", paramLabel = "OPTION[+OPTION...]=V1,V2,...", converter = Converters.VaryConverter.class,
            description = "An option and the values it takes, one run each; repeat for a grid (the first varies "
                    + "slowest). Options joined with + take the same value together: producers+consumers=1,2,5.")
    List<Vary> vary = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "LABEL=OPTIONS", converter = Converters.VariantConverter.class,
            description = "A named set of options for one run, e.g. durable='-f persistent'; repeat for each "
                    + "variant. Variants form one more dimension of the grid, before the --vary ones.")
    List<Variant> variants = new ArrayList<>();

    @Option(names = "--scenario", paramLabel = "FILE", description = "Options from a YAML or JSON file (see docs/scenarios).")
    Path scenarioFile;

    @Option(names = "--verbose", description = "Show stack traces and client logs on errors.")
    boolean verbose;

    private final Main.Session session;

    SweepCommand(Main.Session session) {
        this.session = session;
    }

    /** One varied option, or several that take the same values together. */
    record Vary(List<String> options, List<String> values) {
        String name() {
            return String.join("+", options);
        }
    }

    /** A named set of options. */
    record Variant(String label, List<String> arguments) {
    }

    /** One combination: its label and the scenario it gives. */
    record Point(String label, Scenario scenario) {
    }

    @Override
    public Integer call() {
        List<Point> points = plan();
        PrintWriter out = spec.commandLine().getOut();
        Optional<Path> dir = Optional.ofNullable(outputs.outputDir());
        if (dir.isPresent()) {
            List<Path> written = new ArrayList<>(List.of(dir.get()));
            for (int i = 0; i < points.size(); i++) {
                written.add(dir.get().resolve(runName(i, points.get(i))));
            }
            outputs.refuseEarlierResults(dir.get(), written);
        }
        List<ResultDocument> results = new ArrayList<>();
        List<ReportRun> reports = new ArrayList<>();
        int code = HarnessCommand.ExitCode.OK;
        String warmUp = warmUp(points.get(0), out);
        for (int i = 0; i < points.size(); i++) {
            Point point = points.get(i);
            int index = i;
            out.printf("%n=== sweep run %d of %d: %s ===%n", i + 1, points.size(), point.label());
            Optional<Path> runDir = dir.map(d -> d.resolve(runName(index, point)));
            try (RunOutputs extra = RunOutputs.open(outputs, out, runDir)) {
                LoadRunner runner = new LoadRunner(point.scenario())
                        .listener(new ConsoleReporter(out, point.scenario(), extra::finished));
                extra.listeners().forEach(runner::listener);
                session.running(runner);
                RunResult result = runner.run();
                ResultDocument document = extra.document(result);
                results.add(document);
                // A broken gate fails the sweep but lets the other runs go on; a failed run stops it.
                int gateCode = HarnessCommand.exitCode(result, spec.commandLine().getErr());
                int runCode = extra.finish(result.failed() ? HarnessCommand.ExitCode.FAILURE : HarnessCommand.ExitCode.OK,
                        out, spec.commandLine().getErr());
                runDir.ifPresent(d -> reports.add(new ReportRun(point.label(), document)));
                if (runCode != HarnessCommand.ExitCode.OK) {
                    code = runCode;
                    break;
                }
                code = Math.max(code, gateCode);
            }
        }
        String table = table(points, results);
        out.println();
        out.println("Sweep over " + header() + " (end-to-end latency; Max = highest value in any one "
                + io.amqpharness.scenario.Durations.format(points.get(0).scenario().run().interval()) + " interval):");
        out.print(table);
        out.print(warmUp);
        if (dir.isPresent() && !reports.isEmpty()) {
            write(dir.get().resolve(EarlierResults.SWEEP_TABLE), table + (warmUp.isEmpty() ? "" : "\n" + warmUp));
            HtmlReport.write(reports, dir.get().resolve("report.html"));
            out.println("Sweep results in " + dir.get() + ": sweep.md, report.html and one directory per run");
        }
        out.flush();
        return code;
    }

    /**
     * Before the first measured run, an unmeasured warm-up run of {@link RunSettings#DEFAULT_WARMUP}
     * at the first combination's settings, so that run does not measure the client's and the
     * broker's own warm-up (JIT compilation, first connections) and look slower than the rest.
     * None when the runs warm up themselves ({@code --warmup}, or stepped runs) or with
     * {@code --warmup 0}.
     *
     * @return the sentence that says so under the table, or empty when there was none
     */
    private String warmUp(Point first, PrintWriter out) {
        if (first.scenario().run().warmup().isPresent() || warmupGiven()) {
            return "";
        }
        Duration length = RunSettings.DEFAULT_WARMUP;
        Scenario warm;
        try {
            warm = first.scenario().toBuilder().time(length).build();
        } catch (ScenarioException e) {
            return ""; // a workload that cannot be cut to a time limit: no warm-up run
        }
        out.printf("%n=== sweep warm-up: %s at %s, not measured (--warmup 0 for none) ===%n",
                io.amqpharness.scenario.Durations.format(length), first.label());
        LoadRunner runner = new LoadRunner(warm);
        session.running(runner);
        RunResult result = runner.run();
        if (result.failed()) {
            out.println("The warm-up run failed: " + result.failure().orElse("") + " The sweep goes on.");
        }
        return String.format("Before run 1, a %s warm-up run at %s, not measured (--warmup 0 for none).%n",
                io.amqpharness.scenario.Durations.format(length), first.label());
    }

    /** Whether {@code --warmup} was given, to the sweep or in a varied option or variant. */
    private boolean warmupGiven() {
        java.util.function.Predicate<String> warmup = a -> a.equals("--warmup") || a.startsWith("--warmup=");
        return baseArguments().stream().anyMatch(warmup)
                || variants.stream().flatMap(v -> v.arguments().stream()).anyMatch(warmup)
                || vary.stream().flatMap(v -> v.options().stream()).anyMatch("warmup"::equals);
    }

    /** Every combination, each validated through the same command line the user would type. */
    private List<Point> plan() {
        if (vary.isEmpty() && variants.isEmpty()) {
            throw new ScenarioException(List.of("sweep needs --vary OPTION=V1,V2,... or --variant LABEL=OPTIONS; for "
                    + "example --vary rate=100,1000,10000."));
        }
        List<String> base = baseArguments();
        List<String> problems = new ArrayList<>();
        CommandSpec run = HarnessCommand.commandLine(new Main.Session()).getCommandSpec();
        for (Vary v : vary) {
            for (String option : v.options()) {
                CommandLine.Model.OptionSpec o = run.findOption("--" + option);
                if (o == null || RunOptions.canonicalName(o).equals("--scenario") || RunOptions.canonicalName(o).startsWith("--metrics")
                        || RunOptions.canonicalName(o).equals("--output-dir") || RunOptions.canonicalName(o).equals("--overwrite")) {
                    problems.add("--vary " + v.name() + ": '" + option + "' is not a workload option; use a long "
                            + "option name without its dashes, for example --vary rate=100,1000.");
                } else if (given(base, o)) {
                    problems.add("--vary " + v.name() + " varies " + RunOptions.canonicalName(o) + ", which is also given on its "
                            + "own; drop " + RunOptions.canonicalName(o) + ".");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        List<List<Choice>> dimensions = new ArrayList<>();
        if (!variants.isEmpty()) {
            dimensions.add(variants.stream().map(v -> new Choice(v.label(), v.arguments())).toList());
        }
        for (Vary v : vary) {
            List<Choice> choices = new ArrayList<>();
            for (String value : v.values()) {
                List<String> args = new ArrayList<>();
                for (String option : v.options()) {
                    args.add("--" + option);
                    args.add(value);
                }
                choices.add(new Choice(dimensions.isEmpty() && vary.size() == 1 ? value : v.name() + "=" + value, args));
            }
            dimensions.add(choices);
        }
        List<List<Choice>> combos = new ArrayList<>();
        combos.add(new ArrayList<>());
        for (List<Choice> dimension : dimensions) {
            List<List<Choice>> next = new ArrayList<>();
            for (List<Choice> c : combos) {
                for (Choice choice : dimension) {
                    List<Choice> extended = new ArrayList<>(c);
                    extended.add(choice);
                    next.add(extended);
                }
            }
            combos = next;
        }
        List<Point> points = new ArrayList<>();
        for (List<Choice> c : combos) {
            List<String> args = new ArrayList<>(base);
            StringBuilder label = new StringBuilder();
            for (Choice choice : c) {
                args.addAll(choice.arguments());
                label.append(label.length() == 0 ? "" : " ").append(choice.label());
            }
            try {
                points.add(new Point(label.toString(), parse(args)));
            } catch (ScenarioException e) {
                e.problems().forEach(p -> problems.add("[" + label + "] " + p));
            } catch (CommandLine.ParameterException e) {
                problems.add("[" + label + "] " + e.getMessage() + ".");
            }
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        return points;
    }

    /** One value of one dimension: its label and the arguments it adds. */
    private record Choice(String label, List<String> arguments) {
    }

    private static boolean given(List<String> base, CommandLine.Model.OptionSpec o) {
        for (String a : base) {
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            for (String n : o.names()) {
                if (n.equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private Scenario parse(List<String> args) {
        CommandLine cl = HarnessCommand.commandLine(new Main.Session());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        if (spec.commandLine().getDefaultValueProvider() instanceof EnvironmentDefaults env) {
            cl.setDefaultValueProvider(env.forArgs(args));
        } else if (spec.commandLine().getDefaultValueProvider() != null) {
            cl.setDefaultValueProvider(spec.commandLine().getDefaultValueProvider());
        }
        cl.parseArgs(args.toArray(String[]::new));
        return ((HarnessCommand) cl.getCommand()).scenario();
    }

    /** The user's arguments without the sweep's own options. */
    private List<String> baseArguments() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        // The parse result holds the whole command line: keep what follows the subcommand's name.
        List<String> original = all.subList(all.indexOf(spec.name()) + 1, all.size());
        List<String> base = new ArrayList<>();
        for (int i = 0; i < original.size(); i++) {
            String a = original.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (name.equals("--vary") || name.equals("--variant") || name.equals("--output-dir") || name.equals("--metrics-port")
                    || name.equals("--metrics-tags")) {
                if (!a.contains("=")) {
                    i++;
                }
                continue;
            }
            if (name.equals("--metrics-prometheus") || name.equals("--verbose") || name.equals("--overwrite")) {
                continue;
            }
            base.add(a);
        }
        return base;
    }

    private String header() {
        List<String> names = new ArrayList<>();
        if (!variants.isEmpty()) {
            names.add("variant");
        }
        vary.forEach(v -> names.add(v.name()));
        return String.join(" x ", names);
    }

    private String table(List<Point> points, List<ResultDocument> results) {
        List<SeedTable.Row> rows = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            rows.add(SeedTable.run(points.get(i).label(), results.get(i)));
        }
        String column = vary.isEmpty() ? "variant" : variants.isEmpty() && vary.size() == 1 ? vary.get(0).name() : "run";
        return SeedTable.markdown(column, rows);
    }

    /** The directory of the i-th run (from 0) under --output-dir: {@code 01-LABEL}. */
    private static String runName(int i, Point point) {
        return String.format("%02d-%s", i + 1, slug(point.label()));
    }

    private static String slug(String label) {
        return label.replaceAll("[^A-Za-z0-9.=_-]+", "_");
    }

    private static void write(Path file, String text) {
        try {
            AtomicFiles.writeString(file, text);
        } catch (IOException e) {
            throw new HarnessException("Cannot write " + file + ": " + e.getMessage() + ".", e);
        }
    }
}
