package io.amqpharness.spi;

import io.amqpharness.scenario.MessageProperties;
import java.util.List;
import java.util.OptionalInt;

/**
 * One publisher to open.
 *
 * @param index          0-based publisher number within the run
 * @param publisherId    identity carried by every message (0.9.1 {@code app-id}, 1.0 {@code group-id}),
 *                       so consumers can check sequences per publisher
 * @param connectionName publishers with the same name share a connection; also shown in the broker's UI
 * @param exchange       exchange to publish to; empty for the default exchange
 * @param routingKey     the routing key this publisher uses unless a send names another
 * @param persistent     durable messages
 * @param mandatory      unroutable messages are returned (0.9.1) instead of dropped
 * @param confirms       the broker must confirm (0.9.1) or settle (1.0) each message; when false,
 *                       messages are sent without confirmation (pre-settled in 1.0)
 * @param txSize         AMQP 0.9.1 transactions: commit every this many sends, then report them
 *                       all as confirmed with one multiple outcome; empty for no transactions
 * @param properties     properties and headers set on every message
 * @param maxInFlight    the most messages this publisher may have awaiting their outcome at once in the
 *                       whole run: the largest confirm window of the step plan ({@code --confirm},
 *                       {@code --step confirm=...}), or the transaction size; empty when the core tracks no
 *                       outcomes. The core enforces it; a driver sizes its own in-flight limit or buffers to
 *                       it, so that it never blocks before the core does
 * @param variants       the properties of each message variant a send may name
 *                       ({@link PublisherLink#send(long, byte[], String, int)}), variant 0 first: the
 *                       priorities, TTLs and header values drawn per message ({@code --priority},
 *                       {@code --message-ttl}, {@code --header}) over {@code properties}. A driver
 *                       encodes each once when the publisher opens. Given empty, {@code [properties]}
 */
public record PublisherSpec(int index, String publisherId, String connectionName, String exchange,
                            String routingKey, boolean persistent, boolean mandatory, boolean confirms,
                            OptionalInt txSize, MessageProperties properties, OptionalInt maxInFlight,
                            List<MessageProperties> variants) {

    public PublisherSpec {
        variants = variants.isEmpty() ? List.of(properties) : List.copyOf(variants);
    }

    /**
     * A spec whose messages all carry {@code properties}.
     *
     * @deprecated use the canonical constructor, with {@code List.of()} for no variants
     */
    @Deprecated
    public PublisherSpec(int index, String publisherId, String connectionName, String exchange,
                         String routingKey, boolean persistent, boolean mandatory, boolean confirms,
                         OptionalInt txSize, MessageProperties properties, OptionalInt maxInFlight) {
        this(index, publisherId, connectionName, exchange, routingKey, persistent, mandatory, confirms, txSize,
                properties, maxInFlight, List.of());
    }

    /** True if sends name more than one variant of the properties. */
    public boolean varies() {
        return variants.size() > 1;
    }

    /**
     * A spec without {@code maxInFlight}: the transaction size if there is one, else empty.
     *
     * @deprecated give the largest window with the canonical constructor; a confirmed publisher
     *             opened with this one gets its driver's own default limit
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public PublisherSpec(int index, String publisherId, String connectionName, String exchange,
                         String routingKey, boolean persistent, boolean mandatory, boolean confirms,
                         OptionalInt txSize, MessageProperties properties) {
        this(index, publisherId, connectionName, exchange, routingKey, persistent, mandatory, confirms, txSize,
                properties, txSize, List.of());
    }
}
