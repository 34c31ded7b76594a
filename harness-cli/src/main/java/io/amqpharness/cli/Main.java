package io.amqpharness.cli;

import io.amqpharness.HarnessException;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.ScenarioException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * {@code java -jar harness.jar}: parses the command line, runs, maps errors to one sentence and
 * an exit code (0 success, 1 run failed, 2 bad usage). The only place that calls System.exit.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Session session = new Session(true);
        int code = execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                System.getenv(), session);
        session.finished();
        if (!session.shuttingDown()) {
            // 130 after Ctrl-C, as a shell reports a process that SIGINT ended
            System.exit(session.interrupted() ? 130 : code);
        }
    }

    /** Runs the CLI without exiting the JVM; returns the exit code. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
        Session session = new Session();
        try {
            return execute(args, out, err, env, session);
        } finally {
            session.finished(); // else the run's shutdown hook would wait 60 s when the JVM exits
        }
    }

    /** Parses a command line into a scenario without running it (tests, tools). */
    static io.amqpharness.scenario.Scenario parseScenario(Map<String, String> env, String... args) {
        CommandLine cl = HarnessCommand.commandLine(new Session());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        List<String> expanded = ScenarioFile.expand(args, cl).args();
        cl.setDefaultValueProvider(new EnvironmentDefaults(env, expanded));
        CommandLine.ParseResult parsed = cl.parseArgs(expanded.toArray(String[]::new));
        CommandLine target = parsed.hasSubcommand() ? parsed.subcommand().commandSpec().commandLine() : cl;
        HarnessCommand command = target.getCommand();
        return command.scenario();
    }

    static int execute(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env, Session session) {
        return execute(args, out, err, env, session, false);
    }

    /**
     * @param everyCommand build every command even where the root command alone would do
     *                     ({@link HarnessCommand#commandLine(Session, List)}): tests compare the two
     */
    static int execute(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env, Session session,
            boolean everyCommand) {
        CommandLine built = configured(everyCommand ? HarnessCommand.commandLine(session)
                : HarnessCommand.commandLine(session, List.of(args)), out, err);
        boolean verbose = List.of(args).contains("--verbose");
        configureLogging(verbose);
        ScenarioFile.Expanded expanded;
        try {
            expanded = ScenarioFile.expand(args, built);
        } catch (ScenarioException e) {
            e.problems().forEach(err::println);
            return HarnessCommand.ExitCode.USAGE;
        }
        // A --scenario file may add what needs the other commands (--help): the same expansion, on all of them.
        CommandLine cl = built.getSubcommands().isEmpty() && !HarnessCommand.rootAlone(expanded.args())
                ? configured(HarnessCommand.commandLine(session), out, err) : built;
        java.util.Optional<String> theirs = PerfTestNames.problem(expanded.args(), cl);
        if (theirs.isPresent()) {
            err.println(theirs.get() + " See docs/options.md, \"PerfTest, stream-perf-test and omq names\".");
            return HarnessCommand.ExitCode.USAGE;
        }
        Map<String, String> locations = expanded.locations();
        EnvironmentDefaults defaults = new EnvironmentDefaults(env, expanded.args());
        cl.setDefaultValueProvider(defaults);
        cl.setParameterExceptionHandler((ex, a) -> {
            String where = ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o
                    ? locations.get(RunOptions.canonicalName(o)) : null;
            String variable = ex.getArgSpec() == null ? null : defaults.variableOf(ex.getArgSpec()).orElse(null);
            String message = ex.getMessage();
            if (ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o) {
                // picocli names an option by its longest name, which may be a PerfTest name: use the harness's.
                message = message.replace("'" + o.longestName() + "'", "'" + RunOptions.canonicalName(o) + "'");
            }
            String text = (where == null ? "" : where + ": ") + message
                    + (variable == null ? "" : fromTheEnvironment(variable, env.get(variable))) + didYouMean(ex);
            err.println(text + (text.endsWith("?") ? " " : ". ") + "Run with --help for usage.");
            return HarnessCommand.ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            BrokerUri uri = guessUri(args);
            if (ex instanceof ScenarioException se) {
                se.problems().forEach(p -> err.println(ScenarioFile.locate(p, locations)));
                return HarnessCommand.ExitCode.USAGE;
            }
            String message = ex instanceof HarnessException ? ex.getMessage()
                    : "Unexpected error: " + ex;
            err.println(uri == null ? message : uri.scrub(message));
            if (verbose) {
                ex.printStackTrace(err);
            } else if (!(ex instanceof HarnessException)) {
                err.println("Run again with --verbose for details.");
            }
            return HarnessCommand.ExitCode.FAILURE;
        });
        return cl.execute(expanded.args().toArray(String[]::new));
    }

    private static CommandLine configured(CommandLine cl, PrintWriter out, PrintWriter err) {
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl;
    }

    /**
     * Where a bad default came from: its variable, and for {@code tcp://} values the Kubernetes
     * service link that sets such variables.
     */
    static String fromTheEnvironment(String variable, String value) {
        String text = " (the value comes from the environment variable " + variable
                + "; give the option on the command line or unset the variable";
        if (value != null && value.startsWith("tcp://")) {
            text += "; Kubernetes sets " + variable + " for a Service named "
                    + variable.toLowerCase(java.util.Locale.ROOT).replaceFirst("_[a-z]+$", "").replace('_', '-')
                    + " in the namespace: set enableServiceLinks: false in the pod spec";
        }
        return text + ")";
    }

    /** For an unknown option, the closest option's name: {@code ; did you mean --queue-type?}. */
    private static String didYouMean(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u)) {
            return "";
        }
        for (String arg : u.getUnmatched()) {
            if (arg.startsWith("-")) {
                String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                return ScenarioFile.closest(name, ex.getCommandLine().getCommandSpec())
                        .map(n -> "; did you mean " + n + "?").orElse("");
            }
        }
        return "";
    }

    private static BrokerUri guessUri(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String value = (args[i].equals("--uri") || args[i].equals("--uris")) && i + 1 < args.length ? args[i + 1]
                    : args[i].startsWith("--uri=") ? args[i].substring(6)
                    : args[i].startsWith("--uris=") ? args[i].substring(7) : null;
            if (value != null) {
                // Every address of a list has the same credentials: the first one's scrub them all.
                io.amqpharness.scenario.BrokerAddresses.Parsed list = io.amqpharness.scenario.BrokerAddresses.parse(value);
                return list.ok() ? list.addresses().primary() : BrokerUri.parse(value.split(",")[0]).orElse(null);
            }
        }
        return null;
    }

    private static void configureLogging(boolean verbose) {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "info" : "error");
        }
        if (!verbose) {
            // amqp-client logs connection failures (a TLS handshake, a dropped socket), with stack traces,
            // before throwing; the harness reports each in one sentence, so its log is for --verbose.
            System.setProperty("org.slf4j.simpleLogger.log.com.rabbitmq.client", "off");
        }
    }

    /**
     * Lets Ctrl-C end a run cleanly: publishing stops, the run drains and the summary prints. In the
     * harness's own process Ctrl-C (SIGINT) is handled without starting the JVM's shutdown, so that
     * the shutdown hooks of libraries do not run while the run drains (Testcontainers' removes its
     * containers in one: a run against {@code --broker container:...} lost its broker mid-drain);
     * a second Ctrl-C starts the JVM's shutdown, as before. Other ways to end the JVM (SIGTERM) go through
     * a shutdown hook that stops the run and waits for its drain.
     */
    static final class Session {
        private static final sun.misc.Signal INTERRUPT = new sun.misc.Signal("INT");
        private final CountDownLatch done = new CountDownLatch(1);
        private final boolean handlesSignals;
        private final java.util.function.Consumer<LoadRunner> beforeRun;
        private volatile boolean interrupted;
        private volatile boolean shuttingDown;
        private volatile Runnable runner;
        private volatile sun.misc.SignalHandler previous;
        private final List<Thread> hooks = new java.util.concurrent.CopyOnWriteArrayList<>();

        /** A session of a CLI run inside another program (tests, tools): it leaves the JVM's signal handling alone. */
        Session() {
            this(false);
        }

        /** @param handlesSignals true in the harness's own process: Ctrl-C is handled here, not by a shutdown */
        Session(boolean handlesSignals) {
            this(handlesSignals, r -> { });
        }

        /**
         * @param handlesSignals true: Ctrl-C is handled here, as in the harness's own process
         * @param beforeRun      called with each runner before it runs, before Ctrl-C reaches it (a test that
         *                       records the run, or interrupts it once it started)
         */
        Session(boolean handlesSignals, java.util.function.Consumer<LoadRunner> beforeRun) {
            this.handlesSignals = handlesSignals;
            this.beforeRun = java.util.Objects.requireNonNull(beforeRun, "beforeRun");
        }

        void running(LoadRunner r) {
            beforeRun.accept(r);
            running(r::stop);
        }

        /** As {@link #running(LoadRunner)}, for a run that {@code stop} ends early (the groups of one run). */
        void running(Runnable stop) {
            this.runner = stop;
            if (handlesSignals && previous == null) {
                previous = sun.misc.Signal.handle(INTERRUPT, s -> {
                    if (interrupted || done.getCount() == 0) {
                        restoreSignals(); // a second Ctrl-C: the JVM's own (shutdown, exit 130)
                        sun.misc.Signal.raise(INTERRUPT);
                        return;
                    }
                    interrupted = true;
                    runner.run();
                });
            }
            Thread hook = new Thread(() -> {
                if (done.getCount() == 0) {
                    return;
                }
                shuttingDown = true;
                interrupted = true;
                stop.run();
                try {
                    done.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "harness-shutdown");
            hooks.add(hook);
            Runtime.getRuntime().addShutdownHook(hook);
        }

        /**
         * The session is over: a shutdown hook running now goes on, the others are removed (else every run
         * of {@link #execute} in a long-lived JVM, a test suite's, would keep its hook and its runner).
         */
        void finished() {
            done.countDown();
            restoreSignals();
            for (Thread hook : hooks) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down (Ctrl-C): the hooks run anyway
                }
            }
            hooks.clear();
        }

        /** The shutdown hooks this session has registered and not yet removed. */
        List<Thread> hooks() {
            return List.copyOf(hooks);
        }

        boolean interrupted() {
            return interrupted;
        }

        /** True once a shutdown hook stopped the run: the JVM is exiting already. */
        boolean shuttingDown() {
            return shuttingDown;
        }

        private void restoreSignals() {
            sun.misc.SignalHandler p = previous;
            if (p != null) {
                previous = null;
                sun.misc.Signal.handle(INTERRUPT, p);
            }
        }
    }
}
