package io.amqpharness.junit.oracle;

import com.rabbitmq.stream.Address;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.OffsetSpecification;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * The oracle's stream reader: re-reads a whole stream from its first offset over the stream
 * protocol (a plain stream-client consumer), and takes the publisher identity from the stored
 * AMQP 1.0 message's {@code group-id} (or any string property of the message that is one of the
 * run's identities). A super stream is read partition by partition, all at once. It stops after a
 * silence of {@code idle} (a stream never says it is at its end); when it found fewer of the run's
 * messages than were sent and not refused, it reads once more, waiting twice as long, and keeps the
 * pass that found more.
 */
final class StreamReader implements QueueReader {
    private final BrokerUri uri;
    private final Duration idle;

    StreamReader(BrokerUri streamUri, Duration idle) {
        this.uri = streamUri;
        this.idle = idle;
    }

    @Override
    public QueueHoldings read(String queue, QueueType type, ToLongFunction<String> lastSent, Set<String> ids,
                              long own) {
        Address address = new Address(uri.host(), uri.port());
        var b = Environment.builder().host(uri.host()).port(uri.port()).addressResolver(a -> address);
        if (uri.username() != null) {
            b.username(uri.username()).password(uri.password());
        }
        try (Environment env = b.build()) {
            List<String> streams = streamsOf(env, queue);
            Collector first = pass(env, streams, lastSent, ids, own, idle);
            if (first.own() >= own) {
                return first.holdings(queue);
            }
            // Fewer than the run's messages: a silence on a loaded machine, or really missing. A second pass,
            // waiting twice as long, tells the two apart; the one that found more counts.
            Collector second = pass(env, streams, lastSent, ids, own, idle.multipliedBy(2));
            return (second.own() > first.own() ? second : first).holdings(queue);
        } catch (RuntimeException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return QueueHoldings.unread(queue, "the stream reader failed: " + e);
        }
    }

    private static Collector pass(Environment env, List<String> streams, ToLongFunction<String> lastSent,
                                  Set<String> ids, long own, Duration idle) throws InterruptedException {
        Collector collector = new Collector(lastSent, ids);
        List<Consumer> consumers = new ArrayList<>();
        try {
            for (String stream : streams) {
                consumers.add(env.consumerBuilder().stream(stream).offset(OffsetSpecification.first())
                        .messageHandler((ctx, m) -> collector.handle(m)).build());
            }
            collector.awaitIdle(own, idle.toNanos());
        } finally {
            consumers.forEach(Consumer::close);
        }
        collector.stop();
        return collector;
    }

    /**
     * The streams to read for {@code queue}: the stream itself, or a super stream's partitions
     * ({@code queue-0}, {@code queue-1}, ..., as the harness creates them) when no stream has its name.
     */
    private static List<String> streamsOf(Environment env, String queue) {
        if (env.streamExists(queue)) {
            return List.of(queue);
        }
        List<String> partitions = new ArrayList<>();
        while (env.streamExists(queue + "-" + partitions.size())) {
            partitions.add(queue + "-" + partitions.size());
        }
        return partitions.isEmpty() ? List.of(queue) : partitions;
    }

    private static final class Collector {
        private final ToLongFunction<String> lastSent;
        private final Set<String> ids;
        private final Map<String, Sequences> held = new HashMap<>();
        private long messages;
        private long foreign;
        private long twice;
        private long lastArrival = System.nanoTime();
        private boolean done;

        Collector(ToLongFunction<String> lastSent, Set<String> ids) {
            this.lastSent = lastSent;
            this.ids = ids;
        }

        synchronized void handle(Message m) {
            if (done) {
                return;
            }
            messages++;
            lastArrival = System.nanoTime();
            byte[] body = m.getBodyAsBinary();
            String id = identity(m, ids);
            if (id == null || body == null || !PayloadHeader.present(body.length)) {
                foreign++;
                return;
            }
            long seq = PayloadHeader.sequence(PayloadHeader.sequence32(body, 0), lastSent.applyAsLong(id));
            if (!held.computeIfAbsent(id, k -> new Sequences()).add(seq)) {
                twice++;
            }
        }

        /** Until {@code own} messages of this run were read, or a silence of {@code idleNanos}. */
        synchronized void awaitIdle(long own, long idleNanos) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (messages - foreign < own && System.nanoTime() < deadline) {
                long quiet = System.nanoTime() - lastArrival;
                if (quiet >= idleNanos) {
                    return;
                }
                wait(Math.max(1, (idleNanos - quiet) / 1_000_000));
            }
        }

        synchronized void stop() {
            done = true;
        }

        /** Messages of this run found. */
        synchronized long own() {
            return messages - foreign;
        }

        synchronized QueueHoldings holdings(String queue) {
            done = true;
            Map<String, BitSet> sets = new HashMap<>();
            held.forEach((k, v) -> sets.put(k, v.bits()));
            return new QueueHoldings(queue, sets, messages, foreign, twice, 0, Optional.empty());
        }
    }

    static String identity(Message m, Set<String> ids) {
        if (m.getProperties() != null) {
            var p = m.getProperties();
            for (Object v : new Object[] {p.getGroupId(), p.getUserId() == null ? null : new String(p.getUserId(),
                    java.nio.charset.StandardCharsets.UTF_8), p.getCorrelationIdAsString(), p.getMessageIdAsString(),
                    p.getSubject(), p.getReplyToGroupId()}) {
                if (v instanceof String s && ids.contains(s)) {
                    return s;
                }
            }
        }
        for (Map<String, Object> section : java.util.Arrays.asList(m.getApplicationProperties(),
                m.getMessageAnnotations())) {
            if (section != null) {
                for (Object v : section.values()) {
                    if (v != null && ids.contains(v.toString())) {
                        return v.toString();
                    }
                }
            }
        }
        return null;
    }
}
