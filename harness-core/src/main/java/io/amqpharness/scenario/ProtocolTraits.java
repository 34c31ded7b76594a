package io.amqpharness.scenario;

import java.net.URI;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * What a protocol is, as far as the scenario's defaults and checks and the core's reading of the broker
 * need to know, so that they name no driver: its address, whether it reads and writes streams only,
 * whether its consumers settle, and what the broker can tell about its traffic. A driver gives its
 * traits with {@code DriverProvider.traits()}; a protocol without a driver on the class path has
 * {@link #AMQP}'s. Immutable.
 *
 * @param defaultUri           the address a run of this protocol uses without {@code --uri}: its scheme
 *                             (an {@code amqp}/{@code amqps} or a {@code rabbitmq-stream} address) and
 *                             default port; an address of the other kind is refused
 * @param streamsOnly          the protocol reads and writes streams only: {@code --queue-type stream} by
 *                             default (others refused by the driver), and the stream options
 *                             ({@code --batch-size}, {@code --sub-entry-size}, {@code --super-stream}...)
 *                             apply
 * @param settles              consumers settle deliveries (acks, nacks, rejects) and have a prefetch; when
 *                             false, the core sends no settlement and sets no default prefetch
 * @param directReplyTo        publishers can ask for replies through AMQP 0.9.1 direct reply-to
 *                             ({@code --request-reply direct})
 * @param queueStatisticsOnRabbitMQ4 RabbitMQ 4 keeps per-queue message statistics for this protocol's
 *                             traffic (it keeps none for AMQP 1.0): the broker monitor waits for them
 */
public record ProtocolTraits(String defaultUri, boolean streamsOnly, boolean settles, boolean directReplyTo,
                             boolean queueStatisticsOnRabbitMQ4) {

    /** An AMQP protocol's: {@code amqp://localhost:5672}, any queue type, settling consumers, no direct reply-to. */
    public static final ProtocolTraits AMQP = new ProtocolTraits(BrokerUri.DEFAULT.uri().toString(), false, true,
            false, true);

    private static volatile Map<String, ProtocolTraits> known;

    public ProtocolTraits {
        URI.create(defaultUri); // a valid address, or IllegalArgumentException
    }

    /** True if the default address is a stream protocol address ({@code rabbitmq-stream://}). */
    public boolean streamAddress() {
        return new BrokerUri(URI.create(defaultUri)).stream();
    }

    /** The default queue type: {@link QueueType#STREAM} for a protocol of streams only, else the option's default. */
    public Optional<QueueType> defaultQueueType() {
        return streamsOnly ? Optional.of(QueueType.STREAM) : Optional.empty();
    }

    /** These traits with {@code directReplyTo} set. */
    public ProtocolTraits withDirectReplyTo(boolean on) {
        return new ProtocolTraits(defaultUri, streamsOnly, settles, on, queueStatisticsOnRabbitMQ4);
    }

    /** These traits with {@code queueStatisticsOnRabbitMQ4} set. */
    public ProtocolTraits withQueueStatisticsOnRabbitMQ4(boolean on) {
        return new ProtocolTraits(defaultUri, streamsOnly, settles, directReplyTo, on);
    }

    /**
     * The traits of the protocol {@code id}, from its driver on the class path; {@link #AMQP} for an id no
     * driver has (whether it exists is the preflight's check) and for null.
     */
    public static ProtocolTraits of(String id) {
        return id == null ? AMQP : all().getOrDefault(id, AMQP);
    }

    /** The ids of the protocols whose default address is of the same kind as {@code uri}'s, sorted. */
    static List<String> speaking(BrokerUri uri) {
        return all().entrySet().stream().filter(e -> e.getValue().streamAddress() == uri.stream())
                .map(Map.Entry::getKey).toList();
    }

    /** Every driver's traits on the class path, by id, sorted. */
    static Map<String, ProtocolTraits> all() {
        Map<String, ProtocolTraits> k = known;
        if (k == null) {
            Map<String, ProtocolTraits> found = new TreeMap<>();
            for (Catalog c : ServiceLoader.load(Catalog.class, ProtocolTraits.class.getClassLoader())) {
                c.traits().forEach(found::putIfAbsent);
            }
            k = Collections.unmodifiableMap(found);
            known = k;
        }
        return k;
    }

    /**
     * Where the traits come from: the core registers one catalog (over the drivers found with
     * {@code io.amqpharness.spi.Drivers}) as a {@link ServiceLoader} service, so that this package
     * stays below the driver SPI. A driver does not implement this; it gives {@code DriverProvider.traits()}.
     */
    public interface Catalog {
        /** The traits of each protocol, by driver id. */
        Map<String, ProtocolTraits> traits();
    }
}
