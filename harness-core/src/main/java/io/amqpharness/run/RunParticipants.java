package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Everything a run opens through the driver, and the verbs {@link RunExecution}'s phases use on
 * it: consumers (kept here), publishers ({@link RunPublishers}), idle connections, request/reply
 * ({@link RequestReply}) and the sequence checkers ({@link SequenceCheckers}). Opens, starts,
 * changes (steps), stops and closes them. Used by the runner's thread; the live changes by one
 * step or search thread at a time.
 */
final class RunParticipants {
    /** What the participants share: the run's settings, driver, measurements and how links are opened and named. */
    record Shared(Scenario scenario, ProtocolDriver driver, TopologyPlanner.Resolved topology,
                  Measurements measurements, NanoClock clock, PayloadClock payloadClock, RunControl control,
                  Optional<Recovery> recovery, ConnectionOpener opener, LinkNames names, SequenceCheckers checkers) {
    }

    private final Shared shared;
    private final Scenario scenario;
    private final ProtocolDriver driver;
    private final TopologyPlanner.Resolved topology;
    private final Measurements measurements;
    private final LinkNames names;
    private final ConnectionOpener opener;
    /** Recent publish delays by publisher id: publishers write them, consumers read them (paced runs only). */
    private final Map<String, SendTimes> sendTimes = new ConcurrentHashMap<>();
    /** Deliveries whose publish delay had left their publisher's ring: not in the from-send latency. */
    private final LongAdder unpairedFromSend = new LongAdder();
    private final Optional<RequestReply> requestReply;
    private final RunPublishers publishers;
    private final List<ConsumerTask> consumers = new CopyOnWriteArrayList<>();
    private final List<Integer> activeConsumerIndexes = new ArrayList<>();
    /** Idle connections' links ({@code --idle-connections}), held until the run ends. */
    private final List<PublisherLink> idleLinks = new CopyOnWriteArrayList<>();
    private int activeConsumers;
    private OptionalInt prefetch;
    private int ackEvery;
    /** What opening the first step's connections took, over publishers, consumers and idle connections. */
    private ConnectionOpener.Outcome opening = ConnectionOpener.Outcome.NONE;

    RunParticipants(Scenario scenario, String runId, ProtocolDriver driver, TopologyPlanner.Resolved topology,
                    Measurements measurements, NanoClock clock, PayloadClock payloadClock, RunControl control,
                    Optional<Recovery> recovery, Consumer<String> progress, Optional<GroupTies.Tie> group) {
        this.names = LinkNames.of(scenario, runId);
        this.opener = new ConnectionOpener(scenario.connections().openConcurrency(), scenario.connections().openRate(),
                progress);
        boolean stream = scenario.topology().queueType() == QueueType.STREAM;
        // From the first offset, or from `next` taken before the publishers start, a stream consumer
        // reads every message this run stored: its own publishers' from their first sequence, so a
        // first message that never arrived (in doubt, or confirmed and not stored) is lost.
        boolean fromFirst = stream && TopologyPlanner.streamConsumersReadWholeRun(scenario);
        // In a grouped run, every group's publishers are this run's own: a consumer group checks them all.
        String own = group.map(g -> g.ownPrefix(names.identityPrefix())).orElse(names.identityPrefix() + "-p");
        SequenceCheckers checkers = new SequenceCheckers(measurements.counters(), own,
                stream, scenario.stream().singleActiveConsumer(), fromFirst,
                !stream && scenario.publishing().shape().routingKeys().isPresent() && topology.queues().size() > 1);
        group.ifPresent(g -> g.reads(checkers, topology.queues()));
        this.shared = new Shared(scenario, driver, topology, measurements, clock, payloadClock, control, recovery,
                opener, names, checkers);
        this.scenario = scenario;
        this.driver = driver;
        this.topology = topology;
        this.measurements = measurements;
        this.requestReply = scenario.consuming().requestReply().map(mode -> new RequestReply(scenario, runId, driver,
                measurements, payloadClock, control, clock));
        this.publishers = new RunPublishers(shared, sendTimes, requestReply);
        this.prefetch = scenario.consuming().prefetch();
        this.ackEvery = scenario.consuming().ackEvery();
    }

    Scenario scenario() {
        return scenario;
    }

    // ---- opening ----

    /** Opens the first step's consumers (and the reply queue's); they receive once {@link #startConsumers()} runs. */
    void openConsumers() {
        requestReply.ifPresent(r -> r.openReplyQueue(names.connection("replies", 0)));
        if (scenario.run().backlog().isPresent()) {
            return; // held back until the backlog is reached: BacklogController lets them arrive
        }
        ConnectionOpener.Opened<List<ConsumerTask>> opened = opener.openAll("consumer connections",
                ConnectionOpener.perConnection(scenario.consuming().consumerChannels(),
                        scenario.consuming().channelsPerConsumer(), this::openConsumer, t -> t.link().close()),
                list -> list.forEach(t -> t.link().close()));
        opened.results().forEach(consumers::addAll);
        opening = opening.plus(opened.outcome());
        activeConsumers = consumers.size();
        for (int i = 0; i < consumers.size(); i++) {
            activeConsumerIndexes.add(i);
        }
    }

    /** Opens the first step's publishers and prepares (but does not start) their threads. */
    void openPublishers() {
        opening = opening.plus(publishers.open());
    }

    /** Opens the idle connections, each with {@code --idle-channels} publisher links that never send. */
    void openIdleConnections() {
        int n = scenario.connections().idleConnections();
        int channels = scenario.connections().idleChannels();
        ConnectionOpener.Opened<List<PublisherLink>> opened = opener.openAll("idle connections",
                ConnectionOpener.perConnection(n * channels, channels,
                        k -> driver.openPublisher(silentSpec(k, "idle", k / channels), ConnectionChurn.NO_OUTCOMES),
                        PublisherLink::close),
                list -> list.forEach(PublisherLink::close));
        opened.results().forEach(idleLinks::addAll);
        opening = opening.plus(opened.outcome());
    }

    /** A publisher on a connection of its own that never sends, on the run's exchange and first routing key. */
    PublisherSpec silentSpec(long k, String role) {
        return silentSpec(k, role, k);
    }

    /** As {@link #silentSpec(long, String)}, link {@code k} on connection {@code connection} of that role. */
    private PublisherSpec silentSpec(long k, String role, long connection) {
        String key = topology.queues().isEmpty() ? scenario.topology().routingKey().orElse("") : topology.routingKey(0);
        return new PublisherSpec((int) (k % Integer.MAX_VALUE), names.runId() + "-" + role + k,
                "harness-" + names.runId() + "-" + role + connection, topology.exchange(), key, false, false, false,
                OptionalInt.empty(), MessageProperties.NONE, OptionalInt.empty(), List.of());
    }

    /** What opening the first step's connections took. */
    ConnectionOpener.Outcome opening() {
        return opening;
    }

    private ConsumerTask openConsumer(int i) {
        ConsumeSettings c = scenario.consuming();
        String queue = topology.queueFor(i);
        ConsumerSpec spec = new ConsumerSpec(i,
                names.connection("c", i / c.channelsPerConsumer()), queue, scenario.topology().queueType(),
                prefetch, c.autoAck(), c.streamOffset(), c.consumerArguments(), c.polling(),
                c.pollingInterval(), scenario.topology().exclusive()
                        ? Optional.of(topology.declarationFor(i)) : Optional.empty());
        Optional<RecoveringConsumer> recovering = shared.recovery().map(r -> RecoveringConsumer.open(spec, r));
        ConsumerLink link = recovering.<ConsumerLink>map(r -> r).orElseGet(() -> driver.openConsumer(spec));
        Optional<AckPolicy> policy = c.autoAck() ? Optional.empty()
                : Optional.of(new AckPolicy(link, ackEvery, c.ackTimeout().map(Duration::toNanos).orElse(0L),
                        shared.clock()));
        recovering.ifPresent(r -> policy.ifPresent(p -> r.beforeRelink(p::discard)));
        Integrity checker = shared.checkers().forConsumer(queue, i);
        ConsumerTask task = new ConsumerTask(link, policy, c.messagesPerConsumer(), checker, shared.payloadClock(), c,
                measurements.counters(), measurements.recorder(Metric.END_TO_END), shared.clock(), shared.control(),
                new ConsumerTask.FromSend(sendTimes, measurements.recorder(Metric.END_TO_END_FROM_SEND), unpairedFromSend),
                requestReply.map(r -> r.openReplier(i, names.connection("r", i / c.channelsPerConsumer()))))
                .bySize(measurements.bySize());
        return ProtocolTraits.of(scenario.protocol()).settles() ? task : task.settlingNothing();
    }

    /**
     * A search will set rates up to this per publisher (messages per second, may be infinite), so
     * that the publishers opened next keep enough publish delays. Before {@link #openPublishers()}.
     */
    void expectRatesUpTo(double perPublisher) {
        publishers.expectRatesUpTo(perPublisher);
    }

    // ---- traffic ----

    /** Consumers (and the reply queue's) start receiving. */
    void startConsumers() {
        requestReply.ifPresent(RequestReply::start);
        for (ConsumerTask t : consumers) {
            t.link().start(t);
        }
    }

    /** The publishers' threads start sending. */
    void startPublishers() {
        publishers.start();
    }

    /** Counts the messages whose confirm timeout has passed by {@code now} as timed out. */
    void sweepTimeouts(long now) {
        publishers.sweepTimeouts(now);
    }

    /** Whether the run has consumers (its first step had any, or a backlog's have arrived). */
    boolean hasConsumers() {
        return !consumers.isEmpty();
    }

    /** Sends the acknowledgements {@code --ack-timeout} has made due by {@code now}. */
    void flushAcksIfDue(long now) {
        for (ConsumerTask t : consumers) {
            t.ackPolicy().ifPresent(p -> p.flushIfDue(now));
        }
    }

    /** Whether no consumer holds a delivery it has not acknowledged yet. */
    boolean allAcknowledged() {
        return consumers.stream().allMatch(t -> t.ackPolicy().map(AckPolicy::pending).orElse(0L) == 0);
    }

    // ---- live changes (steps, a search), called by one thread at a time ----

    /** Every publisher paces at this rate from its next message on. */
    void setRate(double perSecond) {
        publishers.setRate(perSecond);
    }

    /** Every confirm window becomes this large. */
    void setConfirmWindow(int window) {
        publishers.setConfirmWindow(window);
    }

    /** Adds or retires publishers until {@code count} are active; new ones start at once. */
    void setPublishers(int count) {
        publishers.setCount(count);
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

    /**
     * Opens consumers until {@code count} channels are active, {@code --connection-open-concurrency}
     * connections at a time, then starts them together: a backlog's consumers arriving at once.
     * Fewer than {@code count} active already; none retired.
     */
    void arriveConsumers(int count) {
        int base = consumers.size();
        int more = count - activeConsumers;
        if (more <= 0) {
            return;
        }
        ConnectionOpener.Opened<List<ConsumerTask>> opened = opener.openAll("arriving consumer connections",
                ConnectionOpener.perConnection(more, scenario.consuming().channelsPerConsumer(),
                        i -> openConsumer(base + i), t -> t.link().close()),
                list -> list.forEach(t -> t.link().close()));
        List<ConsumerTask> arrived = new ArrayList<>();
        opened.results().forEach(arrived::addAll);
        for (ConsumerTask t : arrived) {
            consumers.add(t);
            activeConsumerIndexes.add(consumers.size() - 1);
            activeConsumers++;
        }
        for (ConsumerTask t : arrived) {
            t.link().start(t);
        }
    }

    private List<ConsumerTask> activeConsumers() {
        return activeConsumerIndexes.stream().map(consumers::get).toList();
    }

    // ---- stop and drain ----

    /** Stops every publisher; one blocked in a send (a broker alarm, say) is unblocked by closing its link. */
    void stopPublishers() {
        publishers.stop();
    }

    /**
     * Waits until every publisher's outstanding messages have their verdict, a failure, or the
     * deadline (on the run's clock).
     *
     * @return the messages still awaiting a verdict
     */
    long drainConfirms(long deadline) {
        return publishers.drainConfirms(deadline);
    }

    /** Request/reply: waits until every reply the consumers sent has come back, or the deadline. */
    void drainReplies(long deadline) {
        requestReply.ifPresent(r -> r.drain(deadline));
    }

    /** Cancels every consumer and sends its last acknowledgements; a failure becomes a sentence in {@code notes}. */
    void stopConsumers(List<String> notes) {
        for (ConsumerTask t : consumers) {
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

    /** Closes the consumers' links, which returns what they held unacknowledged to the queue; and the reply links. */
    void closeConsumers() {
        opener.closeAll(consumers.stream().map(ConsumerTask::link).toList());
        requestReply.ifPresent(RequestReply::close);
    }

    /** Closes the publishers' links: their channels' last statistics then reach the broker's counters at once. */
    void closePublishers() {
        publishers.close();
    }

    /** Closes every link (a few at a time: closing waits for the broker's answer); idempotent, safe after a failure. */
    void closeAll() {
        opener.closeAll(idleLinks);
        idleLinks.clear();
        closeConsumers();
        publishers.close();
        publishers.awaitGone(2_000);
    }

    // ---- what they measured ----

    /** Messages awaiting a verdict, over every publisher. */
    long inFlight() {
        return publishers.inFlight();
    }

    /** How far the publisher furthest behind its schedule is, in nanoseconds; 0 when all are on it. */
    long mostBehindNanos() {
        return publishers.mostBehindNanos();
    }

    /** Sequences missing below the highest received, over every queue and publisher. */
    long missing() {
        return shared.checkers().missing();
    }

    /** As {@link #missing()}, by queue. */
    java.util.Map<String, Long> missingByQueue() {
        return shared.checkers().missingByQueue();
    }

    /** As {@link #missing()}, without the gaps that opened since the previous call: once per reporting interval. */
    long missingSettled() {
        return shared.checkers().missingSettled();
    }

    /** The latest delivery to any consumer, 0 if none. */
    long lastDeliveryNanos() {
        return consumers.stream().mapToLong(ConsumerTask::lastDeliveryNanos).max().orElse(0);
    }

    /** The first delivery to any consumer, but not before {@code from}; {@code none} if there was none. */
    long firstDeliveryNanos(long from, long none) {
        return consumers.stream().mapToLong(ConsumerTask::firstDeliveryNanos).filter(n -> n != 0)
                .map(n -> Math.max(n, from)).min().orElse(none);
    }

    /** The notes of what the participants saw: request/reply's outcome, deliveries left out of e2e from send. */
    List<String> notes() {
        List<String> notes = new ArrayList<>();
        requestReply.ifPresent(r -> notes.add(r.note()));
        notes.addAll(publishers.shapeNotes());
        long unpaired = unpairedFromSend.sum();
        if (unpaired > 0) {
            notes.add(String.format("%,d deliveries arrived so long after their send (more than about 2 s of their "
                    + "publisher's messages later) that their publish delay was no longer kept: they are in "
                    + "end-to-end latency but not in e2e from send.", unpaired));
        }
        return notes;
    }
}
