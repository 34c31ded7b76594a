package io.amqpharness.run;

import io.amqpharness.broker.BrokerMonitor;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.broker.QueueGrowth;
import io.amqpharness.flow.AckPolicy;
import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadClock;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.ReplyMode;
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
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One run from the moment topology exists: opens links, starts the tasks, waits for the stop
 * condition, drains, and assembles the {@link RunResult}. Used once, by the runner's thread.
 */
final class RunExecution {
    private static final long POLL_NANOS = 50_000_000L;
    private static final long DRAIN_IDLE_NANOS = 1_000_000_000L;

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
    private final List<String> notes = new ArrayList<>();
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "harness-timer");
        t.setDaemon(true);
        return t;
    });
    private volatile long measureStartNanos;
    private volatile CountSnapshot countsAtMeasureStart = CountSnapshot.ZERO;
    private Optional<BrokerMonitor> brokerMonitor = Optional.empty();
    private Optional<ConnectionChurn> churn = Optional.empty();
    private Optional<ConnectionStats.Churn> churnResult = Optional.empty();

    RunExecution(Scenario scenario, String runId, io.amqpharness.spi.ProtocolDriver driver, BrokerInfo broker,
                 TopologyPlanner.Resolved topology, List<RunListener> listeners, NanoClock clock,
                 Optional<RateSearchSpec> search) {
        this.scenario = scenario;
        this.runId = runId;
        this.driver = driver;
        this.broker = broker;
        this.topology = topology;
        this.listeners = listeners;
        this.clock = clock;
        this.measurements = new Measurements(clock);
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
                control, recovery, sentence -> listeners.forEach(l -> l.note(sentence)));
    }

    void stop() {
        control.requestStop();
    }

    RunResult execute() {
        Instant startedAt = Instant.now();
        for (RunListener l : listeners) {
            l.started(new RunStart(runId, scenario, broker, topology.queues(), startedAt));
        }
        // Read before any link opens: the broker's counters of the cross-check start here.
        brokerMonitor = BrokerMonitor.open(scenario, broker, topology.queues(), clock::nanoTime);
        brokerMonitor.flatMap(BrokerMonitor::unavailable).ifPresent(sentence -> listeners.forEach(l -> l.note(sentence)));
        participants.openConsumers();
        search.ifPresent(s -> participants.expectRatesUpTo(s.search().maxRate().orElse(Double.POSITIVE_INFINITY)
                / Math.max(1, scenario.publishing().publishers())));
        participants.openPublishers();
        participants.openIdleConnections();
        participants.trackActive();
        // Links are open: wait here for the other instances and the start time, so they start together.
        notes.addAll(StartGate.await(scenario.coordination(), driver, java.time.Clock.systemDefaultZone(),
                control::stopRequested, sentence -> listeners.forEach(l -> l.note(sentence))));
        Optional<SearchController> searching = search.map(s -> new SearchController(s, participants, control,
                listeners, topology.copies()));
        Optional<Stepper> steps = searching.<Stepper>map(s -> s)
                .or(() -> scenario.run().steps().map(plan -> new StepController(plan, participants)));
        search.ifPresent(s -> participants.setRate(
                SearchController.firstRatePerPublisher(s, scenario.publishing().publishers())));
        List<RunListener> sampled = new ArrayList<>();
        steps.ifPresent(sampled::add);
        sampled.addAll(listeners);
        long cpuStart = ClientStats.processCpuNanos();
        long start = clock.nanoTime();
        measureStartNanos = start;
        IntervalSampler sampler = new IntervalSampler(measurements, sampled, clock, start, participants::inFlight,
                () -> brokerMonitor.flatMap(BrokerMonitor::fresh));
        sampler.lostFrom(participants::missingSettled, participants::missing); // steps' lost: their own gaps
        brokerMonitor.ifPresent(m -> m.start(start));
        sampler.warmingUp(scenario.run().warmup().isPresent());
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
        participants.runners.start();
        churn = scenario.connections().churnRate().isPresent()
                ? Optional.of(new ConnectionChurn(driver, n -> participants.silentSpec(n, "churn"),
                        scenario.connections(), measurements.recorder(Metric.CHURN_OPEN)))
                : Optional.empty();
        churn.ifPresent(ConnectionChurn::start);
        boolean timeLimit = awaitStopCondition(start);
        churnResult = churn.map(ConnectionChurn::stop);
        churn = Optional.empty();
        // Publishing ends when the publishers stopped: after the grace in which paced publishers
        // that fell behind send what was due by the time limit, not when the limit was reached.
        long publishingEnd = stopPublishers(timeLimit);
        CountSnapshot atPublishingEnd = measurements.counters().snapshot();
        sampler.drainingFrom(publishingEnd);
        long drainDeadline = clock.nanoTime() + scenario.run().drainTimeout().toNanos();
        drainConfirms(drainDeadline);
        new DeliveryDrain(scenario, driver, topology, participants, measurements, control, clock, notes)
                .await(drainDeadline, expectedDeliveries(measurements.counters().snapshot()));
        drainReplies(drainDeadline);
        stopConsumers();
        timers.shutdownNow();
        awaitTermination();
        sampler.sampleLast();
        // Closing consumers returns what they held unacknowledged to the queue before its depth is read.
        participants.opener().closeAll(participants.consumers.stream().map(ConsumerTask::link).toList());
        closeReplies();
        long end = clock.nanoTime();
        Optional<BrokerMonitor.Outcome> brokerOutcome = brokerMonitor.map(m -> {
            // A closed channel's last statistics reach the broker's counters at once, not at its next
            // statistics tick (up to 5 s away): the cross-check then rarely waits.
            participants.opener().closeAll(participants.publisherLinks);
            double received = measurements.counters().snapshot().consumed() / Math.max(1e-9, (end - start) / 1e9);
            return m.finish(publishingEnd, harnessCounts(atPublishingEnd, publishingEnd - start), received, scenario);
        });
        List<StepResult> stepResults = steps.map(c -> c.finish(end - start)).orElse(List.of());
        return result(startedAt, start, publishingEnd, end, sampler, ClientStats.processCpuNanos() - cpuStart,
                stepResults, brokerOutcome, searching.map(SearchController::outcome));
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
            for (ConfirmTracker t : participants.trackers) {
                t.sweepTimeouts(now);
            }
            sampler.sample();
            Optional<Duration> warmup = scenario.run().warmup();
            if (warmup.isPresent() && measureStartNanos == start && now - start >= warmup.get().toNanos()) {
                // The warm-up ends on an interval boundary: what was recorded so far is left out.
                countsAtMeasureStart = measurements.counters().snapshot();
                for (Metric m : Metric.values()) {
                    measurements.recorder(m).resetCumulative();
                }
                measureStartNanos = now;
                sampler.warmingUp(false);
            }
        } catch (RuntimeException e) {
            control.fail("Reporting failed: " + e);
        }
    }

    private void scheduleAckTimeouts() {
        long ackTimeoutNanos = scenario.consuming().ackTimeout().map(Duration::toNanos).orElse(0L);
        if (ackTimeoutNanos <= 0 || participants.consumers.isEmpty()) {
            return;
        }
        long period = Math.max(1_000_000L, ackTimeoutNanos / 4);
        timers.scheduleAtFixedRate(() -> {
            long now = clock.nanoTime();
            for (ConsumerTask t : participants.consumers) {
                t.ackPolicy().ifPresent(p -> p.flushIfDue(now));
            }
        }, period, period, TimeUnit.NANOSECONDS);
    }

    /** Publishers at rate 0 all run long ({@code -r 0}, no steps): none has anything due, so no grace. */
    private boolean idlePublishers() {
        java.util.OptionalDouble rate = scenario.publishing().ratePerProducer();
        return rate.isPresent() && rate.getAsDouble() == 0 && scenario.publishing().variableRate().isEmpty()
                && scenario.run().steps().isEmpty();
    }

    /** Waits until the run should stop publishing; true if that is because the time limit was reached. */
    private boolean awaitStopCondition(long start) {
        long deadline = scenario.run().publishingLimit().map(d -> start + d.toNanos()).orElse(Long.MAX_VALUE);
        boolean publisherGoal = scenario.publishing().messagesPerProducer().isPresent()
                || scenario.publishing().publishers() == 0;
        boolean consumerGoal = scenario.consuming().messagesPerConsumer().isPresent();
        Optional<ExitWhen> exitWhen = scenario.consuming().exitWhen();
        long nextExitCheck = start + Math.max(1_000_000_000L, scenario.run().interval().toNanos());
        while (true) {
            if (control.failure() != null || control.stopRequested()) {
                return false;
            }
            long now = clock.nanoTime();
            if (now - deadline >= 0) {
                return true;
            }
            boolean publishersDone = control.allPublishersFinished();
            if (publishersDone && scenario.publishing().publishers() > 0 && publisherGoal && !consumerGoal
                    && exitWhen.isEmpty()) {
                return false; // the drain waits for the consumers
            }
            if (consumerGoal && control.allConsumersReachedGoal() && (publishersDone || !publisherGoal)) {
                return false;
            }
            if (exitWhen.isPresent() && now - nextExitCheck >= 0) {
                if (drained(exitWhen.get(), now)) {
                    return false;
                }
                nextExitCheck = now + 500_000_000L;
            }
            LockSupport.parkNanos(Math.min(POLL_NANOS, deadline - now));
        }
    }

    /** {@code --exit-when}: the queues are empty, or consumers have been idle a whole interval. */
    private boolean drained(ExitWhen when, long now) {
        if (when == ExitWhen.EMPTY) {
            for (String q : topology.queues()) {
                if (DeliveryDrain.depth(driver, q).orElse(1) != 0) {
                    return false;
                }
            }
            return participants.consumers.stream().allMatch(t -> t.ackPolicy().map(AckPolicy::pending).orElse(0L) == 0);
        }
        long last = participants.lastDeliveryNanos();
        long idle = Math.max(1_000_000_000L, scenario.run().interval().toNanos());
        return last != 0 && now - last >= idle;
    }

    /**
     * Stops the publishers. When the time limit ended publishing, paced publishers that fell behind
     * first get a grace period to send what was due by then; a stop for any other reason (a goal,
     * {@code --exit-when}, a failure) stops them at once.
     *
     * @return when publishing stopped
     */
    private long stopPublishers(boolean timeLimit) {
        if (timeLimit && scenario.publishing().paced() && !idlePublishers() && control.failure() == null
                && !control.stopRequested()) {
            // Paced publishers stop themselves at the time limit; let late ones send what was due.
            long graceEnd = clock.nanoTime() + Math.min(scenario.run().drainTimeout().toNanos(), 5_000_000_000L);
            while (!control.allPublishersFinished() && clock.nanoTime() - graceEnd < 0 && control.failure() == null) {
                LockSupport.parkNanos(1_000_000L);
            }
        }
        long stopped = clock.nanoTime();
        control.stopPublishing();
        // A publisher blocked in a send (a broker alarm, say) is unblocked by closing its link.
        participants.runners.stop(participants.publishers, 5_000);
        return stopped;
    }

    /** Request/reply: waits until every reply the consumers sent has come back, or the deadline. */
    private void drainReplies(long deadline) {
        if (participants.replies.isEmpty()) {
            return;
        }
        ReplyCollector c = participants.replies.get();
        while (c.received() < participants.repliesSent.sum() && control.failure() == null
                && clock.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(10_000_000L);
        }
    }

    private void closeReplies() {
        participants.replyLink.ifPresent(RunExecution::closeQuietly);
        participants.replyLinks.forEach(RunExecution::closeQuietly);
    }

    private void drainConfirms(long deadline) {
        if (participants.trackers.isEmpty()) {
            return;
        }
        while (participants.inFlight() > 0 && control.failure() == null && clock.nanoTime() - deadline < 0) {
            long now = clock.nanoTime();
            for (ConfirmTracker t : participants.trackers) {
                t.sweepTimeouts(now);
            }
            LockSupport.parkNanos(10_000_000L);
        }
        if (participants.inFlight() > 0) {
            notes.add(String.format("%,d messages were still awaiting a confirm when the drain ended.",
                    participants.inFlight()));
        }
    }

    /** Deliveries of this run's messages the consumers should see, or -1 when the topology does not tell. */
    private long expectedDeliveries(CountSnapshot c) {
        if (topology.copies().isEmpty() || scenario.publishing().publishers() == 0
                || scenario.consuming().consumers() == 0 || scenario.consuming().messagesPerConsumer().isPresent()) {
            return -1;
        }
        long routed = scenario.publishing().settled() ? c.confirmed()
                : scenario.publishing().mandatory() ? c.published() - c.returned() : c.published();
        return routed * topology.copies().getAsInt();
    }

    private void stopConsumers() {
        for (ConsumerTask t : participants.consumers) {
            try {
                t.link().cancel();
            } catch (RuntimeException e) {
                notes.add("Cancelling a consumer failed: " + e.getMessage());
            }
            try {
                t.ackPolicy().ifPresent(AckPolicy::flush);
            } catch (RuntimeException e) {
                notes.add("Acknowledging the last messages failed: " + e.getMessage());
            }
        }
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
        recovery.ifPresent(Recovery::close);
        timers.shutdownNow();
        brokerMonitor.ifPresent(BrokerMonitor::close);
        churn.ifPresent(ConnectionChurn::stop);
        participants.opener().closeAll(participants.idleLinks);
        participants.idleLinks.clear();
        // Closing waits for the broker's answer: thousands one after the other would take minutes.
        participants.opener().closeAll(participants.consumers.stream().map(ConsumerTask::link).toList());
        participants.opener().closeAll(participants.publisherLinks);
        closeReplies();
        participants.runners.awaitGone(2_000);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing after a failure: nothing more to report
        }
    }

    private RunResult result(Instant startedAt, long start, long publishingEnd, long end, IntervalSampler sampler,
                             long cpuNanos, List<StepResult> stepResults,
                             Optional<BrokerMonitor.Outcome> brokerOutcome, Optional<SearchOutcome> searchOutcome) {
        SettledCut cut = SettledCut.read(measurements.counters()::snapshot, participants::inFlight,
                scenario.publishing().confirms(), clock);
        CountSnapshot counts = cut.counts().withLost(participants.missing());
        if (control.interrupted()) {
            notes.add("Interrupted: publishing stopped early (Ctrl-C, or a stop from the library); the run then "
                    + "drained and counted as usual.");
        }
        notes.addAll(driver.notes());
        notes.addAll(measurements.clampNotes());
        participants.replies.ifPresent(c -> {
            long sent = participants.repliesSent.sum();
            String path = scenario.consuming().requestReply().orElseThrow() == ReplyMode.DIRECT
                    ? "direct reply-to" : TopologyPlanner.replyQueue(runId);
            notes.add(String.format("Request/reply: consumers answered %,d requests through %s; %,d replies came "
                    + "back%s.", sent, path, c.received(),
                    c.received() < sent ? String.format(" (%,d had not when the drain ended)", sent - c.received())
                            : ""));
        });
        long unpaired = participants.unpairedFromSend.sum();
        if (unpaired > 0) {
            notes.add(String.format("%,d deliveries arrived so long after their send (more than about 2 s of their "
                    + "publisher's messages later) that their publish delay was no longer kept: they are in "
                    + "end-to-end latency but not in e2e from send.", unpaired));
        }
        boolean paced = scenario.publishing().paced();
        if (!paced && scenario.publishing().publishers() > 0) {
            notes.add("Unpaced (closed-loop) run: publishers send as fast as flow control lets them, and latency "
                    + "is measured from the actual send, so it excludes time spent waiting to send.");
        }
        if (TopologyPlanner.brokerMayDrop(scenario)) {
            notes.add("The queue arguments or message expiration let the broker drop messages (a length limit that "
                    + "drops from the head, or a TTL): what it dropped counts as lost, and no delivery count is expected.");
        }
        scenario.run().warmup().ifPresent(w -> notes.add("The first " + io.amqpharness.scenario.Durations.format(
                Duration.ofNanos(measureStartNanos - start)) + " were warm-up: left out of latency and rates, "
                + "counted in the message totals."));
        brokerOutcome.ifPresent(o -> notes.addAll(o.notes()));
        OptionalLong left = TopologyPlanner.isStream(scenario) || topology.plan().queues().isEmpty()
                ? OptionalLong.empty() : DeliveryDrain.totalDepth(driver, topology.queues());
        long measureStart = measureStartNanos;
        CountSnapshot measured = counts.minus(countsAtMeasureStart);
        long firstDelivery = participants.consumers.stream().mapToLong(ConsumerTask::firstDeliveryNanos)
                .filter(n -> n != 0).map(n -> Math.max(n, measureStart)).min().orElse(end);
        long lastDelivery = Math.max(firstDelivery, participants.lastDeliveryNanos());
        double publishingSeconds = (publishingEnd - measureStart) / 1e9;
        Rates rates = new Rates(
                perSecond(measured.published(), publishingSeconds),
                perSecond(measured.confirmed(), publishingSeconds),
                perSecond(measured.consumed(), (lastDelivery - firstDelivery) / 1e9),
                perSecond(measured.consumed(), (lastDelivery - measureStart) / 1e9));
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            Histogram h = measurements.recorder(m).cumulative();
            histograms.put(m, h);
            latency.put(m, LatencySummary.of(h));
        }
        ClientStats client = new ClientStats(Duration.ofNanos(cpuNanos), sampler.peakHeapBytes(), ClientStats.peakRss(),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        long expected = expectedDeliveries(counts);
        return new RunResult(runId, scenario, broker, topology.queues(), startedAt,
                Duration.ofNanos(publishingEnd - start), Duration.ofNanos(end - start), paced, counts,
                cut.inFlight(), control.unsentAtStop(), left, expected >= 0 ? OptionalLong.of(expected) : OptionalLong.empty(),
                rates, latency, new LatencyHistograms(histograms), sampler.intervals(), stepResults, client,
                driver.facts(), notes, Optional.ofNullable(control.failure()),
                control.interrupted(), measurements.outages().summary(),
                measurements.blocks().summary(), brokerOutcome.map(BrokerMonitor.Outcome::report),
                searchOutcome, connectionStats());
    }

    private ConnectionStats connectionStats() {
        ConnectionOpener.Outcome o = participants.opening();
        return new ConnectionStats(o.connections(), o.took(), o.retries(), scenario.connections().idleConnections(),
                churnResult);
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
