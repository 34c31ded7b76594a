package io.amqpharness.junit.oracle;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.LongString;
import io.amqpharness.scenario.QueueType;
import java.time.Duration;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * The oracle's own AMQP 0.9.1 reader: after the run's links closed and before its queues are
 * deleted, it reads every message left in a queue without acknowledging it (the messages go back
 * when its channel closes), and a stream from its first offset ({@code x-stream-offset=first}).
 * It decodes the header with {@link PayloadHeader} and finds the publisher identity in the
 * message's {@code app-id} (AMQP 0.9.1 publishers) or, for messages converted from AMQP 1.0 and
 * the stream protocol, in any property or header whose value is one of the run's publisher ids.
 */
final class BrokerReader implements QueueReader {
    private final String uri;
    private final Duration idle;

    /**
     * @param amqpUri an AMQP 0.9.1 URI of the broker the run used ({@code amqp://host:5672/vhost})
     * @param idle    how long the reader waits for one more message before it decides a stream (or a
     *                queue that delivers fewer messages than it counted) has no more; for example 1 s
     */
    BrokerReader(String amqpUri, Duration idle) {
        this.uri = amqpUri;
        this.idle = idle;
    }

    @Override
    public QueueHoldings read(String queue, QueueType type, ToLongFunction<String> lastSent,
                              Set<String> publisherIds, long own) {
        ConnectionFactory f = new ConnectionFactory();
        try {
            f.setUri(uri);
        } catch (Exception e) {
            return QueueHoldings.unread(queue, "the reader's URI is not an AMQP 0.9.1 URI: " + e.getMessage());
        }
        f.setAutomaticRecoveryEnabled(false);
        f.setConnectionTimeout(5_000);
        try (Connection c = f.newConnection("harness-oracle-reader")) {
            return read(c, queue, type, lastSent, publisherIds, own);
        } catch (Exception e) {
            return QueueHoldings.unread(queue, "the reader failed: " + e);
        }
    }

    private QueueHoldings read(Connection c, String queue, QueueType type, ToLongFunction<String> lastSent,
                               Set<String> ids, long own) throws Exception {
        Channel ch = c.createChannel();
        long counted;
        try {
            counted = ch.queueDeclarePassive(queue).getMessageCount();
        } catch (java.io.IOException e) {
            return QueueHoldings.unread(queue, "the queue was gone when the reader came");
        }
        boolean stream = type == QueueType.STREAM;
        Collector collector = new Collector(ch, stream, lastSent, ids);
        ch.basicQos(stream ? 1_000 : 0);
        Map<String, Object> args = stream ? Map.of("x-stream-offset", "first") : Map.of();
        String tag = ch.basicConsume(queue, false, args, collector);
        collector.awaitEnd(stream ? Long.MAX_VALUE : counted, stream ? own : Long.MAX_VALUE, idle.toNanos());
        QueueHoldings h = collector.holdings(queue, counted); // stops recording: later deliveries are ignored
        try {
            ch.basicCancel(tag);
        } catch (Exception ignored) {
            // the channel closes with the connection anyway
        }
        if (h.messages() < counted) {
            return new QueueHoldings(queue, h.held(), h.messages(), h.foreign(), h.heldTwice(), counted,
                    Optional.of("the broker counted " + counted + " messages, the reader got " + h.messages()));
        }
        return h;
    }

    /** Receives on the client's thread; everything it holds is read after {@link #awaitEnd}. */
    private static final class Collector extends DefaultConsumer {
        private final boolean stream;
        private final ToLongFunction<String> lastSent;
        private final Set<String> ids;
        private final Map<String, Sequences> held = new HashMap<>();
        private long messages;
        private long foreign;
        private long twice;
        private long lastArrival = System.nanoTime();
        private boolean done;

        Collector(Channel ch, boolean stream, ToLongFunction<String> lastSent, Set<String> ids) {
            super(ch);
            this.stream = stream;
            this.lastSent = lastSent;
            this.ids = ids;
        }

        @Override
        public synchronized void handleDelivery(String tag, Envelope env, AMQP.BasicProperties props, byte[] body)
                throws java.io.IOException {
            if (done) {
                return;
            }
            messages++;
            lastArrival = System.nanoTime();
            String id = identity(props, ids);
            if (id == null || !PayloadHeader.present(body.length)) {
                foreign++;
            } else {
                long seq = PayloadHeader.sequence(PayloadHeader.sequence32(body, 0), lastSent.applyAsLong(id));
                if (!held.computeIfAbsent(id, k -> new Sequences()).add(seq)) {
                    twice++;
                }
            }
            if (stream) {
                getChannel().basicAck(env.getDeliveryTag(), false); // credit for the next ones; a stream keeps them
            }
            notifyAll();
        }

        /** Until {@code expected} messages in all, or {@code own} of this run, or a silence of {@code idleNanos}. */
        synchronized void awaitEnd(long expected, long own, long idleNanos) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (messages < expected && messages - foreign < own && System.nanoTime() < deadline) {
                long quiet = System.nanoTime() - lastArrival;
                if (quiet >= idleNanos) {
                    return;
                }
                wait(Math.max(1, (idleNanos - quiet) / 1_000_000));
            }
        }

        synchronized QueueHoldings holdings(String queue, long counted) {
            done = true;
            Map<String, BitSet> sets = new HashMap<>();
            held.forEach((k, v) -> sets.put(k, v.bits()));
            return new QueueHoldings(queue, sets, messages, foreign, twice, counted, Optional.empty());
        }
    }

    /** The run's publisher identity the message carries, or null. */
    static String identity(AMQP.BasicProperties props, Set<String> ids) {
        if (props == null) {
            return null;
        }
        if (props.getAppId() != null && ids.contains(props.getAppId())) {
            return props.getAppId();
        }
        for (Object v : new Object[] {props.getUserId(), props.getCorrelationId(), props.getMessageId(),
                props.getType(), props.getHeaders()}) {
            String found = find(v, ids, 0);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /**
     * An identity inside an AMQP 1.0 section the broker passed on as raw bytes (RabbitMQ 3.x gives an
     * AMQP 0.9.1 reader a 1.0 message's properties as the header {@code x-amqp-1.0-properties}): a
     * {@code str8} (0xa1, length, bytes) or {@code str32} (0xb1, 4-byte length, bytes) equal to one of them.
     */
    static String inAmqp10Section(byte[] section, Set<String> ids) {
        for (String id : ids) {
            byte[] want = id.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i + want.length < section.length; i++) {
                int start = -1;
                if ((section[i] & 0xFF) == 0xa1 && (section[i + 1] & 0xFF) == want.length) {
                    start = i + 2;
                } else if ((section[i] & 0xFF) == 0xb1 && i + 5 + want.length <= section.length
                        && java.nio.ByteBuffer.wrap(section, i + 1, 4).getInt() == want.length) {
                    start = i + 5;
                }
                if (start >= 0 && start + want.length <= section.length
                        && java.util.Arrays.equals(section, start, start + want.length, want, 0, want.length)) {
                    return id;
                }
            }
        }
        return null;
    }

    private static String find(Object v, Set<String> ids, int depth) {
        if (v == null || depth > 4) {
            return null;
        }
        if (v instanceof String s) {
            return ids.contains(s) ? s : null;
        }
        if (v instanceof LongString l) {
            String s = l.toString();
            return ids.contains(s) ? s : inAmqp10Section(l.getBytes(), ids);
        }
        Collection<?> values = v instanceof Map<?, ?> m ? m.values() : v instanceof List<?> l ? l : List.of();
        for (Object o : values) {
            String found = find(o, ids, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
