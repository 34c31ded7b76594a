package io.amqpharness.spi;

/**
 * One publisher to open.
 *
 * @param index          0-based publisher number within the run
 * @param publisherId    identity carried by every message (0.9.1 {@code app-id}, 1.0 {@code group-id}),
 *                       so consumers can check sequences per publisher
 * @param connectionName links with the same name share a connection; also shown in the broker's UI
 * @param exchange       exchange to publish to; empty for the default exchange
 * @param routingKey     routing key
 * @param persistent     durable messages
 * @param mandatory      unroutable messages are returned (0.9.1) instead of dropped
 * @param confirms       the broker must confirm (0.9.1) or settle (1.0) each message; when false,
 *                       messages are sent without confirmation (pre-settled in 1.0)
 */
public record PublisherSpec(int index, String publisherId, String connectionName, String exchange,
                            String routingKey, boolean persistent, boolean mandatory, boolean confirms) {
}
