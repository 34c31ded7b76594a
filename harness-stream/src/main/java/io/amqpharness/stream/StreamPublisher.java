package io.amqpharness.stream;

import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.ProducerBuilder;
import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.topology.stream.StreamErrors;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stream producer on the spec's routing key (the stream's name, as the default exchange routes
 * it). Each message carries the core's sequence number as its publishing id, so one confirmation
 * handler per producer maps the broker's confirms back to it; the publisher's identity travels as
 * the AMQP 1.0 {@code group-id} property ({@link ProducerConfirms} maps the verdicts). Each message
 * is encoded as it is made, on the sending thread, and is its own encoding for the producer
 * ({@link OutgoingMessage}, {@link HarnessCodec}), so the body is copied once, into the encoding.
 * Confirm timeouts are the core's: the client's are off, and its in-flight limit is the
 * largest confirm window of the run ({@link PublisherSpec#maxInFlight()}), so it never blocks before the core does.
 */
final class StreamPublisher implements PublisherLink {
    /** The client's in-flight limit without --confirm: its default. */
    private static final int UNCONFIRMED_WITHOUT_WINDOW = 10_000;
    private final Producer producer;
    private final String publisherId;
    /** The producer's verdicts for the core; tells when the connection went away. */
    private final ProducerConfirms handler;
    private final int index;
    /** The producer's name, with --producer-names. */
    private final Optional<String> name;
    /** What every message of this publisher carries before its body, encoded once. */
    private final SectionsEncoder sections;

    /** @param instance this instance's name, for {@code %i} in {@code --producer-names} */
    StreamPublisher(Environment environment, PublisherSpec spec, StreamSettings batching, String instance,
                    PublishOutcomeListener outcomes, List<String> notes) {
        this.publisherId = spec.publisherId();
        ProducerBuilder b = environment.producerBuilder()
                .batchSize(batching.batchSize())
                .subEntrySize(batching.subEntrySize())
                .confirmTimeout(Duration.ZERO)
                .enqueueTimeout(Duration.ZERO)
                .maxUnconfirmedMessages(spec.maxInFlight().orElse(UNCONFIRMED_WITHOUT_WINDOW));
        if (batching.superStreamPartitions().isPresent()) {
            // Publisher i writes partition i mod N (the creator binds partition k with the key "k"), so
            // that its messages stay in order in one partition and every check stays exact.
            String key = routingKey(spec.index(), batching.superStreamPartitions().getAsInt());
            b.superStream(spec.routingKey()).routing(m -> key).key();
        } else {
            b.stream(spec.routingKey());
        }
        String filterValue = batching.filterValueOf(spec.index()).orElse(null);
        if (filterValue != null) {
            b.filterValue(m -> filterValue);
        }
        this.sections = SectionsEncoder.forStream(publisherId,
                filterValue == null ? Map.of() : Map.of(StreamSettings.FILTER_PROPERTY, filterValue));
        if (batching.subEntrySize() > 1) {
            b.compression(compression(batching.compression()));
        }
        this.name = batching.producerNameOf(spec.routingKey(), spec.index(), instance);
        // A named producer: the broker drops a message whose publishing id (the core's sequence, which goes
        // on across the core's recovery) is not above the last it stored for the name.
        name.ifPresent(b::name);
        b.retryOnRecovery(false);
        this.handler = new ProducerConfirms(spec.index(), spec.confirms(), outcomes, notes);
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

    /** The producer's name, if it has one. */
    Optional<String> name() {
        return name;
    }

    /** The last publishing id the broker stored for this producer's name (0 for none); named producers of a stream only. */
    long lastPublishingId() {
        try {
            return producer.getLastPublishingId();
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Reading the last publishing id of producer '"
                    + name.orElse("") + "'", e), e);
        }
    }

    @Override
    public void send(long seq, byte[] body, String routingKey) {
        if (handler.lost()) {
            throw new DriverException("Publisher " + index + " lost its stream connection.");
        }
        // Encoded here, on this thread: the caller may reuse the body once this returns.
        Message message = new OutgoingMessage(sections, seq, body);
        try {
            producer.send(message, handler);
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Publishing", e), e);
        }
    }

    @Override
    public void close() {
        if (handler.close()) {
            try {
                producer.close();
            } catch (RuntimeException e) {
                // closing anyway
            }
        }
    }
}
