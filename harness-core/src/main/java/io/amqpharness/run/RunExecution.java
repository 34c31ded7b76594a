package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.PayloadClock;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import io.amqpharness.measure.LatencySummary;
import org.HdrHistogram.Histogram;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One run from the moment topology exists: opens links, starts the tasks, waits for the stop
 * condition, drains, and assembles the {@link RunResult}. Used once, by the runner's thread.
 */
final class RunExecution {
    private static final long POLL_NANOS = 50_000_000L;
    private static final long DRAIN_IDLE_NANOS = 1_000_000_000L;

    private final Scenario scenario;
    private final String runId;
    private final ProtocolDriver driver;
    private final BrokerInfo broker;
    private final TopologyPlanner.Resolved topology;
    private final List<RunListener> listeners;
    private final NanoClock clock;
    private final Measurements measurements = new Measurements();
    private final Integrity integrity;
    private final PayloadClock payloadClock;
    private final RunControl control;
    private final List<PublisherTask> publishers = new ArrayList<>();
    private final List<Thread> publisherThreads = new ArrayList<>();
    private final List<PublisherLink> publisherLinks = new ArrayList<>();
    private final List<ConfirmTracker> trackers = new ArrayList<>();
    private final List<ConsumerTask> consumers = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "harness-timer");
        t.setDaemon(true);
        return t;
    });

    RunExecution(Scenario scenario, String runId, ProtocolDriver driver, BrokerInfo broker,
                 TopologyPlanner.Resolved topology, List<RunListener> listeners, NanoClock clock) {
        this.scenario = scenario;
        this.runId = runId;
        this.driver = driver;
        this.broker = broker;
        this.topology = topology;
        this.listeners = listeners;
        this.clock = clock;
        int withGoal = scenario.consuming().messagesPerConsumer().isPresent() ? scenario.consuming().consumers() : 0;
        this.control = new RunControl(scenario.publishing().producers(), withGoal, Thread.currentThread());
        this.integrity = new Integrity(measurements.counters(), runId + "-p");
        this.payloadClock = new PayloadClock(scenario.run().clock(), clock.nanoTime(), Instant.now());
    }

    void stop() {
        control.requestStop();
    }

    RunResult execute() {
        Instant startedAt = Instant.now();
        for (RunListener l : listeners) {
            l.started(new RunStart(runId, scenario, broker, queueNames(), startedAt));
        }
        openConsumers();
        openPublishers();
        long cpuStart = ClientStats.processCpuNanos();
        long start = clock.nanoTime();
        IntervalSampler sampler = new IntervalSampler(measurements, listeners, clock, start, this::inFlight);
        long intervalNanos = scenario.run().interval().toNanos();
        timers.scheduleAtFixedRate(() -> tick(sampler), intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
        control.start(start, scenario.run().time().map(Duration::toNanos).orElse(0L));
        for (Thread t : publisherThreads) {
            t.start();
        }
        awaitStopCondition(start);
        long publishingEnd = clock.nanoTime();
        sampler.drainingFrom(publishingEnd);
        stopPublishers();
        long drainDeadline = clock.nanoTime() + scenario.run().drainTimeout().toNanos();
        drainConfirms(drainDeadline);
        drainDeliveries(drainDeadline);
        stopConsumers();
        timers.shutdownNow();
        awaitTermination();
        sampler.sampleLast();
        // Closing consumers returns what they held unacknowledged to the queue before its depth is read.
        consumers.forEach(t -> closeQuietly(t.link()));
        long end = clock.nanoTime();
        return result(startedAt, start, publishingEnd, end, sampler, ClientStats.processCpuNanos() - cpuStart);
    }

    private void tick(IntervalSampler sampler) {
        try {
            long now = clock.nanoTime();
            for (ConfirmTracker t : trackers) {
                t.sweepTimeouts(now);
            }
            sampler.sample();
        } catch (RuntimeException e) {
            control.fail("Reporting failed: " + e);
        }
    }

    private void openConsumers() {
        ConsumeSettings c = scenario.consuming();
        long ackTimeoutNanos = c.ackTimeout().map(Duration::toNanos).orElse(0L);
        for (int i = 0; i < c.consumers(); i++) {
            ConsumerLink link = driver.openConsumer(new ConsumerSpec(i, connectionName("c", i), topology.queue(),
                    scenario.topology().queueType(), c.prefetch(), c.autoAck(), c.streamOffset()));
            Optional<AckPolicy> policy = c.autoAck() ? Optional.empty()
                    : Optional.of(new AckPolicy(link, c.ackEvery(), ackTimeoutNanos, clock));
            ConsumerTask task = new ConsumerTask(link, policy, c.messagesPerConsumer(), integrity, payloadClock,
                    c.consumerLatency(), measurements.counters(), measurements.recorder(Metric.END_TO_END), clock, control);
            consumers.add(task);
            link.start(task);
        }
        if (ackTimeoutNanos > 0 && !consumers.isEmpty()) {
            long period = Math.max(1_000_000L, ackTimeoutNanos / 4);
            timers.scheduleAtFixedRate(() -> {
                long now = clock.nanoTime();
                for (ConsumerTask t : consumers) {
                    t.ackPolicy().ifPresent(p -> p.flushIfDue(now));
                }
            }, period, period, TimeUnit.NANOSECONDS);
        }
    }

    private void openPublishers() {
        PublishSettings p = scenario.publishing();
        for (int i = 0; i < p.producers(); i++) {
            Optional<ConfirmTracker> tracker = p.confirmWindow().stream().boxed().findFirst()
                    .map(w -> new ConfirmTracker(w, w, p.confirmTimeout().toNanos(), measurements.counters(),
                            measurements.recorder(Metric.CONFIRM), clock));
            tracker.ifPresent(trackers::add);
            PublishOutcomeListener outcomes = tracker.<PublishOutcomeListener>map(t -> t)
                    .orElseGet(() -> new UnconfirmedOutcomes(measurements.counters(), control));
            PublisherLink link = driver.openPublisher(new PublisherSpec(i, runId + "-p" + i, connectionName("p", i),
                    topology.exchange(), topology.routingKey(), p.persistent(), p.mandatory(), p.confirms()), outcomes);
            publisherLinks.add(link);
            PublisherTask task = new PublisherTask(link, tracker, p.ratePerProducer(), p.messagesPerProducer(),
                    p.messageSizeBytes(), measurements.counters(), measurements.recorder(Metric.PUBLISH_DELAY),
                    clock, payloadClock, control);
            publishers.add(task);
            Thread thread = new Thread(task, "harness-publisher-" + i);
            thread.setDaemon(true);
            publisherThreads.add(thread);
        }
    }

    private String connectionName(String role, int index) {
        return "harness-" + runId + "-" + role + index;
    }

    private void awaitStopCondition(long start) {
        Optional<Duration> time = scenario.run().time();
        long deadline = time.map(d -> start + d.toNanos()).orElse(Long.MAX_VALUE);
        boolean publisherGoal = scenario.publishing().messagesPerProducer().isPresent()
                || scenario.publishing().producers() == 0;
        boolean consumerGoal = scenario.consuming().messagesPerConsumer().isPresent();
        while (true) {
            if (control.failure() != null || control.stopRequested()) {
                return;
            }
            long now = clock.nanoTime();
            if (now - deadline >= 0) {
                return;
            }
            boolean publishersDone = control.allPublishersFinished();
            if (publishersDone && scenario.publishing().producers() > 0 && publisherGoal && !consumerGoal) {
                return; // the drain waits for the consumers
            }
            if (consumerGoal && control.allConsumersReachedGoal() && (publishersDone || !publisherGoal)) {
                return;
            }
            LockSupport.parkNanos(Math.min(POLL_NANOS, deadline - now));
        }
    }

    private void stopPublishers() {
        if (scenario.publishing().paced() && scenario.run().time().isPresent() && control.failure() == null
                && !control.stopRequested()) {
            // Paced publishers stop themselves at the time limit; let late ones send what was due.
            long graceEnd = clock.nanoTime() + Math.min(scenario.run().drainTimeout().toNanos(), 5_000_000_000L);
            while (!control.allPublishersFinished() && clock.nanoTime() - graceEnd < 0 && control.failure() == null) {
                LockSupport.parkNanos(1_000_000L);
            }
        }
        control.stopPublishing();
        publishers.forEach(PublisherTask::wake);
        for (int i = 0; i < publisherThreads.size(); i++) {
            Thread t = publisherThreads.get(i);
            join(t, 5_000);
            if (t.isAlive()) {
                // Blocked in a send (a broker alarm, say): closing the link unblocks it.
                publisherLinks.get(i).close();
                join(t, 5_000);
            }
        }
    }

    private void drainConfirms(long deadline) {
        if (trackers.isEmpty()) {
            return;
        }
        while (inFlight() > 0 && control.failure() == null && clock.nanoTime() - deadline < 0) {
            long now = clock.nanoTime();
            for (ConfirmTracker t : trackers) {
                t.sweepTimeouts(now);
            }
            LockSupport.parkNanos(10_000_000L);
        }
        if (inFlight() > 0) {
            notes.add(String.format("%,d messages were still awaiting a confirm when the drain ended.", inFlight()));
        }
    }

    private void drainDeliveries(long deadline) {
        if (consumers.isEmpty() || control.failure() != null) {
            return;
        }
        boolean goal = scenario.consuming().messagesPerConsumer().isPresent();
        long drainStart = clock.nanoTime();
        long nextDepthCheck = drainStart;
        boolean stream = TopologyPlanner.isStream(scenario);
        while (control.failure() == null) {
            long now = clock.nanoTime();
            if (goal && control.allConsumersReachedGoal()) {
                return;
            }
            CountSnapshot counts = measurements.counters().snapshot();
            long expected = expectedDeliveries(counts);
            if (!goal && expected >= 0 && counts.ownConsumed() >= expected) {
                return;
            }
            long lastDelivery = Math.max(drainStart, consumers.stream()
                    .mapToLong(ConsumerTask::lastDeliveryNanos).max().orElse(0));
            if (now - lastDelivery >= DRAIN_IDLE_NANOS && now >= nextDepthCheck) {
                // Idle consumers: stop unless the queue still holds messages for them.
                long depth = stream ? 0 : queueDepthQuietly(topology.queue()).orElse(0);
                if (depth == 0) {
                    return;
                }
                nextDepthCheck = now + 500_000_000L;
            }
            if (now - deadline >= 0) {
                notes.add("The drain timeout (" + scenario.run().drainTimeout().toSeconds()
                        + " s) ended the run before consumers had received everything.");
                return;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Deliveries the consumers should see, or -1 when the topology does not tell. */
    private long expectedDeliveries(CountSnapshot c) {
        if (!topology.oneToOne() || scenario.publishing().producers() == 0) {
            return -1;
        }
        if (scenario.publishing().confirms()) {
            return c.confirmed();
        }
        return scenario.publishing().mandatory() ? c.published() - c.returned() : c.published();
    }

    private void stopConsumers() {
        for (ConsumerTask t : consumers) {
            try {
                t.link().cancel();
            } catch (RuntimeException e) {
                notes.add("Cancelling a consumer failed: " + e.getMessage());
            }
            t.ackPolicy().ifPresent(AckPolicy::flush);
        }
    }

    private long inFlight() {
        long sum = 0;
        for (ConfirmTracker t : trackers) {
            sum += t.pending();
        }
        return sum;
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
        timers.shutdownNow();
        for (ConsumerTask t : consumers) {
            closeQuietly(t.link());
        }
        for (PublisherLink l : publisherLinks) {
            closeQuietly(l);
        }
        for (Thread t : publisherThreads) {
            join(t, 2_000);
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing after a failure: nothing more to report
        }
    }

    private static void join(Thread t, long millis) {
        try {
            if (t.getState() != Thread.State.NEW) {
                t.join(millis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private RunResult result(Instant startedAt, long start, long publishingEnd, long end, IntervalSampler sampler,
                             long cpuNanos) {
        CountSnapshot counts = measurements.counters().snapshot().withLost(integrity.missing());
        notes.addAll(driver.notes());
        boolean paced = scenario.publishing().paced();
        if (!paced && scenario.publishing().producers() > 0) {
            notes.add("Unpaced (closed-loop) run: publishers send as fast as flow control lets them, and latency "
                    + "is measured from the actual send, so it excludes time spent waiting to send.");
        }
        OptionalLong left = TopologyPlanner.isStream(scenario) || queueNames().isEmpty() ? OptionalLong.empty()
                : queueDepthQuietly(topology.queue());
        long firstDelivery = consumers.stream().mapToLong(ConsumerTask::firstDeliveryNanos)
                .filter(n -> n != 0).min().orElse(end);
        long lastDelivery = consumers.stream().mapToLong(ConsumerTask::lastDeliveryNanos)
                .filter(n -> n != 0).max().orElse(firstDelivery);
        double publishingSeconds = (publishingEnd - start) / 1e9;
        Rates rates = new Rates(
                perSecond(counts.published(), publishingSeconds),
                perSecond(counts.confirmed(), publishingSeconds),
                perSecond(counts.consumed(), (lastDelivery - firstDelivery) / 1e9),
                perSecond(counts.consumed(), (lastDelivery - start) / 1e9));
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            Histogram h = measurements.recorder(m).cumulative();
            histograms.put(m, h);
            latency.put(m, LatencySummary.of(h));
        }
        ClientStats client = new ClientStats(Duration.ofNanos(cpuNanos), sampler.peakHeapBytes(), ClientStats.peakRss(),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        String failure = control.failure();
        long expected = expectedDeliveries(counts);
        return new RunResult(runId, scenario, broker, queueNames(), startedAt,
                Duration.ofNanos(publishingEnd - start), Duration.ofNanos(end - start), paced, counts, inFlight(),
                left, expected >= 0 && !scenario.consuming().messagesPerConsumer().isPresent()
                        && scenario.consuming().consumers() > 0 ? OptionalLong.of(expected) : OptionalLong.empty(),
                rates, latency, new LatencyHistograms(histograms), sampler.intervals(), client, driver.facts(),
                notes,
                Optional.ofNullable(failure));
    }

    private List<String> queueNames() {
        return topology.plan().queues().stream().map(io.amqpharness.spi.TopologyPlan.Queue::name).toList();
    }

    private OptionalLong queueDepthQuietly(String queue) {
        try {
            return driver.queueDepth(queue);
        } catch (RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
