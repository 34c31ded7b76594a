package io.amqpharness.stream;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.ConsumerBuilder;
import com.rabbitmq.stream.ConsumerFlowStrategy;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageHandler;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Properties;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverException;
import io.amqpharness.topology.stream.StreamErrors;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stream consumer: subscribes when started, from the spec's offset ({@code next} by default, as
 * the broker's AMQP consumers), with the prefetch as its initial credit in chunks, given back in
 * groups as chunks arrive ({@link #flowStrategy}). Stream messages need no settlement: acks, nacks and rejects are
 * {@link ConsumerLink}'s defaults (nothing), and every consumer of a stream reads all of it on its own, unless it is one of a
 * {@linkplain ActiveConsumerGroup single-active-consumer group}. With a super stream it reads every
 * partition; with filter values it asks the broker for the chunks that may hold them and drops the
 * other messages of those chunks (the client's post-filter, on the message's filter property).
 */
final class StreamConsumer implements ConsumerLink {
    /** Initial credit (chunks) when the prefetch is the core's stream default, which counts messages. */
    static final int DEFAULT_INITIAL_CREDITS = 10;
    private final Environment environment;
    private final ConsumerSpec spec;
    private final StreamSettings settings;
    private final Optional<ActiveConsumerGroup> group;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile Consumer consumer;
    /**
     * Offset of the last message delivered, -1 before the first: written by the client's dispatching
     * thread with a release store (no fence per message), read elsewhere with an acquire load.
     */
    private long lastOffset = -1;
    private static final VarHandle LAST_OFFSET;
    private long tag;

    static {
        try {
            LAST_OFFSET = MethodHandles.lookup().findVarHandle(StreamConsumer.class, "lastOffset", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    StreamConsumer(Environment environment, ConsumerSpec spec, StreamSettings settings,
                   Optional<ActiveConsumerGroup> group) {
        this.environment = environment;
        this.spec = spec;
        this.settings = settings;
        this.group = group;
    }

    @Override
    public void start(DeliveryListener listener) {
        ActiveConsumerGroup members = group.orElse(null);
        boolean superStream = settings.superStreamPartitions().isPresent();
        PartitionOffsets partitions = superStream
                ? new PartitionOffsets(spec.queue(), settings.superStreamPartitions().getAsInt()) : null;
        MessageHandler handler = (context, message) -> {
            if (stopped.get()) {
                return;
            }
            long offset = context.offset();
            // After a reconnection the client resumes at the last offset it dispatched: that one again
            // is a redelivery, not a duplicate (a super stream's partitions each have their own offsets).
            // acquire: after a reconnection another dispatching thread may deliver
            boolean again = partitions != null ? partitions.deliveredAgain(context.stream(), offset)
                    : offset <= (long) LAST_OFFSET.getAcquire(this);
            LAST_OFFSET.setRelease(this, offset);
            if (members != null) {
                members.delivered(context.stream(), offset);
            }
            if (message instanceof IncomingMessage m) { // the harness's codec: the body where it lies
                listener.delivered(++tag, m.data(), m.bodyOffset(), m.bodyLength(), again, m.groupId());
            } else {
                byte[] body = message.getBodyAsBinary();
                listener.delivered(++tag, body, 0, body.length, again, publisherId(message));
            }
        };
        OffsetSpecification initial = offset(spec.streamOffset().orElse(new StreamOffset.Next()), Instant.now());
        ConsumerBuilder b = environment.consumerBuilder()
                .offset(initial)
                .noTrackingStrategy()
                .flow().strategy(flowStrategy(initialCredits(spec), superStream, members != null)).builder()
                .messageHandler(superStream ? serialised(handler) : handler);
        if (settings.superStreamPartitions().isPresent()) {
            b.superStream(spec.queue());
        } else {
            b.stream(spec.queue());
        }
        group.ifPresent(g -> b.name(g.name()).singleActiveConsumer()
                .consumerUpdateListener(c -> g.resumeAt(c.stream(), initial)));
        if (!settings.consumerFilterValues().isEmpty()) {
            Set<String> wanted = Set.copyOf(settings.consumerFilterValues());
            b.filter().values(settings.consumerFilterValues().toArray(String[]::new))
                    .postFilter(m -> filterValue(m) instanceof String v && wanted.contains(v));
        }
        try {
            consumer = b.build();
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Consuming from stream '" + spec.queue() + "'", e), e);
        }
    }

    /**
     * A super stream consumer subscribes to each partition, possibly on several connections, so the
     * client may call its handler from several threads at once; the core's consumer expects one
     * delivery at a time. Plain streams deliver on one thread and skip the lock.
     */
    private static MessageHandler serialised(MessageHandler handler) {
        Object lock = new Object();
        return (context, message) -> {
            synchronized (lock) {
                handler.handle(context, message);
            }
        };
    }

    private static Object filterValue(Message message) {
        Map<String, Object> props = message.getApplicationProperties();
        return props == null ? null : props.get(StreamSettings.FILTER_PROPERTY);
    }

    private static String publisherId(Message message) {
        Properties p = message.getProperties();
        return p == null ? null : p.getGroupId();
    }

    /**
     * The consumer's credit: credits given back in groups ({@link GroupedCredits}) for a plain stream,
     * which spares the broker (before RabbitMQ 4.2.2) a sleep per credit; one per chunk as it arrives (the
     * client's default) for a super stream, whose partitions would share one strategy, and for a
     * single-active-consumer group, where the broker takes an inactive member's credits aside.
     */
    static ConsumerFlowStrategy flowStrategy(int initialCredits, boolean superStream, boolean singleActive) {
        return superStream || singleActive ? ConsumerFlowStrategy.creditOnChunkArrival(initialCredits)
                : new GroupedCredits(initialCredits);
    }

    /** The prefetch as initial credit, in chunks; the core's default stream prefetch (messages) gives 10. */
    static int initialCredits(ConsumerSpec spec) {
        if (spec.prefetch().isEmpty() || spec.prefetch().getAsInt() == Scenario.DEFAULT_STREAM_PREFETCH) {
            return DEFAULT_INITIAL_CREDITS;
        }
        return spec.prefetch().getAsInt();
    }

    /** The client's offset specification for the scenario's; an interval counts back from {@code now}. */
    static OffsetSpecification offset(StreamOffset offset, Instant now) {
        if (offset instanceof StreamOffset.First) {
            return OffsetSpecification.first();
        }
        if (offset instanceof StreamOffset.Last) {
            return OffsetSpecification.last();
        }
        if (offset instanceof StreamOffset.Next) {
            return OffsetSpecification.next();
        }
        if (offset instanceof StreamOffset.Offset o) {
            return OffsetSpecification.offset(o.value());
        }
        if (offset instanceof StreamOffset.Timestamp t) {
            return OffsetSpecification.timestamp(t.instant().toEpochMilli());
        }
        StreamOffset.Interval i = (StreamOffset.Interval) offset;
        return OffsetSpecification.timestamp(now.minus(i.duration()).toEpochMilli());
    }

    @Override
    public OptionalLong lastStreamOffset() {
        if (settings.superStreamPartitions().isPresent()) {
            return OptionalLong.empty(); // offsets of several partitions: no one place to resume at
        }
        long last = (long) LAST_OFFSET.getAcquire(this);
        return last < 0 ? OptionalLong.empty() : OptionalLong.of(last);
    }

    @Override
    public void close() {
        stopped.set(true);
        closeConsumer();
    }

    private void closeConsumer() {
        Consumer c = consumer;
        consumer = null;
        if (c != null) {
            try {
                c.close();
            } catch (RuntimeException e) {
                // closing anyway
            }
        }
    }
}
