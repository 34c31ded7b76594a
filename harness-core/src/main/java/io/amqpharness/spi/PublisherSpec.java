package io.amqpharness.spi;

import io.amqpharness.scenario.MessageProperties;
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
 */
public record PublisherSpec(int index, String publisherId, String connectionName, String exchange,
                            String routingKey, boolean persistent, boolean mandatory, boolean confirms,
                            OptionalInt txSize, MessageProperties properties, OptionalInt maxInFlight) {

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
                properties, txSize);
    }
}
