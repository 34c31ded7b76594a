package io.amqpharness.cli;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.Format;
import io.amqpharness.report.SearchSummary;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.Preflight;
import io.amqpharness.run.RateSearchSpec;
import io.amqpharness.scenario.Durations;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.RunSettings;
import io.amqpharness.scenario.GateQuantity;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.Setting;
import io.amqpharness.search.RateSearch;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness find-max --p99 50ms [options]}: the highest rate whose end-to-end latency stays
 * under a target and whose consumers keep up, found by probing steps of one run (doubling, then
 * bisection); prints the probes and the answer.
 */
@Command(name = "find-max", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        customSynopsis = {"harness find-max --p99 DURATION [--p50 ...] [--p999 ...] [OPTIONS]", ""},
        description = {"The highest rate that meets a latency target.",
                "Finds the highest rate (over all publishers) whose probes meet a latency",
                "target and keep up: publishers send, and consumers receive, at least 95 %% of",
                "the intended rate. One run whose steps are the probes: from --start-rate,",
                "doubling while probes pass (halving while they fail), then bisecting between",
                "the highest rate that passed and the lowest that failed, each probe",
                "--probe-duration long, after a 5 s warm-up at --start-rate (--warmup to change",
                "it, --warmup 0 for none); a failed first probe is measured once more. Any",
                "workload option applies; the rate is the search's.", ""},
        footerHeading = "%nExamples%n",
        footer = {"  The highest rate with an end-to-end p99 under 50 ms, confirms and prefetch 200:",
                "    java -jar harness.jar find-max --p99 50ms -c 100 -q 200",
                "  On a quorum queue over AMQP 1.0, also keeping the confirm p99.9 under 100 ms:",
                "    java -jar harness.jar find-max --protocol amqp10 --queue-type quorum -c 500 \\",
                "      --p99 20ms --fail-if 'confirm.p999>100ms' --probe-duration 30s",
                "",
                "Exit codes: 0 an answer was found, 1 no probe met the target or the run failed,",
                "2 bad usage."})
final class FindMaxCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OutputOptions outputs = new OutputOptions();

    @Option(names = "--p50", paramLabel = "DURATION", converter = Converters.DurationConverter.class, order = 1,
            description = "Target: end-to-end p50 at most this, e.g. 5ms (the same as --fail-if 'e2e.p50>5ms').")
    Duration p50;

    @Option(names = "--p99", paramLabel = "DURATION", converter = Converters.DurationConverter.class, order = 2,
            description = "Target: end-to-end p99 at most this, e.g. 50ms (the same as --fail-if 'e2e.p99>50ms').")
    Duration p99;

    @Option(names = "--p999", paramLabel = "DURATION", converter = Converters.DurationConverter.class, order = 3,
            description = "Target: end-to-end p99.9 at most this, e.g. 100ms.")
    Duration p999;

    @Option(names = "--start-rate", paramLabel = "MSG/S", converter = Converters.RateConverter.class, order = 4,
            description = "First rate probed, over all publishers (default 1000).")
    Double startRate = 1000.0;

    @Option(names = "--max-rate", paramLabel = "MSG/S", converter = Converters.RateConverter.class, order = 5,
            description = "Highest rate worth probing (default no limit).")
    Double maxRate;

    @Option(names = "--probe-duration", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            order = 6, description = "How long each probe is measured, whole reporting intervals (default 10s).")
    Duration probeDuration = Duration.ofSeconds(10);

    @Option(names = "--precision", paramLabel = "PERCENT", order = 7,
            description = "Stop once the lowest failing rate is within this share of the answer (default 5).")
    double precision = 100 * RateSearch.DEFAULT_PRECISION;

    @Option(names = "--max-probes", paramLabel = "N", order = 8,
            description = "Most probes to run (default 20); the search stops with the best answer so far.")
    int maxProbes = RateSearch.DEFAULT_MAX_PROBES;

    @Option(names = "--scenario", paramLabel = "FILE", description = "Options from a YAML or JSON file.")
    java.nio.file.Path scenarioFile;

    @Option(names = "--verbose", description = "Show stack traces and client logs on errors.")
    boolean verbose;

    private final Main.Session session;

    FindMaxCommand(Main.Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        RateSearch search = search();
        Scenario scenario = scenario(search.startRate());
        RateSearchSpec plan = new RateSearchSpec(search, scenario.run().gates(), probeDuration);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        outputs.refuseEarlierResults();
        out.printf("find-max: probing from %s msg/s, %s per probe, until within %s %%; target %s, and keep up%n",
                Format.rate(search.startRate()), Durations.format(probeDuration), number(precision),
                String.join(", ", plan.gates().stream().map(Gate::toString).toList()));
        try (RunOutputs extra = RunOutputs.open(outputs, out)) {
            LoadRunner runner = new LoadRunner(scenario).search(plan)
                    .listener(new ConsoleReporter(out, scenario, extra::finished));
            extra.listeners().forEach(runner::listener);
            session.running(runner);
            RunResult result = runner.run();
            int code = result.failed() ? HarnessCommand.ExitCode.FAILURE : HarnessCommand.ExitCode.OK;
            if (result.search().map(s -> s.answer().isEmpty()).orElse(true)) {
                err.println(result.search().isPresent() ? SearchSummary.answer(extra.document(result)) : "The search did not run.");
                code = HarnessCommand.ExitCode.FAILURE;
            }
            return extra.finish(code, out, err);
        }
    }

    private RateSearch search() {
        List<String> problems = new ArrayList<>();
        if (maxRate != null && maxRate < startRate) {
            problems.add("--max-rate (" + number(maxRate) + ") must be at least --start-rate ("
                    + number(startRate) + "); for example --max-rate " + number(startRate * 10) + ".");
        }
        if (!(precision > 0 && precision < 100)) {
            problems.add("--precision must be a percentage above 0 and below 100, got " + number(precision)
                    + "; for example --precision 5.");
        }
        if (maxProbes < 2) {
            problems.add("--max-probes must be at least 2, got " + maxProbes + "; for example --max-probes 20.");
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        return new RateSearch(startRate, maxRate == null ? OptionalDouble.empty() : OptionalDouble.of(maxRate),
                Math.min(RateSearch.DEFAULT_MIN_RATE, startRate), precision / 100, maxProbes);
    }

    /** The workload: the run options, the latency targets as gates, and the start rate split over the publishers. */
    private Scenario scenario(double start) {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        List<String> problems = new ArrayList<>();
        for (Setting s : List.of(Setting.RATE, Setting.TOTAL_RATE, Setting.VARIABLE_RATE, Setting.STEP,
                Setting.STEP_DURATION, Setting.TIME, Setting.PRODUCER_MESSAGES, Setting.CONSUMER_MESSAGES,
                Setting.EXIT_WHEN)) {
            if (spec.findOption(s.optionName()).getValue() != null) {
                problems.add("find-max chooses the rate and the length of the run itself, so " + s.optionName()
                        + " cannot be used with it; drop " + s.optionName() + ".");
            }
        }
        Scenario.Builder b = RunOptions.toBuilder(spec, args);
        target(b, p50, GateQuantity.Statistic.P50);
        target(b, p99, GateQuantity.Statistic.P99);
        target(b, p999, GateQuantity.Statistic.P999);
        if (p50 == null && p99 == null && p999 == null && spec.findOption("--fail-if").getValue() == null) {
            problems.add("find-max needs a target: --p99 DURATION (the end-to-end p99 to stay under) or --fail-if "
                    + "'EXPR'; for example find-max --p99 50ms.");
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        Scenario first = b.rate(start).build();
        Preflight.check(first, RunOptions.spellings(spec, args));
        int publishers = first.publishing().publishers();
        if (publishers == 0) {
            problems.add("find-max needs publishers: --producers is 0; for example --producers 1.");
        }
        if (first.consuming().consumers() == 0) {
            problems.add("find-max needs consumers, to tell whether they keep up: --consumers is 0; for example "
                    + "--consumers 1.");
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        Scenario.Builder probing = first.toBuilder().rate(start / publishers);
        if (first.run().warmup().isEmpty() && spec.findOption(Setting.WARMUP.optionName()).getValue() == null) {
            // Not measured: so the first probe does not measure the client's and the broker's warm-up.
            probing.warmup(RunSettings.DEFAULT_WARMUP);
        }
        return probing.build();
    }

    private static void target(Scenario.Builder b, Duration d, GateQuantity.Statistic statistic) {
        if (d != null) {
            b.failIf(new Gate(new GateQuantity.Latency(Metric.END_TO_END, statistic),
                    Gate.Comparison.GT, d.toNanos()));
        }
    }

    /** {@code 5} or {@code 2.5}. */
    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
