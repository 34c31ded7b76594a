package io.amqpharness.run;

import io.amqpharness.HarnessException;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * Runs a {@link Scenario}: checks it against this process ({@link Preflight}), connects, declares
 * topology, starts consumers then publishers, stops on time or message counts, drains outstanding
 * confirms and deliveries, deletes what it declared, and returns a {@link RunResult}. Prints nothing; progress goes to
 * {@link RunListener}s.
 *
 * <pre>{@code
 * RunResult r = new LoadRunner(scenario).run();
 * }</pre>
 *
 * <p>One runner runs one scenario once. {@link #stop()} may be called from any thread.
 */
public final class LoadRunner {
    private final Scenario scenario;
    private final List<RunListener> listeners = new CopyOnWriteArrayList<>();
    private NanoClock clock = NanoClock.SYSTEM;
    private Optional<RateSearchSpec> search = Optional.empty();
    private final List<UnaryOperator<DriverProvider>> decorators = new CopyOnWriteArrayList<>();
    private Optional<io.amqpharness.fault.FaultPlan> faults = Optional.empty();
    private volatile RunExecution execution;
    private volatile boolean stopRequested;
    /** The ties to the other groups of a {@link GroupedRun}; empty for a run of its own. */
    private Optional<GroupTies.Tie> group = Optional.empty();

    public LoadRunner(Scenario scenario) {
        this.scenario = Objects.requireNonNull(scenario, "scenario");
    }

    /** Adds a listener for progress; returns this runner. */
    public LoadRunner listener(RunListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * Wraps the driver this run uses: {@code decorator} gets the provider of the scenario's protocol
     * (found and checked by the {@link Preflight}) and returns the provider whose driver the run uses,
     * typically one that delegates to it and watches its calls (the oracle of harness-junit records a
     * run's sends, verdicts and deliveries so). Decorators apply in the order added, each to the previous
     * one's result, once per {@link #run()}, on its thread; a decorator must keep the delegate's
     * {@code traits()}. Returns this runner.
     */
    public LoadRunner decorateDriver(UnaryOperator<DriverProvider> decorator) {
        decorators.add(Objects.requireNonNull(decorator, "decorator"));
        return this;
    }

    /**
     * Makes faults during the run ({@code --fault}): each at its time from the start of publishing, through the
     * management API of the scenario's addresses and {@link io.amqpharness.fault.FaultPlan#ctl()}; every lasting
     * fault is undone when publishing ends at the latest. {@link RunResult#faults()} tells what the clients saw
     * around each. Returns this runner.
     *
     * @throws IllegalArgumentException if a fault comes after the scenario's {@code --time}, or lacks a node its
     *         command needs (one sentence)
     */
    public LoadRunner faults(io.amqpharness.fault.FaultPlan plan) {
        Objects.requireNonNull(plan, "plan").check(scenario.run().publishingLimit());
        this.faults = Optional.of(plan);
        return this;
    }

    /** Uses another clock (tests). The default is {@link NanoClock#SYSTEM}. */
    public LoadRunner clock(NanoClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Makes the run a {@code find-max} search: instead of the scenario's rate, time limit and
     * steps, each step probes one rate chosen from the previous probes, and the run ends when the
     * search is over; {@link RunResult#search()} holds the probes and the answer. The scenario
     * must be paced and have neither a time limit nor steps.
     *
     * @throws IllegalArgumentException if the scenario cannot be searched
     */
    public LoadRunner search(RateSearchSpec spec) {
        if (!scenario.publishing().paced() || scenario.run().publishingLimit().isPresent()
                || scenario.publishing().messagesPerProducer().isPresent()) {
            throw new IllegalArgumentException("a search needs a paced scenario without --time, --step or --pmessages");
        }
        this.search = Optional.of(Objects.requireNonNull(spec, "spec"));
        return this;
    }

    /**
     * Runs the scenario to completion and returns what it measured. A run that fails midway
     * (a connection closed by the broker, say) still returns a result, with
     * {@link RunResult#failure()} set.
     *
     * @throws io.amqpharness.scenario.ScenarioException if the {@link Preflight} finds a problem (a TLS
     *         file that does not load, no driver for the protocol, a setting the driver cannot honour);
     *         nothing has started then
     * @throws io.amqpharness.spi.BrokerUnreachableException if the broker cannot be reached
     * @throws HarnessException if the topology cannot be declared
     */
    public RunResult run() {
        if (group.isEmpty()) {
            return runOnce();
        }
        group.get().setUpTurn();
        try {
            return runOnce();
        } finally {
            group.get().drainedAwaitAll(); // at once if it got that far; else it drops out, and stops the others
        }
    }

    private RunResult runOnce() {
        DriverProvider provider = Preflight.check(scenario);
        for (UnaryOperator<DriverProvider> d : decorators) {
            provider = Objects.requireNonNull(d.apply(provider), "a driver decorator returned null");
        }
        String runId = group.map(GroupTies.Tie::runId).orElseGet(RunIds::next);
        try (ProtocolDriver driver = provider.create(DriverSettings.of(scenario, runId))) {
            BrokerInfo broker = driver.connect();
            TopologyPlanner.Resolved topology = TopologyPlanner.plan(scenario, runId);
            DeclaredTopology declared = driver.control().declare(topology.plan());
            RunExecution run = new RunExecution(scenario, runId, driver, broker, topology, listeners, clock, search,
                    faults, group);
            try {
                execution = run;
                if (stopRequested) {
                    run.stop();
                }
                RunResult result = run.execute();
                group.ifPresent(g -> g.ended(result.failed()));
                for (RunListener l : listeners) {
                    l.finished(result);
                }
                return result;
            } finally {
                run.closeLinks();
                // Groups may share a queue: none is deleted before every group has drained.
                group.ifPresent(GroupTies.Tie::drainedAwaitAll);
                if (!scenario.topology().keep()) {
                    driver.control().delete(declared);
                }
            }
        }
    }

    /** Makes this run one group of a {@link GroupedRun}; called by it before {@link #run()}. */
    LoadRunner inGroup(GroupTies.Tie tie) {
        this.group = Optional.of(tie);
        return this;
    }

    /** Ends the run early: publishing stops, the drain and the report happen as usual. */
    public void stop() {
        stopRequested = true;
        RunExecution run = execution;
        if (run != null) {
            run.stop();
        }
    }
}
