package io.amqpharness.run;

import io.amqpharness.broker.BrokerMonitor;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.broker.QueueGrowth;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.result.ClientStats;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.LatencyHistograms;
import io.amqpharness.result.Rates;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.result.SearchOutcome;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One run from the moment topology exists: opens links, starts the tasks, waits for the stop
 * condition, drains, and assembles the {@link RunResult}. Used once, by the runner's thread.
 */
final class RunExecution {
    private final Scenario scenario;
    private final String runId;
    private final io.amqpharness.spi.ProtocolDriver driver;
    private final BrokerInfo broker;
    private final TopologyPlanner.Resolved topology;
    private final List<RunListener> listeners;
    private final NanoClock clock;
    private final Measurements measurements;
    private final Optional<Recovery> recovery;
    private final Optional<RateSearchSpec> search;
    private final RunControl control;
    private final RunParticipants participants;
    private final StopCondition stopCondition;
    private final List<String> notes = new ArrayList<>();
    /** The ties to the other groups of a {@link GroupedRun}; empty for a run of its own. */
    private final Optional<GroupTies.Tie> group;
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "harness-timer");
        t.setDaemon(true);
        return t;
    });
    private volatile long measureStartNanos;
    private volatile CountSnapshot countsAtMeasureStart = CountSnapshot.ZERO;
    /** The process's CPU time when measuring started (the end of the warm-up), in nanoseconds. */
    private volatile long cpuAtMeasureStart;
    /** The client's CPU over the measured period, once publishing ended. */
    private Optional<ClientStats.Measured> measuredCpu = Optional.empty();
    private Optional<BrokerMonitor> brokerMonitor = Optional.empty();
    private Optional<ConnectionChurn> churn = Optional.empty();
    private Optional<ConnectionStats.Churn> churnResult = Optional.empty();
    private final Optional<io.amqpharness.fault.FaultPlan> faultPlan;
    private Optional<io.amqpharness.fault.FaultSchedule> faults = Optional.empty();

    RunExecution(Scenario scenario, String runId, io.amqpharness.spi.ProtocolDriver driver, BrokerInfo broker,
                 TopologyPlanner.Resolved topology, List<RunListener> listeners, NanoClock clock,
                 Optional<RateSearchSpec> search, Optional<io.amqpharness.fault.FaultPlan> faultPlan,
                 Optional<GroupTies.Tie> group) {
        this.faultPlan = faultPlan.filter(p -> !p.isEmpty());
        this.scenario = scenario;
        this.group = group;
        this.runId = runId;
        this.driver = driver;
        this.broker = broker;
        this.topology = topology;
        this.listeners = listeners;
        this.clock = clock;
        this.measurements = new Measurements(clock);
        measurements.measureBySize(scenario.publishing().sizeMix().percentBySize());
        this.search = search;
        int withGoal = scenario.consuming().messagesPerConsumer().isPresent()
                ? scenario.consuming().consumerChannels() : 0;
        this.control = new RunControl(scenario.publishing().publishers(), withGoal, Thread.currentThread());
        PayloadClock payloadClock = new PayloadClock(scenario.run().clock(), clock.nanoTime(), Instant.now());
        this.recovery = scenario.run().recovers()
                ? Optional.of(new Recovery(driver, scenario.topology().predeclared() ? Optional.empty()
                        : Optional.of(topology.plan()), control, clock, scenario.run().recoveryTimeout(),
                        measurements.outages()))
                : Optional.empty();
        this.participants = new RunParticipants(scenario, runId, driver, topology, measurements, clock, payloadClock,
                control, recovery, sentence -> listeners.forEach(l -> l.note(sentence)), group);
        this.stopCondition = new StopCondition(scenario, driver, topology.queues(), participants, control, clock);
    }

    void stop() {
        control.requestStop();
    }

    /**
     * The run's phases, in order: announce and open the links, wait at the start gate, traffic
     * until the stop condition, stop publishing, drain, stop and close the consumers, the broker's
     * side, and the result.
     */
    RunResult execute() {
        Instant startedAt = Instant.now();
        announce(startedAt);
        openLinks();
        // Links are open: wait here for the other instances and the start time, so they start together.
        notes.addAll(StartGate.await(scenario.coordination(), driver, java.time.Clock.systemDefaultZone(),
                control::stopRequested, this::note));
        // The groups of one run start together too, once every group's links are open.
        group.ifPresent(g -> g.linksOpenAwaitAll(control::stopRequested));
        Optional<SearchController> searching = search.map(s -> new SearchController(s, participants, control,
                listeners, topology.copies()));
        search.ifPresent(s -> participants.setRate(
                SearchController.firstRatePerPublisher(s, scenario.publishing().publishers())));
        long cpuStart = ClientStats.processCpuNanos();
        cpuAtMeasureStart = cpuStart;
        long start = clock.nanoTime();
        Optional<BacklogController> backlog = scenario.run().backlog().map(b -> new BacklogController(b,
                b.size().messages(scenario.publishing().sizeMix().meanBytes()), participants, control,
                new BacklogController.BacklogLevel(measurements.counters()::snapshot, topology.copies(),
                        () -> DeliveryDrain.totalDepth(driver, topology.queues())),
                () -> DeliveryDrain.totalDepth(driver, topology.queues()), clock, this::note, start));
        Optional<Stepper> steps = searching.<Stepper>map(s -> s).or(() -> backlog.map(b -> b))
                .or(() -> scenario.run().steps().map(plan -> new StepController(plan, participants)));
        IntervalSampler sampler = startTraffic(start, steps, backlog);
        startFaults(start);
        backlog.ifPresent(BacklogController::start);
        boolean timeLimit = stopCondition.await(start);
        backlog.ifPresent(BacklogController::stopWatching);
        long publishingEnd = stopPublishing(timeLimit);
        // Every fault in force is undone before the drain: the messages on a stopped node can arrive.
        faults.ifPresent(f -> f.publishingEnded(publishingEnd));
        CountSnapshot atPublishingEnd = measurements.counters().snapshot();
        measuredCpu = measuredCpu(atPublishingEnd);
        sampler.drainingFrom(publishingEnd);
        drain(clock.nanoTime() + scenario.run().drainTimeout().toNanos());
        stopConsumers(sampler);
        long end = clock.nanoTime();
        // Closing a publisher's link waits until the broker has taken in everything it sent: without
        // confirms, a saturated broker may still be reading a backlog from the sockets, which the
        // queues' depth read next would miss. And a closed channel's last statistics reach the
        // broker's counters at once, not at its next statistics tick (up to 5 s away).
        participants.closePublishers();
        Optional<BrokerMonitor.Outcome> brokerOutcome = brokerMonitor.map(m -> {
            // The consumers' rate while publishing, not diluted by the drain.
            double received = atPublishingEnd.consumed() / Math.max(1e-9, (publishingEnd - start) / 1e9);
            return m.finish(publishingEnd, harnessCounts(atPublishingEnd, publishingEnd - start), received, scenario);
        });
        List<StepResult> stepResults = steps.map(c -> c.finish(end - start)).orElse(List.of());
        return result(startedAt, start, publishingEnd, end, sampler, ClientStats.processCpuNanos() - cpuStart,
                stepResults, brokerOutcome, searching.map(SearchController::outcome),
                backlog.map(b -> b.outcome(publishingEnd - start)));
    }

    /**
     * Ends churn and stops the publishers: at once, or when the time limit ended publishing, after
     * the grace in which paced publishers that fell behind send what was due by then.
     *
     * @return when publishing ended: when the publishers stopped, not when the limit was reached
     */
    private long stopPublishing(boolean timeLimit) {
        churnResult = churn.map(ConnectionChurn::stop);
        churn = Optional.empty();
        stopCondition.graceAfter(timeLimit);
        long publishingEnd = clock.nanoTime();
        control.stopPublishing();
        participants.stopPublishers();
        return publishingEnd;
    }

    /**
     * After the drain: consumers stop (their last acknowledgements go out), the timers stop, the
     * last interval is sampled, and the consumers close, which returns what they held
     * unacknowledged to the queue before its depth is read.
     */
    private void stopConsumers(IntervalSampler sampler) {
        participants.stopConsumers(notes);
        timers.shutdownNow();
        awaitTermination();
        sampler.sampleLast();
        participants.closeConsumers();
    }

    /** Schedules the faults of {@code --fault} from {@code start}, the start of publishing. */
    private void startFaults(long start) {
        faults = faultPlan.map(plan -> new io.amqpharness.fault.FaultSchedule(plan,
                new io.amqpharness.fault.BrokerFaultActions(plan, scenario.addresses(), runId, topology.queues()),
                measurements.counters(), measurements.outages(), clock, start, participants::missing,
                scenario.publishing().confirms(), scenario.consuming().consumers() > 0, this::note));
        faults.ifPresent(io.amqpharness.fault.FaultSchedule::start);
    }

    /** Tells the listeners the run starts, and reads the broker's counters before any link opens. */
    private void announce(Instant startedAt) {
        for (RunListener l : listeners) {
            l.started(new RunStart(runId, scenario, broker, topology.queues(), startedAt));
        }
        // Read before any link opens: the broker's counters of the cross-check start here.
        brokerMonitor = BrokerMonitor.open(scenario, broker, topology.queues(), clock::nanoTime);
        brokerMonitor.flatMap(BrokerMonitor::unavailable).ifPresent(this::note);
    }

    /** Consumers first, then publishers, then idle connections. */
    private void openLinks() {
        participants.openConsumers();
        search.ifPresent(s -> participants.expectRatesUpTo(s.search().maxRate().orElse(Double.POSITIVE_INFINITY)
                / Math.max(1, scenario.publishing().publishers())));
        participants.openPublishers();
        participants.openIdleConnections();
    }

    /**
     * Starts the interval timer (with the steps or search as its first listener), the ack timeouts,
     * the consumers (now or after {@code --consumer-start-delay}), the publishers and churn.
     *
     * @return the sampler of the run's intervals
     */
    private IntervalSampler startTraffic(long start, Optional<Stepper> steps, Optional<BacklogController> backlog) {
        List<RunListener> sampled = new ArrayList<>();
        steps.ifPresent(sampled::add);
        sampled.addAll(listeners);
        measureStartNanos = start;
        IntervalSampler sampler = new IntervalSampler(measurements, sampled, clock, start, participants::inFlight,
                () -> brokerMonitor.flatMap(BrokerMonitor::fresh));
        sampler.lostFrom(participants::missingSettled, participants::missing); // steps' lost: their own gaps
        brokerMonitor.ifPresent(m -> m.start(start));
        sampler.warmingUp(scenario.run().warmup().isPresent());
        backlog.ifPresent(b -> b.cutIntervalsWith(sampler::sample));
        long intervalNanos = scenario.run().interval().toNanos();
        timers.scheduleAtFixedRate(() -> tick(sampler, start), intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
        scheduleAckTimeouts();
        Optional<Duration> consumerDelay = scenario.consuming().startDelay();
        if (consumerDelay.isEmpty()) {
            participants.startConsumers();
        } else {
            timers.schedule(this::startConsumersQuietly, consumerDelay.get().toNanos(), TimeUnit.NANOSECONDS);
        }
        control.start(start, scenario.run().publishingLimit().map(Duration::toNanos).orElse(0L));
        participants.startPublishers();
        churn = scenario.connections().churnRate().isPresent()
                ? Optional.of(new ConnectionChurn(driver, n -> participants.silentSpec(n, "churn"),
                        scenario.connections(), measurements.recorder(Metric.CHURN_OPEN)))
                : Optional.empty();
        churn.ifPresent(ConnectionChurn::start);
        return sampler;
    }

    /** Outstanding confirms, then deliveries, then replies, each until done or the deadline. */
    private void drain(long deadline) {
        long unconfirmed = participants.drainConfirms(deadline);
        if (unconfirmed > 0) {
            notes.add(String.format("%,d messages were still awaiting a confirm when the drain ended.", unconfirmed));
        }
        new DeliveryDrain(scenario, driver, topology, participants, measurements, control, clock, notes)
                .await(deadline, expectedDeliveries(measurements.counters().snapshot(), topology.copies()));
        participants.drainReplies(deadline);
    }

    private void note(String sentence) {
        listeners.forEach(l -> l.note(sentence));
    }

    /** The harness's counts the broker's are checked against. */
    private CrossCheck.HarnessCounts harnessCounts(CountSnapshot atPublishingEnd, long publishingNanos) {
        CountSnapshot c = measurements.counters().snapshot();
        boolean consumers = scenario.consuming().consumers() > 0;
        OptionalLong expected = inQueues(c);
        // Growth by the harness's own counts (current, where the broker's statistics lag by seconds), unless
        // the broker may drop messages; refused ones never entered.
        Optional<QueueGrowth> growth = consumers ? QueueGrowth.ofCounts(atPublishingEnd,
                TopologyPlanner.routedCopies(scenario, topology.queues()), TopologyPlanner.brokerMayDrop(scenario),
                Duration.ofNanos(publishingNanos)) : Optional.empty();
        return new CrossCheck.HarnessCounts(c.published(), expected, c.consumed(), consumers, growth);
    }

    /** Messages that entered the run's queues, by the harness's counts; empty when the topology does not tell. */
    private OptionalLong inQueues(CountSnapshot c) {
        long routed = c.published() - c.returned() - c.released();
        java.util.OptionalInt copies = TopologyPlanner.routedCopies(scenario, topology.queues());
        return copies.isPresent() ? OptionalLong.of(routed * copies.getAsInt()) : OptionalLong.empty();
    }

    private void startConsumersQuietly() {
        try {
            participants.startConsumers();
        } catch (RuntimeException e) {
            control.fail(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    private void tick(IntervalSampler sampler, long start) {
        try {
            long now = clock.nanoTime();
            participants.sweepTimeouts(now);
            sampler.sample();
            Optional<Duration> warmup = scenario.run().warmup();
            if (warmup.isPresent() && measureStartNanos == start && now - start >= warmup.get().toNanos()) {
                // The warm-up ends on an interval boundary: what was recorded so far is left out.
                countsAtMeasureStart = measurements.counters().snapshot();
                cpuAtMeasureStart = ClientStats.processCpuNanos();
                for (Metric m : Metric.values()) {
                    measurements.recorder(m).resetCumulative();
                }
                measurements.bySize().resetCumulative();
                measureStartNanos = now;
                sampler.warmingUp(false);
            }
        } catch (RuntimeException e) {
            control.fail("Reporting failed: " + e);
        }
    }

    private void scheduleAckTimeouts() {
        long ackTimeoutNanos = scenario.consuming().ackTimeout().map(Duration::toNanos).orElse(0L);
        // A backlog's consumers arrive later: the sweep finds them then.
        if (ackTimeoutNanos <= 0 || !participants.hasConsumers() && scenario.run().backlog().isEmpty()) {
            return;
        }
        long period = Math.max(1_000_000L, ackTimeoutNanos / 4);
        timers.scheduleAtFixedRate(() -> participants.flushAcksIfDue(clock.nanoTime()), period, period,
                TimeUnit.NANOSECONDS);
    }

    /**
     * Deliveries of this run's messages the consumers should see, each message {@code copies} times;
     * empty when the topology does not tell.
     */
    private OptionalLong expectedDeliveries(CountSnapshot c, java.util.OptionalInt copies) {
        // copies is empty when no step runs a consumer for every queue
        if (copies.isEmpty() || scenario.publishing().publishers() == 0
                || scenario.consuming().messagesPerConsumer().isPresent()) {
            return OptionalLong.empty();
        }
        long routed = scenario.publishing().settled() ? c.confirmed()
                : scenario.publishing().mandatory() ? c.published() - c.returned() : c.published();
        return OptionalLong.of(routed * copies.getAsInt());
    }

    private void awaitTermination() {
        try {
            timers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes every link; idempotent, safe after a failure. */
    void closeLinks() {
        control.stopPublishing();
        faults.ifPresent(io.amqpharness.fault.FaultSchedule::close);
        recovery.ifPresent(Recovery::close);
        timers.shutdownNow();
        brokerMonitor.ifPresent(BrokerMonitor::close);
        churn.ifPresent(ConnectionChurn::stop);
        participants.closeAll();
    }

    /** Everything the run measured, in {@link RunResult}'s order: what ran, when, counts, latency, the rest. */
    private RunResult result(Instant startedAt, long start, long publishingEnd, long end, IntervalSampler sampler,
                             long cpuNanos, List<StepResult> stepResults,
                             Optional<BrokerMonitor.Outcome> brokerOutcome, Optional<SearchOutcome> searchOutcome,
                             Optional<io.amqpharness.result.BacklogOutcome> backlogOutcome) {
        SettledCut cut = SettledCut.read(measurements.counters()::snapshot, participants::inFlight,
                scenario.publishing().confirms(), clock);
        CountSnapshot counted = cut.counts();
        addNotes(start, brokerOutcome);
        // A stream's consumers that may start after the publishers' first messages are still accounted for.
        OptionalLong expectedDeliveries = expectedDeliveries(counted,
                TopologyPlanner.accountedCopies(scenario, topology.queues()));
        boolean stream = TopologyPlanner.isStream(scenario);
        OptionalLong leftInQueues = stream || topology.plan().queues().isEmpty()
                ? OptionalLong.empty() : SettledDepth.read(driver, topology.queues(), expectedDeliveries,
                        counted.ownUnique() - counted.inDoubtArrived(), clock, notes);
        // A missing sequence of a queue that still holds messages may be one of them: not known to be lost.
        LossInQueues loss = stream ? LossInQueues.all(participants.missing())
                : LossInQueues.read(driver, topology.queues(), participants.missingByQueue(), leftInQueues);
        if (!stream) {
            loss.addNotes(leftInQueues.isPresent(), notes);
        }
        CountSnapshot counts = counted.withLost(loss.lost());
        Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            Histogram h = measurements.recorder(m).cumulative();
            histograms.put(m, h);
            latency.put(m, LatencySummary.of(h));
        }
        List<io.amqpharness.fault.FaultOutcome> faultOutcomes = faults.map(f -> f.finish(counts.lost())).orElse(List.of());
        // A run ended by message counts has no end known beforehand: a fault it never reached is said in its result.
        faults.ifPresent(f -> f.notBegun().forEach(n -> notes.add(io.amqpharness.fault.FaultSchedule.notCome(n))));
        ClientStats client = new ClientStats(Duration.ofNanos(cpuNanos), sampler.peakHeapBytes(), ClientStats.peakRss(),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), measuredCpu,
                Duration.ofNanos(ClientStats.processCpuNanos()));
        return new RunResult(runId, scenario, broker, topology.queues(), startedAt,
                Duration.ofNanos(publishingEnd - start), Duration.ofNanos(end - start), scenario.publishing().paced(),
                counts, cut.inFlight(), control.unsentAtStop(), leftInQueues, expectedDeliveries,
                rates(counts, publishingEnd, end), latency, LatencyHistograms.of(histograms), sampler.intervals(),
                stepResults, client, driver.facts(), notes,
                Optional.ofNullable(control.failure()), control.interrupted(),
                measurements.outages().summary(), measurements.blocks().summary(),
                brokerOutcome.map(BrokerMonitor.Outcome::report), searchOutcome, connectionStats(),
                measurements.bySize().summaries(),
                faultOutcomes, backlogOutcome);
    }

    /** The result's notes, after those of the phases: what the reader should know to read the numbers. */
    private void addNotes(long start, Optional<BrokerMonitor.Outcome> brokerOutcome) {
        if (control.interrupted()) {
            notes.add("Interrupted: publishing stopped early (Ctrl-C, or a stop from the library); the run then "
                    + "drained and counted as usual.");
        }
        notes.addAll(driver.notes());
        notes.addAll(measurements.clampNotes());
        notes.addAll(participants.notes());
        if (!scenario.publishing().paced() && scenario.publishing().publishers() > 0) {
            notes.add("Unpaced (closed-loop) run: publishers send as fast as flow control lets them, and latency "
                    + "is measured from the actual send, so it excludes time spent waiting to send.");
        }
        if (TopologyPlanner.brokerMayDrop(scenario)) {
            notes.add("The queue arguments or message expiration let the broker drop messages (a length limit that "
                    + "drops from the head, or a TTL): what it dropped counts as lost, and no delivery count is expected.");
        }
        scenario.run().warmup().ifPresent(w -> notes.add("The first " + String.format(java.util.Locale.ROOT, "%.2f s",
                (measureStartNanos - start) / 1e9) + " were warm-up: left out of latency and rates, "
                + "counted in the message totals."));
        brokerOutcome.ifPresent(o -> notes.addAll(o.notes()));
    }

    /**
     * Average rates over the measured part (after the warm-up): sent and confirmed over the
     * publishing time, received over the deliveries' span and from the measured start.
     */
    private Rates rates(CountSnapshot counts, long publishingEnd, long end) {
        long measureStart = measureStartNanos;
        CountSnapshot measured = counts.minus(countsAtMeasureStart);
        long firstDelivery = participants.firstDeliveryNanos(measureStart, end);
        long lastDelivery = Math.max(firstDelivery, participants.lastDeliveryNanos());
        double publishingSeconds = (publishingEnd - measureStart) / 1e9;
        return new Rates(
                perSecond(measured.published(), publishingSeconds),
                perSecond(measured.confirmed(), publishingSeconds),
                // From the start of measuring as sent is (not from the first delivery), to the last delivery.
                perSecond(measured.consumed(), (Math.max(lastDelivery, publishingEnd) - measureStart) / 1e9),
                perSecond(measured.consumed(), (lastDelivery - measureStart) / 1e9));
    }

    private ConnectionStats connectionStats() {
        ConnectionOpener.Outcome o = participants.opening();
        return new ConnectionStats(o.connections(), o.took(), o.retries(), scenario.connections().idleConnections(),
                churnResult);
    }

    /**
     * The CPU and the messages from the start of measuring to the end of publishing (the period of the
     * rates), so the CPU per message leaves out the warm-up, the drain and what the run does after.
     */
    private Optional<ClientStats.Measured> measuredCpu(CountSnapshot atPublishingEnd) {
        long cpu = ClientStats.processCpuNanos();
        if (cpu == 0) {
            return Optional.empty(); // the platform cannot tell
        }
        CountSnapshot measured = atPublishingEnd.minus(countsAtMeasureStart);
        return Optional.of(new ClientStats.Measured(Duration.ofNanos(Math.max(0, cpu - cpuAtMeasureStart)),
                Math.max(measured.published(), measured.consumed())));
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
