package io.amqpharness.junit.oracle;

import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.TopologyPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The raw history of one run, filled by a {@link RecordingDriver}: publisher logs, per-queue
 * delivery logs, the consumers that were opened, the topology plan, and what the oracle's reader
 * found left in the queues before the run deleted them. Thread-safe.
 */
final class Recording {
    private final List<PublisherLog> publishers = new CopyOnWriteArrayList<>();
    private final Map<String, PublisherLog> latest = new ConcurrentHashMap<>();
    private final Map<String, QueueLog> queues = new ConcurrentHashMap<>();
    private final List<ConsumerFacts> consumers = new CopyOnWriteArrayList<>();
    private final Map<String, QueueHoldings> holdings = new ConcurrentHashMap<>();
    private final QueueReader reader;
    private volatile TopologyPlan plan;
    private volatile io.amqpharness.scenario.BrokerUri runUri;
    private final java.time.Duration idle;
    private volatile boolean anySent;
    private final java.util.Set<String> created = ConcurrentHashMap.newKeySet();

    Recording(QueueReader reader, java.time.Duration idle) {
        this.reader = reader;
        this.idle = idle;
    }

    /** The run's own broker address: a stream-protocol run's streams are re-read over the stream protocol. */
    void runUri(io.amqpharness.scenario.BrokerUri uri) {
        this.runUri = uri;
    }

    PublisherLog publisher(PublisherSpec spec) {
        PublisherLog log = new PublisherLog(spec.publisherId(), spec.confirms() || spec.txSize().isPresent());
        publishers.add(log);
        latest.put(spec.publisherId(), log);
        return log;
    }

    QueueLog queue(String name) {
        return queues.computeIfAbsent(name, QueueLog::new);
    }

    void consumerStarted(ConsumerSpec spec) {
        consumers.add(new ConsumerFacts(spec.queue(), spec.queueType(), spec.autoAck(), spec.streamOffset(),
                anySent));
    }

    void sent() {
        if (!anySent) {
            anySent = true;
        }
    }

    long lastSent(String publisherId) {
        PublisherLog log = latest.get(publisherId);
        return log == null ? 0 : log.lastSent();
    }

    void planned(TopologyPlan plan) {
        this.plan = plan;
    }

    void declared(io.amqpharness.spi.DeclaredTopology topology) {
        created.addAll(topology.queues());
    }

    Optional<TopologyPlan> plan() {
        return Optional.ofNullable(plan);
    }

    /** Reads what is left in the planned queues, once (before the run deletes them). */
    void readQueues() {
        TopologyPlan p = plan;
        if (p == null || !holdings.isEmpty()) {
            return;
        }
        io.amqpharness.scenario.BrokerUri u = runUri;
        long own = 0;
        for (PublisherLog log : publishers) {
            PublisherHistory h = log.snapshot();
            java.util.BitSet b = h.sent();
            b.andNot(h.refused());
            own += b.cardinality();
        }
        for (TopologyPlan.Queue q : p.queues()) {
            QueueReader r = q.type() == io.amqpharness.scenario.QueueType.STREAM && u != null && u.stream()
                    ? new StreamReader(u, idle) : reader;
            holdings.put(q.name(), r.read(q.name(), q.type(), this::lastSent, latest.keySet(), own));
        }
    }

    /** The history recorded so far, as immutable values; publishers merged by identity. */
    History snapshot() {
        Map<String, PublisherHistory> byId = new LinkedHashMap<>();
        for (PublisherLog log : publishers) {
            byId.merge(log.publisherId, log.snapshot(), PublisherHistory::merge);
        }
        Map<String, QueueDeliveries> delivered = new LinkedHashMap<>();
        queues.forEach((k, v) -> delivered.put(k, v.snapshot()));
        return new History(List.copyOf(byId.values()), Map.copyOf(delivered), new ArrayList<>(consumers),
                Optional.ofNullable(plan), Map.copyOf(holdings), created);
    }
}
