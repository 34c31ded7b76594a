package io.amqpharness.run;

import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.FlowBlocks;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.ReplyMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * A run's publishers: their links, tasks, confirm trackers and the threads that run them
 * ({@link PublisherRunners}), opened through the driver, started, changed by steps and stopped.
 * Used by the runner's thread and, for live changes, by one step or search thread at a time.
 */
final class RunPublishers {
    /** Random routing keys are drawn from a pool this large, built once: no allocation per message. */
    static final int RANDOM_KEYS = 1_000;

    private final Scenario scenario;
    private final ProtocolDriver driver;
    private final TopologyPlanner.Resolved topology;
    private final Measurements measurements;
    private final RunControl control;
    private final Optional<Recovery> recovery;
    private final ConnectionOpener opener;
    private final LinkNames names;
    private final SequenceCheckers checkers;
    /** Recent publish delays by publisher id, for the latency from the actual send (paced runs only). */
    private final Map<String, SendTimes> sendTimes;
    private final Optional<RequestReply> requestReply;
    private final PublisherTask.Context context;
    /** Which thread runs each publisher: its own, a shared pacing thread, or none (idle). */
    private final PublisherRunners runners;
    private final List<PublisherTask> tasks = new CopyOnWriteArrayList<>();
    private final List<PublisherLink> links = new CopyOnWriteArrayList<>();
    private final List<ConfirmTracker> trackers = new CopyOnWriteArrayList<>();
    private final List<Integer> activeIndexes = new ArrayList<>();
    private int active;
    private double rate;
    private int confirmWindow;
    /**
     * The most messages a publisher may have awaiting an outcome in the whole run: the largest window of
     * the step plan (or the transaction size); empty without confirms. Each tracker's capacity, and the
     * drivers' own limit ({@link PublisherSpec#maxInFlight()}).
     */
    private final OptionalInt maxInFlight;
    /** The properties of each message variant ({@link io.amqpharness.scenario.MessageShape#variants}), made once. */
    private final List<io.amqpharness.scenario.MessageProperties> variants;
    /** The highest per-publisher rate a search may set, in messages per second; 0 without a search. */
    private double searchRateCeiling;

    RunPublishers(RunParticipants.Shared shared, Map<String, SendTimes> sendTimes, Optional<RequestReply> requestReply) {
        this.scenario = shared.scenario();
        this.driver = shared.driver();
        this.topology = shared.topology();
        this.measurements = shared.measurements();
        this.control = shared.control();
        this.recovery = shared.recovery();
        this.opener = shared.opener();
        this.names = shared.names();
        this.checkers = shared.checkers();
        this.sendTimes = sendTimes;
        this.requestReply = requestReply;
        PublishSettings p = scenario.publishing();
        NanoClock clock = shared.clock();
        Optional<String[]> randomKeys = scenario.topology().randomRoutingKey()
                ? Optional.of(randomKeys(scenario.run().seed())) : Optional.empty();
        this.context = new PublisherTask.Context(p, measurements.counters(), measurements.recorder(Metric.PUBLISH_DELAY),
                clock, shared.payloadClock(), control, randomKeys);
        this.rate = p.ratePerProducer().orElse(0);
        int planned = Math.max(p.publishers(), scenario.run().steps().flatMap(plan -> plan.max(StepSetting.PRODUCERS))
                .map(Double::intValue).orElse(0));
        this.runners = new PublisherRunners(PublisherRunners.pacingThreadsFor(p.pacingThreads(),
                p.paced() && !p.idle() ? planned : 0, Runtime.getRuntime().availableProcessors()), control, clock,
                p.pacingSpinFor(true).toNanos(), p.pacingGranularity().toNanos());
        this.confirmWindow = p.confirmWindow().isPresent() ? p.confirmWindow().getAsInt() : p.txSize().orElse(1);
        this.maxInFlight = DriverSettings.largestWindow(scenario);
        this.variants = p.shape().variesProperties() ? p.shape().variants(p.properties()) : List.of();
    }

    /** Opens the first step's publishers and prepares (but does not start) their threads; returns what opening took. */
    ConnectionOpener.Outcome open() {
        ConnectionOpener.Opened<List<Opened>> opened = opener.openAll("publisher connections",
                ConnectionOpener.perConnection(scenario.publishing().publishers(),
                        scenario.publishing().channelsPerProducer(), this::open, Opened::close),
                list -> list.forEach(Opened::close));
        opened.results().forEach(list -> list.forEach(this::add));
        active = tasks.size();
        for (int i = 0; i < tasks.size(); i++) {
            activeIndexes.add(i);
        }
        return opened.outcome();
    }

    /** A publisher opened but not yet one of the run's. */
    private record Opened(PublisherTask task, PublisherLink link, Optional<ConfirmTracker> tracker)
            implements AutoCloseable {
        @Override
        public void close() {
            link.close();
        }
    }

    private void add(Opened p) {
        p.tracker().ifPresent(trackers::add);
        links.add(p.link());
        tasks.add(p.task());
        runners.add(p.task(), p.link());
    }

    private Opened open(int i) {
        PublishSettings p = scenario.publishing();
        String publisherId = names.publisher(i);
        List<String> reached = topology.queuesReachedBy(i);
        LongConsumer refused = checkers.refusals(reached, publisherId);
        Optional<ConfirmTracker> tracker = maxInFlight.isPresent()
                ? Optional.of(new ConfirmTracker(confirmWindow, Math.max(maxInFlight.getAsInt(), confirmWindow),
                        p.confirmTimeout().toNanos(), measurements.counters(), measurements.recorder(Metric.CONFIRM),
                        context.clock(), refused))
                : Optional.empty();
        FlowBlocks.Gate gate = measurements.blocks().gate();
        tracker.ifPresent(t -> t.reportBlocksTo(gate));
        tracker.ifPresent(t -> t.reportInDoubtTo(checkers.inDoubt(reached, publisherId)));
        PublishOutcomeListener outcomes = tracker.<PublishOutcomeListener>map(t -> t)
                .orElseGet(() -> new UnconfirmedOutcomes(measurements.counters(), control, refused, gate));
        String routingKey = topology.routingKey(i);
        PublisherSpec spec = new PublisherSpec(i, publisherId, names.connection("p", i / p.channelsPerProducer()),
                topology.exchange(), routingKey, p.persistent(), p.mandatory(), p.confirms(), p.txSize(), p.properties(),
                maxInFlight, variants);
        // Direct reply-to: the publisher's own channel receives the replies to its requests (not recovered:
        // a reply-to address belongs to the channel).
        PublisherLink link = scenario.consuming().requestReply().orElse(null) == ReplyMode.DIRECT
                ? driver.openRequester(spec, outcomes, requestReply.orElseThrow().collector())
                : recovery.<PublisherLink>map(r -> RecoveringPublisher.open(spec, outcomes, tracker, r))
                        .orElseGet(() -> driver.openPublisher(spec, outcomes));
        Optional<SendTimes> times = Optional.empty();
        if (p.paced() && !scenario.run().clock().wall()) {
            times = Optional.of(sendTimes.computeIfAbsent(publisherId, id -> new SendTimes(SendTimes.slotsFor(maxRate()))));
        }
        // Publishers at one rate start a fraction of an interval apart (publisher i of n at i/n), so they
        // do not all send at the same instants: n aligned schedules would be bursts of n messages.
        int count = Math.max(1, scenario.publishing().publishers());
        PublisherTask task = new PublisherTask(link, tracker, routingKey, context, publisherSeed(scenario.run().seed(), i), times,
                (i % count) / (double) count);
        task.setRate(rate);
        return new Opened(task, link, tracker);
    }

    /**
     * A search will set rates up to this per publisher (messages per second, may be infinite), so
     * that the publishers opened next keep enough publish delays. Before {@link #open()}.
     */
    void expectRatesUpTo(double perPublisher) {
        searchRateCeiling = perPublisher;
    }

    /** The highest rate a publisher may reach: the plain rate, the steps', the variable rates' or a search's highest. */
    private double maxRate() {
        PublishSettings p = scenario.publishing();
        double max = Math.max(rate, p.schedule().map(s -> s.stream().mapToDouble(
                RateStep::ratePerSecond).max().orElse(0)).orElse(0.0));
        max = Math.max(max, searchRateCeiling);
        return Math.max(max, scenario.run().steps().flatMap(plan -> plan.max(StepSetting.RATE)).orElse(0.0));
    }

    /** Starts the threads of the publishers opened so far; later ones start as they are added. */
    void start() {
        runners.start();
    }

    /** Stops every publisher; one blocked in a send (a broker alarm, say) is unblocked by closing its link. */
    void stop() {
        runners.stop(tasks, 5_000);
    }

    /** Closes every publisher link, a few at a time; idempotent. */
    void close() {
        opener.closeAll(links);
    }

    /** Waits up to {@code millis} for the publisher threads to end. */
    void awaitGone(long millis) {
        runners.awaitGone(millis);
    }

    // ---- live changes (steps, a search), called by one thread at a time ----

    /** Every publisher paces at this rate from its next message on. */
    void setRate(double perSecond) {
        rate = perSecond;
        tasks.forEach(t -> t.setRate(perSecond));
    }

    /** Every confirm window becomes this large. */
    void setConfirmWindow(int window) {
        confirmWindow = window;
        trackers.forEach(t -> t.setWindow(window));
    }

    /** Adds or retires publishers until {@code count} are active; new ones start at once. */
    void setCount(int count) {
        while (active < count) {
            int index = tasks.size();
            Opened opened = open(index);
            opened.task().joinLate(); // its schedule starts now, not at the start of the run
            control.publisherAdded();
            add(opened); // the run has started: its runner starts at once
            active++;
            activeIndexes.add(index);
        }
        while (active > count) {
            int index = activeIndexes.remove(activeIndexes.size() - 1);
            runners.retire(tasks.get(index));
            active--;
        }
        // --total-rate is over the publishers running now: split it again.
        OptionalDouble total = scenario.publishing().totalRate();
        if (total.isPresent() && active > 0) {
            rate = total.getAsDouble() / active;
            activeIndexes.forEach(i -> tasks.get(i).setRate(rate));
        }
    }

    // ---- confirms ----

    /** Whether any publisher awaits the broker's verdicts (confirms or transactions). */
    private boolean awaitVerdicts() {
        return !trackers.isEmpty();
    }

    /** Messages awaiting a verdict, over every publisher. */
    long inFlight() {
        long sum = 0;
        for (ConfirmTracker t : trackers) {
            sum += t.pending();
        }
        return sum;
    }

    /** Counts the messages whose confirm timeout has passed by {@code now} as timed out. */
    void sweepTimeouts(long now) {
        for (ConfirmTracker t : trackers) {
            t.sweepTimeouts(now);
        }
    }

    /**
     * Waits until no message awaits a verdict, a failure, or the deadline (on the run's clock),
     * sweeping confirm timeouts meanwhile.
     *
     * @return the messages still awaiting a verdict
     */
    long drainConfirms(long deadline) {
        NanoClock clock = context.clock();
        while (awaitVerdicts() && inFlight() > 0 && control.failure() == null && clock.nanoTime() - deadline < 0) {
            sweepTimeouts(clock.nanoTime());
            LockSupport.parkNanos(10_000_000L);
        }
        return inFlight();
    }

    /** How far the publisher furthest behind its schedule is, in nanoseconds; 0 when all are on it. */
    long mostBehindNanos() {
        long most = 0;
        for (PublisherTask p : tasks) {
            most = Math.max(most, p.behindNanos());
        }
        return most;
    }

    /** What the publishers sent per drawn routing key, priority, TTL and header value, as a note; once they stopped. */
    List<String> shapeNotes() {
        return ShapeCounts.note(scenario.publishing().shape(),
                tasks.stream().flatMap(t -> t.shapeDraw().stream()).toList());
    }

    /**
     * The 1,000 random routing keys, UUID-shaped, made from {@code --seed}: the same seed gives the
     * same keys, so a run with a seed sends the same keys again.
     */
    static String[] randomKeys(long seed) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        String[] keys = new String[RANDOM_KEYS];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = new UUID((r.nextLong() & ~0xF000L) | 0x4000L,
                    (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L).toString();
        }
        return keys;
    }

    /** Publisher {@code i}'s seed: {@code --seed} mixed with its number (0 gives the seeds of earlier versions). */
    static long publisherSeed(long runSeed, int i) {
        return runSeed * 0xBF58476D1CE4E5B9L + i * 0x9E3779B97F4A7C15L;
    }
}
