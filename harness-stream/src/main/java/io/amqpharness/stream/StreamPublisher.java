package io.amqpharness.stream;

import com.rabbitmq.stream.ConfirmationHandler;
import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.ProducerBuilder;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stream producer on the spec's routing key (the stream's name, as the default exchange routes
 * it). Each message carries the core's sequence number as its publishing id, so one confirmation
 * handler per producer maps the broker's confirms back to it; the publisher's identity travels as
 * the AMQP 1.0 {@code group-id} property. The client holds a message until its batch is written,
 * so each send hands it a copy of the body. Confirm timeouts are the core's: the client's are off,
 * and its in-flight limit is the core's confirm window, so it never blocks before the core does.
 */
final class StreamPublisher implements PublisherLink {
    /** The client's in-flight limit without --confirm: its default. */
    private static final int UNCONFIRMED_WITHOUT_WINDOW = 10_000;
    private final Producer producer;
    private final String publisherId;
    private final ConfirmationHandler handler;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Set once the client reports the producer unavailable: its connection is gone, this link is dead. */
    private final AtomicBoolean lost = new AtomicBoolean();
    private final int index;
    /** The filter value every message of this publisher carries, or null without filtering. */
    private final String filterValue;

    StreamPublisher(Environment environment, PublisherSpec spec, Scenario scenario, PublishOutcomeListener outcomes,
                    List<String> notes) {
        this.publisherId = spec.publisherId();
        StreamSettings batching = scenario.stream();
        ProducerBuilder b = environment.producerBuilder()
                .batchSize(batching.batchSize())
                .subEntrySize(batching.subEntrySize())
                .confirmTimeout(Duration.ZERO)
                .enqueueTimeout(Duration.ZERO)
                .maxUnconfirmedMessages(scenario.publishing().confirmWindow().orElse(UNCONFIRMED_WITHOUT_WINDOW));
        if (batching.superStreamPartitions().isPresent()) {
            // Publisher i writes partition i mod N (the creator binds partition k with the key "k"), so
            // that its messages stay in order in one partition and every check stays exact.
            String key = routingKey(spec.index(), batching.superStreamPartitions().getAsInt());
            b.superStream(spec.routingKey()).routing(m -> key).key();
        } else {
            b.stream(spec.routingKey());
        }
        this.filterValue = batching.filterValueOf(spec.index()).orElse(null);
        if (filterValue != null) {
            String value = filterValue;
            b.filterValue(m -> value);
        }
        if (batching.subEntrySize() > 1) {
            b.compression(compression(batching.compression()));
        }
        b.retryOnRecovery(false);
        AtomicBoolean failureNoted = new AtomicBoolean();
        boolean confirms = spec.confirms();
        this.handler = status -> {
            long seq = status.getMessage().getPublishingId();
            if (status.isConfirmed()) {
                if (confirms) {
                    outcomes.settled(seq, false, PublishOutcome.CONFIRMED);
                }
                return;
            }
            if (connectionLost(status.getCode())) {
                if (lost.compareAndSet(false, true) && !closed.get()) {
                    // The core's recovering publisher counts what awaits a confirm in doubt and opens a new
                    // link (or, without --recovery, ends the run with this sentence).
                    outcomes.failed(new DriverException("Publisher " + spec.index() + " lost its stream connection ("
                            + StreamErrors.code(status.getCode()) + ")."));
                }
                return;
            }
            if (lost.get() || closed.get() || !confirms) {
                return; // pending on a dead or closed link: in doubt, the core's to count
            }
            if (failureNoted.compareAndSet(false, true)) {
                notes.add("Publisher " + spec.index() + "'s first unconfirmed message (" + seq
                        + ") failed with the stream client's code " + StreamErrors.code(status.getCode()) + ".");
            }
            outcomes.settled(seq, false, PublishOutcome.NACKED);
        };
        this.index = spec.index();
        try {
            this.producer = b.build();
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Opening publisher " + spec.index()
                    + " on stream '" + spec.routingKey() + "'", e), e);
        }
    }

    static com.rabbitmq.stream.compression.Compression compression(StreamSettings.Compression c) {
        return switch (c) {
            case NONE -> com.rabbitmq.stream.compression.Compression.NONE;
            case GZIP -> com.rabbitmq.stream.compression.Compression.GZIP;
            case SNAPPY -> com.rabbitmq.stream.compression.Compression.SNAPPY;
            case LZ4 -> com.rabbitmq.stream.compression.Compression.LZ4;
            case ZSTD -> com.rabbitmq.stream.compression.Compression.ZSTD;
        };
    }

    /** The routing key of publisher {@code index} on a super stream of {@code partitions}: its partition's binding key. */
    static String routingKey(int index, int partitions) {
        return Integer.toString(index % partitions);
    }

    /**
     * True for the client's codes of a producer whose connection dropped (it would recover on its
     * own and, by default, publish the unconfirmed messages again; the harness recovers instead).
     */
    static boolean connectionLost(short code) {
        return code == Constants.CODE_PRODUCER_NOT_AVAILABLE;
    }

    @Override
    public void send(long seq, byte[] body, String routingKey) {
        if (lost.get()) {
            throw new DriverException("Publisher " + index + " lost its stream connection.");
        }
        com.rabbitmq.stream.MessageBuilder builder = producer.messageBuilder()
                .publishingId(seq)
                .properties().groupId(publisherId).messageBuilder();
        if (filterValue != null) {
            builder.applicationProperties().entry(StreamSettings.FILTER_PROPERTY, filterValue);
        }
        Message message = builder.addData(body.clone()).build();
        try {
            producer.send(message, handler);
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Publishing", e), e);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                producer.close();
            } catch (RuntimeException e) {
                // closing anyway
            }
        }
    }
}
