package io.amqpharness.cli;

import io.amqpharness.containers.Brokers;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.result.GateVerdict;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.Preflight;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code harness [options]}: runs one workload and prints progress and a summary. */
@Command(name = "harness",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        customSynopsis = {"harness [run] [OPTIONS]             one run",
                "       harness sweep --vary ... [OPTIONS]  one run per value, and a table",
                "       harness find-max --p99 T [OPTIONS]  highest rate within a target",
                "       harness report DIR...               render or compare saved results", ""},
        description = {
                "Load generator for RabbitMQ: throughput, exact latency percentiles",
                "(measured from the intended send time when a rate is set) and message",
                "accounting, over AMQP 0.9.1, AMQP 1.0 and RabbitMQ's stream protocol",
                "(--protocol amqp091, amqp10 or stream). Options named as in PerfTest.",
                ""},
        footerHeading = "%nExamples%n",
        footer = {
                "  Quorum queue for 10 seconds, as fast as possible:",
                "    java -jar harness.jar --queue-type quorum -z 10s",
                "  1,000 msg/s with confirms, prefetch 200, ack every 50 messages or 50 ms:",
                "    java -jar harness.jar -r 1000 -c 100 -q 200 --multi-ack-every 50 \\",
                "      --ack-timeout 50ms -z 30s",
                "  Seed 001's AMQP 0.9.1 classic-queue run on an existing queue:",
                "    java -jar harness.jar --predeclared --exchange amq.default \\",
                "      --routing-key my-classic-queue --queue my-classic-queue \\",
                "      --flag persistent --flag mandatory --pmessages 1000000 --size 12 \\",
                "      --confirm 192 --qos 200 --multi-ack-every 200",
                "  A stream read from its first message, over AMQP 1.0:",
                "    java -jar harness.jar --protocol amqp10 --queue-type stream \\",
                "      --stream-offset first -z 10s",
                "  Seed 003's in-flight benchmark: one run stepping the confirm window:",
                "    java -jar harness.jar --queue-type quorum -s 1kb -q 1000 \\",
                "      --step confirm=1,5,20,200,1000,10000 --step-duration 5m",
                "  A sweep (one isolated run per value) and a scenario file:",
                "    java -jar harness.jar sweep --vary rate=100,1000,10000 -s 1kb -z 5m",
                "    java -jar harness.jar run --scenario docs/scenarios/seed-003-in-flight.yml",
                "  Save the results and the HTML report, serve Prometheus metrics:",
                "    java -jar harness.jar -r 1000 -c 100 -z 60s --output-dir results/run-1 \\",
                "      --metrics-prometheus --metrics-tags env=test",
                "  Compare saved runs on one page:",
                "    java -jar harness.jar report results/run-1 results/run-2",
                "  Fail (exit code 1) when the end-to-end p99 passes 20 ms or a message is lost:",
                "    java -jar harness.jar -r 1000 -z 30s \\",
                "      --fail-if 'e2e.p99>20ms' --fail-if 'lost>0'",
                "  Three instances on this machine, started together, results merged exactly:",
                "    java -jar harness.jar --instances 3 -r 1000 -z 30s \\",
                "      --output-dir results/local-3",
                "  One of four instances on four hosts (each with its own --instance):",
                "    java -jar harness.jar --instance host-1 --barrier 4 --clock wall -z 5m \\",
                "      --output-dir results/host-1",
                "    java -jar harness.jar report --merge results/host-* -o results/merged",
                "  The highest rate whose end-to-end p99 stays under 50 ms:",
                "    java -jar harness.jar find-max --p99 50ms -c 100 -q 200",
                "",
                "Every long option also reads a default from HARNESS_<NAME>, for example",
                "HARNESS_URI or HARNESS_QUEUE_TYPE; the command line wins (docs/options.md,",
                "Environment variables). PerfTest's names: docs/options.md.",
                "Exit codes: 0 success, 1 the run failed (broker unreachable, connection",
                "lost, a --fail-if gate broke, consumers asked for consumed nothing,",
                "metrics port in use, a result file not",
                "written), 2 bad usage."})
final class HarnessCommand implements Callable<Integer> {
    /** picocli's system property naming (regular expressions, comma-separated) the built-in converters it skips. */
    static final String PICOCLI_CONVERTER_EXCLUDES = "picocli.converters.excludes";

    static {
        // Each command line picocli builds looks java.sql's Time, Timestamp, Connection and Driver up by
        // reflection for built-in converters, loading 11 java.sql classes that no option here converts to.
        // A user's own setting of the property is kept.
        if (System.getProperty(PICOCLI_CONVERTER_EXCLUDES) == null) {
            System.setProperty(PICOCLI_CONVERTER_EXCLUDES, "java\\.sql\\..*");
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    OutputOptions outputs = new OutputOptions();

    @Option(names = "--verbose", description = "Show stack traces and client logs on errors.")
    boolean verbose;

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "Options from a YAML or JSON file (keys are long option names; the command line wins).")
    java.nio.file.Path scenarioFile;

    @Option(names = "--broker", paramLabel = "container[:IMAGE]",
            description = "A throwaway RabbitMQ for this run (Testcontainers; needs Docker), image "
                    + Brokers.IMAGE_SETTING + " or " + Brokers.DEFAULT_IMAGE + " by default.")
    String broker;

    @Option(names = "--instances", paramLabel = "N",
            description = "Run N instances of this workload as child processes on this machine, started together "
                    + "(a barrier through the broker), each writing into --output-dir/instance-K; then merge their "
                    + "results into --output-dir.")
    Integer instances;

    @Option(names = "--group", paramLabel = "name=NAME,KEY=VALUE,...",
            description = "A group of clients of its own in this run (repeat for each group): its fields are the run "
                    + "options by their long names without dashes (queue-type=quorum,rate=10), over the options given "
                    + "outside --group, which every group starts from. Groups start together; results, gates and the "
                    + "report are given per group and for all; see docs/options.md, Client groups.")
    List<String> groups;

    @Option(names = "--repeat", paramLabel = "N",
            description = "Run the scenario N times (each with its own warm-up, left out) and print each figure's "
                    + "median, spread and 95%% confidence interval; with --output-dir, run K writes into DIR/run-K.")
    Integer repeat;

    @Option(names = "--fault", paramLabel = "SPEC",
            description = "A fault during the run, repeatable: 'at=20s,kind=stop-node,node=2,for=10s'. Kinds: "
                    + "close-connections, stop-node, restart-broker, memory-alarm, delete-queue, command "
                    + "(run='...', undo='...'). The summary tells the longest publishing gap, the time to the first "
                    + "confirm and delivery, in doubt and lost, per fault (docs/faults.md).")
    List<String> faults = new java.util.ArrayList<>();

    @Option(names = "--fault-ctl", paramLabel = "COMMAND",
            description = "How node faults run rabbitmqctl against a node; {node} is the fault's node= "
                    + "(default: rabbitmqctl -n {node}; the local cluster: scripts/rabbitmq-cluster.sh ctl {node}).")
    String faultCtl;

    private final Main.Session session;

    HarnessCommand(Main.Session session) {
        this.session = session;
    }

    /** The scenario the parsed options describe; validates it, then checks it against this process ({@link Preflight}). */
    Scenario scenario() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        Scenario scenario = RunOptions.toBuilder(spec, args).build();
        Preflight.check(scenario, RunOptions.spellings(spec, args));
        return scenario;
    }

    @Override
    public Integer call() {
        Scenario validated = scenario();
        checkBrokerOption();
        java.util.Optional<io.amqpharness.fault.FaultPlan> faultPlan = faultPlan(validated);
        PrintWriter out = spec.commandLine().getOut();
        if (instances != null && repeat != null) {
            throw new ScenarioException(List.of("--repeat and --instances cannot be combined; repeat the "
                    + "--instances run from a shell loop, one --output-dir each, and compare with harness report."));
        }
        if (groups != null && !groups.isEmpty()) {
            return runGroups(validated, out);
        }
        if (instances != null) {
            checkInstancesOption();
            return new LocalInstances(instances, outputs.outputDir(), validated,
                    spec.commandLine().getParseResult().originalArgs(), outputs).run(out, spec.commandLine().getErr());
        }
        if (repeat != null) {
            checkRepeatOption();
            RepeatedRuns repeated = new RepeatedRuns(repeat, validated, outputs, session, instanceTag(validated));
            repeated.refuseEarlierResults();
            try (BrokerOption started = BrokerOption.start(broker, out)) {
                return repeated.run(started.apply(validated), out, spec.commandLine().getErr());
            }
        }
        // Before a --broker container starts: nothing is done for a run that would be refused.
        outputs.refuseEarlierResults();
        try (BrokerOption started = BrokerOption.start(broker, out); RunOutputs extra = RunOutputs.open(outputs, out,
                java.util.Optional.ofNullable(outputs.outputDir()), instanceTag(validated))) {
            Scenario scenario = started.apply(validated);
            LoadRunner runner = new LoadRunner(scenario).listener(new ConsoleReporter(out, scenario, extra::finished));
            faultPlan.ifPresent(runner::faults);
            extra.listeners().forEach(runner::listener);
            session.running(runner);
            RunResult result = runner.run();
            return extra.finish(exitCode(result, spec.commandLine().getErr()), out, spec.commandLine().getErr());
        }
    }

    /** {@code --group}: every group's scenario is checked before any starts. */
    private int runGroups(Scenario validated, PrintWriter out) {
        for (String refused : new String[] {instances == null ? null : "--instances", repeat == null ? null : "--repeat",
                broker == null ? null : "--broker", outputs.prometheus() ? "--metrics-prometheus" : null,
                faults.isEmpty() ? null : "--fault",
                validated.coordination().barrier().isPresent() ? "--barrier" : null,
                validated.coordination().startAt().isPresent() ? "--start-at" : null}) {
            if (refused != null) {
                throw new ScenarioException(List.of(refused + " cannot be used with --group yet: run the groups "
                        + "without it, or run each workload on its own; see docs/options.md, Client groups."));
            }
        }
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        List<GroupSpec> specs = GroupSpec.parseAll(groups);
        List<Scenario> scenarios = GroupScenarios.of(spec, args, specs);
        return new LocalGroups(specs, scenarios, validated, outputs, session).run(out, spec.commandLine().getErr());
    }

    /**
     * The faults of {@code --fault} and {@code --fault-ctl}, checked against the scenario; empty without faults.
     *
     * @throws ScenarioException one sentence (exit code 2) for a bad fault, or faults with --repeat or --instances
     */
    java.util.Optional<io.amqpharness.fault.FaultPlan> faultPlan(Scenario scenario) {
        if (faults.isEmpty()) {
            if (faultCtl != null) {
                throw new ScenarioException(List.of("--fault-ctl is for --fault; give a fault such as --fault "
                        + "'at=20s,kind=stop-node,node=2,for=10s', or leave --fault-ctl out."));
            }
            return java.util.Optional.empty();
        }
        if (instances != null || repeat != null) {
            throw new ScenarioException(List.of("--fault cannot be combined with --instances or --repeat: a fault "
                    + "acts on the broker all the instances share; run one instance with --fault."));
        }
        try {
            io.amqpharness.fault.FaultPlan plan = io.amqpharness.fault.FaultPlan.parse(faults,
                    java.util.Optional.ofNullable(faultCtl));
            plan.check(scenario.run().publishingLimit());
            return java.util.Optional.of(plan);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(List.of(e.getMessage()));
        }
    }

    /**
     * The exit code of a finished run: 1 if it failed, a {@code --fail-if} gate broke (one sentence
     * per broken gate on {@code err}), or consumers were asked for and no message was consumed (one
     * sentence, {@link #nothingConsumed}); else 0.
     */
    static int exitCode(RunResult result, PrintWriter err) {
        List<GateVerdict> broken = result.brokenGates();
        broken.forEach(v -> err.println(v.sentence()));
        java.util.Optional<String> nothing = result.failed() ? java.util.Optional.empty() : nothingConsumed(result);
        nothing.ifPresent(err::println);
        err.flush();
        boolean gatesDecide = !Boolean.getBoolean(GATES_MERGED_PROPERTY);
        return result.failed() || (gatesDecide && !broken.isEmpty()) || nothing.isPresent()
                ? ExitCode.FAILURE : ExitCode.OK;
    }

    /**
     * The sentence for a run whose consumers received nothing: such a run measured no latency and
     * no delivery, whatever else it printed (a wrong queue or binding, a consumer that sleeps for
     * each message longer than the run, consumers started after the run ended). Empty for a run
     * without consumers or that consumed something, and for a backlog run ({@code --backlog}) that
     * ended before its backlog was reached, whose consumers never arrived.
     */
    static java.util.Optional<String> nothingConsumed(RunResult result) {
        int consumers = result.scenario().consuming().consumers();
        if (consumers == 0 || result.counts().consumed() > 0) {
            return java.util.Optional.empty();
        }
        if (result.backlog().filter(b -> !b.reached()).isPresent()) {
            return java.util.Optional.empty(); // the consumers never arrived, and the summary says why
        }
        return java.util.Optional.of(String.format(java.util.Locale.ROOT,
                "No message was consumed: the run asked for %,d consumer%s and they received nothing "
                        + "(%,d published). Check the queue, the binding and routing key, --consumer-latency "
                        + "and --consumer-start-delay; exit code 1.",
                consumers, consumers == 1 ? "" : "s", result.counts().published()));
    }

    /**
     * Prints the sentence of each gate that broke on a merged result on {@code err}.
     *
     * @return true if any broke
     */
    static boolean brokenGates(ResultDocument merged, PrintWriter err) {
        boolean broken = false;
        for (ResultDocument.Gate g : merged.gates()) {
            if (g.broken()) {
                err.println(g.sentence());
                broken = true;
            }
        }
        err.flush();
        return broken;
    }

    /**
     * Set to {@code true} in the children of {@code --instances}: their gates are judged on the
     * merged result by the parent, so an instance's own broken gate does not fail it (it still
     * prints and records its verdicts).
     */
    static final String GATES_MERGED_PROPERTY = "amqpharness.gatesJudgedOnMerge";

    private void checkBrokerOption() {
        if (broker == null) {
            return;
        }
        if (!BrokerOption.valid(broker)) {
            throw new ScenarioException(List.of("--broker must be container or container:IMAGE, got '"
                    + broker + "'; for example --broker container:rabbitmq:4.1-management."));
        }
        if (spec.findOption("--uri").getValue() != null) {
            throw new ScenarioException(List.of("--broker container starts its own broker, so --uri "
                    + "cannot be used with it; drop one of them."));
        }
    }

    /** With {@code --instance ID}, every exported series carries {@code harness_instance="ID"}. */
    static java.util.Map<String, String> instanceTag(Scenario s) {
        return s.coordination().instance().map(i -> java.util.Map.of(INSTANCE_LABEL, i)).orElse(java.util.Map.of());
    }

    /**
     * The Prometheus label of {@code --instance}: not {@code instance}, which Prometheus sets to the scrape
     * target's address (an exported {@code instance} label would be renamed {@code exported_instance}).
     */
    static final String INSTANCE_LABEL = "harness_instance";

    private void checkRepeatOption() {
        if (repeat < 2 || repeat > 1000) {
            throw new ScenarioException(List.of("--repeat must be from 2 to 1000 runs, got " + repeat
                    + "; for example --repeat 5."));
        }
    }

    private void checkInstancesOption() {
        if (instances < 1 || instances > 1000) {
            throw new ScenarioException(List.of("--instances must be from 1 to 1000, got " + instances
                    + "; for example --instances 3."));
        }
        if (outputs.outputDir() == null) {
            throw new ScenarioException(List.of("--instances writes each instance's results and the merged one "
                    + "into --output-dir, which is missing; for example --instances 3 --output-dir results/local-3."));
        }
        if (broker != null) {
            throw new ScenarioException(List.of("--instances cannot be used with --broker container: the instances "
                    + "must share one broker; start it first and give its --uri."));
        }
    }

    boolean verbose() {
        return verbose;
    }

    /** Process exit codes. */
    static final class ExitCode {
        static final int OK = 0;
        static final int FAILURE = 1;
        static final int USAGE = 2;

        private ExitCode() {
        }
    }

    private static CommandLine withRunOptions(CommandLine cl) {
        RunOptions.addTo(cl.getCommandSpec());
        return cl;
    }

    /** The names of the commands below {@code harness}. */
    static final java.util.Set<String> SUBCOMMANDS = java.util.Set.of("run", "sweep", "find-max", "report",
            "generate-completion");

    /**
     * The command line for these arguments: the root command alone when they name no command and ask
     * for no help or version (a plain run), else every command ({@link #commandLine(Main.Session)}).
     * Building a command costs its options (about a hundred, each with its names, description and
     * converter) and picocli's reflection over its class: a plain run builds one of the four run
     * commands instead of all, which saves a good part of the start's CPU. Parsing, defaults and
     * error messages are the same either way: a command that no argument names is never parsed.
     */
    static CommandLine commandLine(Main.Session session, List<String> args) {
        if (!rootAlone(args)) {
            return commandLine(session);
        }
        CommandLine root = withRunOptions(new CommandLine(new HarnessCommand(session)));
        HelpLayout.install(root, List.of(), SHORT_EXAMPLES); // its --help-all: a name typos are matched against
        return root;
    }

    /**
     * Whether the root command alone parses these arguments as the whole tree would: no argument is a
     * command's name, none is a help or version option, alone or in a cluster of short options ({@code -h},
     * {@code -V}, {@code -hV}), and no {@code --} ends the options. {@link Main} checks the arguments a
     * {@code --scenario} file adds too.
     */
    static boolean rootAlone(List<String> args) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (SUBCOMMANDS.contains(a) || name.equals("--help") || name.equals(HelpLayout.HELP_ALL)
                    || name.equals("--version")
                    || (a.startsWith("-") && !a.startsWith("--") && (a.indexOf('h') > 0 || a.indexOf('V') > 0))) {
                return false;
            }
        }
        return true;
    }

    static CommandLine commandLine(Main.Session session) {
        CommandLine run = withRunOptions(new CommandLine(new HarnessCommand(session)));
        run.getCommandSpec().name("run");
        run.getCommandSpec().usageMessage().description("Runs one workload (as harness without a command).", "");
        CommandLine sweep = withRunOptions(new CommandLine(new SweepCommand(session)));
        CommandLine findMax = withRunOptions(new CommandLine(new FindMaxCommand(session)));
        CommandLine root = withRunOptions(new CommandLine(new HarnessCommand(session)))
                .addSubcommand("run", run)
                .addSubcommand("sweep", sweep)
                .addSubcommand("find-max", findMax)
                .addSubcommand("report", new ReportCommand())
                .addSubcommand("generate-completion", new picocli.AutoComplete.GenerateCompletion());
        HelpLayout.install(root, List.of(), SHORT_EXAMPLES);
        HelpLayout.install(run, List.of(), SHORT_EXAMPLES);
        HelpLayout.install(sweep, List.of("--vary", "--variant"), List.of());
        HelpLayout.install(findMax, List.of("--p50", "--p99", "--p999", "--start-rate", "--max-rate", "--probe-duration",
                "--precision", "--max-probes"), List.of());
        return root;
    }

    /** The examples {@code --help} shows; {@code --help-all} shows all of them. */
    private static final List<String> SHORT_EXAMPLES = List.of(
            "  Quorum queue, 2,000 msg/s with confirms and prefetch 200, for 30 seconds:",
            "    java -jar harness.jar --queue-type quorum -r 2000 -c 100 -q 200 -z 30s",
            "  Save results and report.html; fail (exit 1) if the e2e p99 passes 20 ms:",
            "    java -jar harness.jar -r 1000 -z 30s --output-dir results/run-1 \\",
            "      --fail-if 'e2e.p99>20ms'",
            "  The highest rate whose end-to-end p99 stays under 50 ms:",
            "    java -jar harness.jar find-max --p99 50ms -c 100 -q 200",
            "  More examples: --help-all. Every option, in tables: docs/options.md.",
            "",
            "Every long option also reads a default from HARNESS_<NAME> (HARNESS_URI,",
            "HARNESS_QUEUE_TYPE, ...); the command line wins.",
            "Exit codes: 0 success, 1 the run failed (or a --fail-if gate broke, or",
            "consumers asked for consumed nothing), 2 bad usage.");
}
