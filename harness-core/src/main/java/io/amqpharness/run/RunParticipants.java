package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadClock;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.ReplyMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * Opens a run's consumers and publishers through the driver and keeps them: links, tasks,
 * threads, confirm trackers, and one sequence checker per queue, or per consumer of a stream (a fanout message reaches every
 * queue, and each copy is checked on its own). Used by the runner's thread.
 */
final class RunParticipants {
    /** Random routing keys are drawn from a pool this large, built once: no allocation per message. */
    static final int RANDOM_KEYS = 1_000;

    private final Scenario scenario;
    private final String runId;
    private final ProtocolDriver driver;
    private final TopologyPlanner.Resolved topology;
    private final Measurements measurements;
    private final NanoClock clock;
    private final PayloadClock payloadClock;
    private final RunControl control;
    private final Optional<Recovery> recovery;
    /** Sequence checkers by queue (or stream consumer); added to while publishers may report refusals. */
    private final Map<String, Integrity> integrity = new ConcurrentHashMap<>();
    /** The same checkers by the queue they check, for telling each only of refusals of messages routed to it. */
    private final Map<String, QueueCheckers> checkersByQueue = new ConcurrentHashMap<>();
    /** Recent publish delays by publisher id, for the latency from the actual send (paced runs only). */
    private final Map<String, SendTimes> sendTimes = new ConcurrentHashMap<>();
    /** Deliveries whose publish delay had left their publisher's ring: not in the from-send latency. */
    final LongAdder unpairedFromSend = new LongAdder();
    /** Request/reply: the links consumers answer on, and the replies they sent. */
    final List<PublisherLink> replyLinks = new CopyOnWriteArrayList<>();
    final LongAdder repliesSent = new LongAdder();
    /** Request/reply: the consumer of the reply queue and what it measures; empty otherwise. */
    Optional<ReplyCollector> replies = Optional.empty();
    Optional<ConsumerLink> replyLink = Optional.empty();
    final List<PublisherTask> publishers = new CopyOnWriteArrayList<>();
    /** Which thread runs each publisher: its own, a shared pacing thread, or none (idle). */
    final PublisherRunners runners;
    final List<PublisherLink> publisherLinks = new CopyOnWriteArrayList<>();
    final List<ConfirmTracker> trackers = new CopyOnWriteArrayList<>();
    final List<ConsumerTask> consumers = new CopyOnWriteArrayList<>();
    private final List<Integer> activePublisherIndexes = new ArrayList<>();
    private final List<Integer> activeConsumerIndexes = new ArrayList<>();
    private final PublisherTask.Context context;
    private int activePublishers;
    private int activeConsumers;
    private double rate;
    private int confirmWindow;
    private OptionalInt prefetch;
    private int ackEvery;
    /** The highest per-publisher rate a search may set, in messages per second; 0 without a search. */
    private double searchRateCeiling;
    /** Opens connections concurrently, at the scenario's bound and rate. */
    private final ConnectionOpener opener;
    /** What opening the first step's connections took, over publishers, consumers and idle connections. */
    private ConnectionOpener.Outcome opening = ConnectionOpener.Outcome.NONE;

    RunParticipants(Scenario scenario, String runId, ProtocolDriver driver, TopologyPlanner.Resolved topology,
                    Measurements measurements, NanoClock clock, PayloadClock payloadClock, RunControl control,
                    Optional<Recovery> recovery, java.util.function.Consumer<String> progress) {
        this.recovery = recovery;
        this.opener = new ConnectionOpener(scenario.connections().openConcurrency(), scenario.connections().openRate(),
                progress);
        this.scenario = scenario;
        this.runId = runId;
        this.driver = driver;
        this.topology = topology;
        this.measurements = measurements;
        this.clock = clock;
        this.payloadClock = payloadClock;
        this.control = control;
        PublishSettings p = scenario.publishing();
        Optional<String[]> randomKeys = scenario.topology().randomRoutingKey()
                ? Optional.of(randomKeys()) : Optional.empty();
        this.context = new PublisherTask.Context(p, measurements.counters(), measurements.recorder(Metric.PUBLISH_DELAY),
                clock, payloadClock, control, randomKeys);
        this.rate = p.ratePerProducer().orElse(0);
        int planned = Math.max(p.publishers(), scenario.run().steps().flatMap(plan -> plan.max(StepSetting.PRODUCERS))
                .map(Double::intValue).orElse(0));
        this.runners = new PublisherRunners(PublisherRunners.pacingThreadsFor(p.pacingThreads(),
                p.paced() && !p.idle() ? planned : 0, Runtime.getRuntime().availableProcessors()), control, clock,
                p.pacingSpinFor(true).toNanos());
        this.confirmWindow = p.confirmWindow().isPresent() ? p.confirmWindow().getAsInt() : p.txSize().orElse(1);
        this.prefetch = scenario.consuming().prefetch();
        this.ackEvery = scenario.consuming().ackEvery();
    }

    /** Opens the first step's consumers; they receive once {@link #startConsumers()} runs. */
    void openConsumers() {
        Optional<ReplyMode> mode = scenario.consuming().requestReply();
        if (mode.isPresent()) {
            replies = Optional.of(new ReplyCollector(payloadClock, measurements.recorder(Metric.ROUND_TRIP), clock,
                    control));
        }
        if (mode.orElse(null) == ReplyMode.QUEUE) {
            replyLink = Optional.of(driver.openConsumer(new ConsumerSpec(scenario.consuming().consumerChannels(),
                    connectionName("replies", 0), TopologyPlanner.replyQueue(runId), QueueType.CLASSIC,
                    OptionalInt.empty(), true, Optional.empty(), Map.of(), false, Duration.ZERO, Optional.empty())));
        }
        int perConnection = scenario.consuming().channelsPerConsumer();
        ConnectionOpener.Opened<List<ConsumerTask>> opened = opener.openAll("consumer connections",
                tasks(scenario.consuming().consumerChannels(), perConnection, this::openConsumer, t -> t.link().close()),
                list -> list.forEach(t -> t.link().close()));
        opened.results().forEach(consumers::addAll);
        opening = opening.plus(opened.outcome());
        activeConsumers = consumers.size();
    }

    /**
     * One task per connection: links {@code k * perConnection} up to {@code total} opened one after
     * the other; if one fails, those before it on that connection are closed again.
     */
    private static <T> List<ConnectionOpener.Task<List<T>>> tasks(
            int total, int perConnection, java.util.function.IntFunction<T> open, java.util.function.Consumer<T> close) {
        List<ConnectionOpener.Task<List<T>>> tasks = new ArrayList<>();
        for (int from = 0; from < total; from += perConnection) {
            int first = from;
            int end = Math.min(total, from + perConnection);
            tasks.add(() -> {
                List<T> links = new ArrayList<>(end - first);
                try {
                    for (int i = first; i < end; i++) {
                        links.add(open.apply(i));
                    }
                    return links;
                } catch (RuntimeException e) {
                    for (T t : links) {
                        try {
                            close.accept(t);
                        } catch (RuntimeException ignored) {
                            // the open failure is what gets reported
                        }
                    }
                    throw e;
                }
            });
        }
        return tasks;
    }

    /** Idle connections' links ({@code --idle-connections}), held until the run ends. */
    final List<PublisherLink> idleLinks = new CopyOnWriteArrayList<>();

    /** Opens the idle connections, each with {@code --idle-channels} publisher links that never send. */
    void openIdleConnections() {
        int n = scenario.connections().idleConnections();
        int channels = scenario.connections().idleChannels();
        List<ConnectionOpener.Task<List<PublisherLink>>> tasks = tasks(n * channels, channels,
                k -> driver.openPublisher(silentSpec(k, "idle", k / channels), ConnectionChurn.NO_OUTCOMES),
                PublisherLink::close);
        ConnectionOpener.Opened<List<PublisherLink>> opened = opener.openAll("idle connections", tasks,
                list -> list.forEach(PublisherLink::close));
        opened.results().forEach(idleLinks::addAll);
        opening = opening.plus(opened.outcome());
    }

    /** A publisher on a connection of its own that never sends, on the run's exchange and first routing key. */
    PublisherSpec silentSpec(long k, String role) {
        return silentSpec(k, role, k);
    }

    /** As {@link #silentSpec(long, String)}, link {@code k} on connection {@code connection} of that role. */
    PublisherSpec silentSpec(long k, String role, long connection) {
        String key = topology.queues().isEmpty() ? scenario.topology().routingKey().orElse("") : topology.routingKey(0);
        return new PublisherSpec((int) (k % Integer.MAX_VALUE), runId + "-" + role + k, "harness-" + runId + "-" + role + connection,
                topology.exchange(), key, false, false, false, OptionalInt.empty(), MessageProperties.NONE);
    }

    /** What opening the first step's connections took. */
    ConnectionOpener.Outcome opening() {
        return opening;
    }

    /** The opener, for connections opened beside the participants (idle connections). */
    ConnectionOpener opener() {
        return opener;
    }

    private ConsumerTask openConsumer(int i) {
        ConsumeSettings c = scenario.consuming();
        String queue = topology.queueFor(i);
        ConsumerSpec spec = new ConsumerSpec(i,
                connectionName("c", i / c.channelsPerConsumer()), queue, scenario.topology().queueType(),
                prefetch, c.autoAck(), c.streamOffset(), c.consumerArguments(), c.polling(),
                c.pollingInterval(), scenario.topology().exclusive()
                        ? Optional.of(topology.declarationFor(i)) : Optional.empty());
        Optional<RecoveringConsumer> recovering = recovery.map(r -> RecoveringConsumer.open(spec, r));
        ConsumerLink link = recovering.<ConsumerLink>map(r -> r).orElseGet(() -> driver.openConsumer(spec));
        Optional<AckPolicy> policy = c.autoAck() ? Optional.empty()
                : Optional.of(new AckPolicy(link, ackEvery, c.ackTimeout().map(Duration::toNanos).orElse(0L), clock));
        recovering.ifPresent(r -> policy.ifPresent(p -> r.beforeRelink(p::discard)));
        // Competing consumers of a queue share its checker; every consumer of a stream reads every
        // message, from wherever it starts, so each has its own; single active consumers of a
        // stream take turns, so they share one.
        boolean stream = scenario.topology().queueType() == QueueType.STREAM;
        String key = stream && !scenario.stream().singleActiveConsumer() ? queue + "\u0000" + i : queue;
        Integrity checker = integrity.get(key);
        if (checker == null) {
            Integrity made = new Integrity(measurements.counters(), identityPrefix() + "-p", stream);
            checker = integrity.putIfAbsent(key, made);
            if (checker == null) {
                checker = made;
                checkersOf(queue).add(made);
            }
        }
        return new ConsumerTask(link, policy, c.messagesPerConsumer(), checker, payloadClock, c,
                measurements.counters(), measurements.recorder(Metric.END_TO_END), clock, control,
                new ConsumerTask.FromSend(sendTimes, measurements.recorder(Metric.END_TO_END_FROM_SEND), unpairedFromSend),
                c.requestReply().isPresent() ? Optional.of(openReplier(i)) : Optional.empty());
    }

    /** The link consumer {@code i} answers requests on, on a connection of its own. */
    private Replier openReplier(int i) {
        String id = runId + "-r" + i;
        PublisherLink link = driver.openPublisher(new PublisherSpec(i, id,
                connectionName("r", i / scenario.consuming().channelsPerConsumer()), "", TopologyPlanner.replyQueue(runId),
                false, false, false, OptionalInt.empty(), MessageProperties.NONE),
                new UnconfirmedOutcomes(new Counters(), control, seq -> { }, measurements.blocks().gate()));
        replyLinks.add(link);
        return new Replier(link, TopologyPlanner.replyQueue(runId), repliesSent);
    }

    void startConsumers() {
        replyLink.ifPresent(l -> l.start(replies.get()));
        for (ConsumerTask t : consumers) {
            t.link().start(t);
        }
    }

    /** Opens the first step's publishers and prepares (but does not start) their threads. */
    void openPublishers() {
        ConnectionOpener.Opened<List<OpenedPublisher>> opened = opener.openAll("publisher connections",
                tasks(scenario.publishing().publishers(), scenario.publishing().channelsPerProducer(),
                        this::openPublisher, OpenedPublisher::close),
                list -> list.forEach(OpenedPublisher::close));
        opened.results().forEach(list -> list.forEach(this::add));
        opening = opening.plus(opened.outcome());
        activePublishers = publishers.size();
    }

    /** A publisher opened but not yet one of the run's. */
    private record OpenedPublisher(PublisherTask task, PublisherLink link,
                                   Optional<ConfirmTracker> tracker) implements AutoCloseable {
        @Override
        public void close() {
            link.close();
        }
    }

    private void add(OpenedPublisher p) {
        p.tracker().ifPresent(trackers::add);
        publisherLinks.add(p.link());
        publishers.add(p.task());
        runners.add(p.task(), p.link());
    }

    private OpenedPublisher openPublisher(int i) {
        PublishSettings p = scenario.publishing();
        OptionalInt window = p.confirmWindow().isPresent() ? p.confirmWindow() : p.txSize();
        int maxWindow = scenario.run().steps().flatMap(plan -> plan.max(StepSetting.CONFIRM))
                .map(Double::intValue).orElse(window.orElse(1));
        String publisherId = identityPrefix() + "-p" + i;
        QueueCheckers[] reached = topology.queuesReachedBy(i).stream().map(this::checkersOf)
                .toArray(QueueCheckers[]::new);
        LongConsumer refused = seq -> excuse(reached, publisherId, seq);
        Optional<ConfirmTracker> tracker = window.isPresent()
                ? Optional.of(new ConfirmTracker(confirmWindow, Math.max(maxWindow, confirmWindow),
                        p.confirmTimeout().toNanos(), measurements.counters(), measurements.recorder(Metric.CONFIRM),
                        clock, refused))
                : Optional.empty();
        io.amqpharness.measure.FlowBlocks.Gate gate = measurements.blocks().gate();
        tracker.ifPresent(t -> t.reportBlocksTo(gate));
        tracker.ifPresent(t -> t.reportInDoubtTo(seq -> inDoubt(reached, publisherId, seq)));
        PublishOutcomeListener outcomes = tracker.<PublishOutcomeListener>map(t -> t)
                .orElseGet(() -> new UnconfirmedOutcomes(measurements.counters(), control, refused, gate));
        String routingKey = topology.routingKey(i);
        PublisherSpec spec = new PublisherSpec(i, publisherId, connectionName("p", i / p.channelsPerProducer()),
                topology.exchange(), routingKey, p.persistent(), p.mandatory(), p.confirms(), p.txSize(), p.properties());
        // Direct reply-to: the publisher's own channel receives the replies to its requests (not recovered:
        // a reply-to address belongs to the channel).
        PublisherLink link = scenario.consuming().requestReply().orElse(null) == ReplyMode.DIRECT
                ? driver.openRequester(spec, outcomes, replies.orElseThrow())
                : recovery.<PublisherLink>map(r -> RecoveringPublisher.open(spec, outcomes, tracker, r))
                        .orElseGet(() -> driver.openPublisher(spec, outcomes));
        Optional<SendTimes> times = Optional.empty();
        if (p.paced() && !scenario.run().clock().wall()) {
            times = Optional.of(sendTimes.computeIfAbsent(publisherId, id -> new SendTimes(SendTimes.slotsFor(maxRate()))));
        }
        // Publishers at one rate start a fraction of an interval apart (publisher i of n at i/n), so they
        // do not all send at the same instants: n aligned schedules would be bursts of n messages.
        int count = Math.max(1, scenario.publishing().publishers());
        PublisherTask task = new PublisherTask(link, tracker, routingKey, context, i * 0x9E3779B97F4A7C15L, times,
                (i % count) / (double) count);
        task.setRate(rate);
        return new OpenedPublisher(task, link, tracker);
    }

    /**
     * A search will set rates up to this per publisher (messages per second, may be infinite), so
     * that the publishers opened next keep enough publish delays. Before {@link #openPublishers()}.
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

    // ---- live changes (steps), called by one thread at a time ----

    /** Every publisher paces at this rate from its next message on. */
    void setRate(double perSecond) {
        rate = perSecond;
        publishers.forEach(t -> t.setRate(perSecond));
    }

    /** Every confirm window becomes this large. */
    void setConfirmWindow(int window) {
        confirmWindow = window;
        trackers.forEach(t -> t.setWindow(window));
    }

    /** Every consumer's prefetch becomes this large. */
    void setPrefetch(int value) {
        prefetch = OptionalInt.of(value);
        activeConsumers().forEach(t -> t.link().setPrefetch(value));
    }

    /** Every consumer acknowledges every {@code n} messages. */
    void setAckEvery(int n) {
        ackEvery = n;
        activeConsumers().forEach(t -> t.ackPolicy().ifPresent(p -> p.setEvery(n)));
    }

    /** Adds or retires publishers until {@code count} are active; new ones start at once. */
    void setPublishers(int count) {
        while (activePublishers < count) {
            int index = publishers.size();
            OpenedPublisher opened = openPublisher(index);
            opened.task().joinLate(); // its schedule starts now, not at the start of the run
            control.publisherAdded();
            add(opened); // the run has started: its runner starts at once
            activePublishers++;
            activePublisherIndexes.add(index);
        }
        while (activePublishers > count) {
            int index = activePublisherIndexes.remove(activePublisherIndexes.size() - 1);
            runners.retire(publishers.get(index));
            activePublishers--;
        }
        // --total-rate is over the publishers running now: split it again.
        OptionalDouble total = scenario.publishing().totalRate();
        if (total.isPresent() && activePublishers > 0) {
            rate = total.getAsDouble() / activePublishers;
            activePublisherIndexes.forEach(i -> publishers.get(i).setRate(rate));
        }
    }

    /** Adds or retires consumers until {@code count} are active. */
    void setConsumers(int count) {
        while (activeConsumers < count) {
            ConsumerTask t = openConsumer(consumers.size());
            consumers.add(t);
            activeConsumerIndexes.add(consumers.size() - 1);
            t.link().start(t);
            activeConsumers++;
        }
        while (activeConsumers > count) {
            ConsumerTask t = consumers.get(activeConsumerIndexes.remove(activeConsumerIndexes.size() - 1));
            t.link().cancel();
            t.ackPolicy().ifPresent(AckPolicy::flush);
            t.link().close();
            activeConsumers--;
        }
    }

    private List<ConsumerTask> activeConsumers() {
        return activeConsumerIndexes.stream().map(consumers::get).toList();
    }

    /** Indexes start with the first step's participants; called once both are open. */
    void trackActive() {
        for (int i = 0; i < publishers.size(); i++) {
            activePublisherIndexes.add(i);
        }
        for (int i = 0; i < consumers.size(); i++) {
            activeConsumerIndexes.add(i);
        }
    }

    private static String[] randomKeys() {
        String[] keys = new String[RANDOM_KEYS];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = UUID.randomUUID().toString();
        }
        return keys;
    }

    private String connectionName(String role, int index) {
        return "harness-" + identityPrefix() + "-" + role + index;
    }

    /**
     * What publisher identities and connection names start with: the run id, preceded by the
     * instance's name when {@code --instance} is given ({@code loadgen-1-k3x9pq}).
     */
    private String identityPrefix() {
        return scenario.coordination().instance().map(i -> i + "-" + runId).orElse(runId);
    }

    Scenario scenario() {
        return scenario;
    }

    /** Messages awaiting a verdict, over every publisher. */
    long inFlight() {
        long sum = 0;
        for (ConfirmTracker t : trackers) {
            sum += t.pending();
        }
        return sum;
    }

    /**
     * A message the broker refused reaches no consumer: the checkers of the queues its publisher's
     * routing reaches must not count it as lost. The others never expected it, and telling them
     * would make them track a publisher they never hear from.
     */
    private static void excuse(QueueCheckers[] reached, String publisherId, long seq) {
        for (QueueCheckers q : reached) {
            for (Integrity checker : q.all) {
                checker.excuse(publisherId, seq);
            }
        }
    }

    /** A message in doubt that arrives at a queue its publisher reaches is not an expected delivery. */
    private static void inDoubt(QueueCheckers[] reached, String publisherId, long seq) {
        for (QueueCheckers q : reached) {
            for (Integrity checker : q.all) {
                checker.inDoubt(publisherId, seq & 0xFFFF_FFFFL);
            }
        }
    }

    private QueueCheckers checkersOf(String queue) {
        return checkersByQueue.computeIfAbsent(queue, q -> new QueueCheckers());
    }

    /** The checkers of one queue (one, or one per consumer of a stream), read without a lock on every refusal. */
    private static final class QueueCheckers {
        volatile Integrity[] all = new Integrity[0];

        synchronized void add(Integrity checker) {
            Integrity[] more = java.util.Arrays.copyOf(all, all.length + 1);
            more[all.length] = checker;
            all = more;
        }
    }

    /** Sequences missing below the highest received, over every queue and publisher. */
    long missing() {
        return integrity.values().stream().mapToLong(Integrity::missing).sum();
    }

    /** As {@link #missing()}, without the gaps that opened since the previous call: once per reporting interval. */
    long missingSettled() {
        return integrity.values().stream().mapToLong(Integrity::missingSettled).sum();
    }

    /** The latest delivery to any consumer, 0 if none. */
    long lastDeliveryNanos() {
        return consumers.stream().mapToLong(ConsumerTask::lastDeliveryNanos).max().orElse(0);
    }
}
