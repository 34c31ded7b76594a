package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadClock;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * Opens a run's consumers and publishers through the driver and keeps them: links, tasks,
 * threads, confirm trackers, and one sequence checker per queue (a fanout message reaches every
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
    private final Map<String, Integrity> integrity = new HashMap<>();
    final List<PublisherTask> publishers = new ArrayList<>();
    final List<Thread> publisherThreads = new ArrayList<>();
    final List<PublisherLink> publisherLinks = new ArrayList<>();
    final List<ConfirmTracker> trackers = new ArrayList<>();
    final List<ConsumerTask> consumers = new ArrayList<>();

    RunParticipants(Scenario scenario, String runId, ProtocolDriver driver, TopologyPlanner.Resolved topology,
                    Measurements measurements, NanoClock clock, PayloadClock payloadClock, RunControl control) {
        this.scenario = scenario;
        this.runId = runId;
        this.driver = driver;
        this.topology = topology;
        this.measurements = measurements;
        this.clock = clock;
        this.payloadClock = payloadClock;
        this.control = control;
    }

    /** Opens every consumer; they receive once {@link #startConsumers()} runs. */
    void openConsumers() {
        ConsumeSettings c = scenario.consuming();
        long ackTimeoutNanos = c.ackTimeout().map(Duration::toNanos).orElse(0L);
        for (int i = 0; i < c.consumerChannels(); i++) {
            String queue = topology.queueFor(i);
            ConsumerLink link = driver.openConsumer(new ConsumerSpec(i,
                    connectionName("c", i / c.channelsPerConsumer()), queue, scenario.topology().queueType(),
                    c.prefetch(), c.autoAck(), c.streamOffset(), c.consumerArguments(), c.polling(),
                    c.pollingInterval(), scenario.topology().exclusive()
                            ? Optional.of(topology.declarationFor(i)) : Optional.empty()));
            Optional<AckPolicy> policy = c.autoAck() ? Optional.empty()
                    : Optional.of(new AckPolicy(link, c.ackEvery(), ackTimeoutNanos, clock));
            Integrity checker = integrity.computeIfAbsent(queue,
                    q -> new Integrity(measurements.counters(), runId + "-p"));
            consumers.add(new ConsumerTask(link, policy, c.messagesPerConsumer(), checker, payloadClock, c,
                    measurements.counters(), measurements.recorder(Metric.END_TO_END), clock, control));
        }
    }

    void startConsumers() {
        for (ConsumerTask t : consumers) {
            t.link().start(t);
        }
    }

    /** Opens every publisher and prepares (but does not start) its thread. */
    void openPublishers() {
        PublishSettings p = scenario.publishing();
        OptionalInt window = p.confirmWindow().isPresent() ? p.confirmWindow() : p.txSize();
        Optional<String[]> randomKeys = scenario.topology().randomRoutingKey()
                ? Optional.of(randomKeys()) : Optional.empty();
        PublisherTask.Context context = new PublisherTask.Context(p, measurements.counters(),
                measurements.recorder(Metric.PUBLISH_DELAY), clock, payloadClock, control, randomKeys);
        for (int i = 0; i < p.publishers(); i++) {
            Optional<ConfirmTracker> tracker = window.isPresent()
                    ? Optional.of(new ConfirmTracker(window.getAsInt(), window.getAsInt(), p.confirmTimeout().toNanos(),
                            measurements.counters(), measurements.recorder(Metric.CONFIRM), clock))
                    : Optional.empty();
            tracker.ifPresent(trackers::add);
            PublishOutcomeListener outcomes = tracker.<PublishOutcomeListener>map(t -> t)
                    .orElseGet(() -> new UnconfirmedOutcomes(measurements.counters(), control));
            String routingKey = topology.routingKey(i);
            PublisherLink link = driver.openPublisher(new PublisherSpec(i, runId + "-p" + i,
                    connectionName("p", i / p.channelsPerProducer()), topology.exchange(), routingKey,
                    p.persistent(), p.mandatory(), p.confirms(), p.txSize(), p.properties()), outcomes);
            publisherLinks.add(link);
            PublisherTask task = new PublisherTask(link, tracker, routingKey, context, i * 0x9E3779B97F4A7C15L);
            publishers.add(task);
            Thread thread = new Thread(task, "harness-publisher-" + i);
            thread.setDaemon(true);
            publisherThreads.add(thread);
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
        return "harness-" + runId + "-" + role + index;
    }

    /** Messages awaiting a verdict, over every publisher. */
    long inFlight() {
        long sum = 0;
        for (ConfirmTracker t : trackers) {
            sum += t.pending();
        }
        return sum;
    }

    /** Sequences missing below the highest received, over every queue and publisher. */
    long missing() {
        return integrity.values().stream().mapToLong(Integrity::missing).sum();
    }

    /** The latest delivery to any consumer, 0 if none. */
    long lastDeliveryNanos() {
        return consumers.stream().mapToLong(ConsumerTask::lastDeliveryNanos).max().orElse(0);
    }
}
