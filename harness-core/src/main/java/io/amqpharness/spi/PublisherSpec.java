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
 */
public record PublisherSpec(int index, String publisherId, String connectionName, String exchange,
                            String routingKey, boolean persistent, boolean mandatory, boolean confirms,
                            OptionalInt txSize, MessageProperties properties) {
}
