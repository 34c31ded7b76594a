package io.amqpharness.scenario;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * How messages are consumed. Part of a validated {@link Scenario}.
 *
 * @param consumers           number of consumers, each on its own connection and channel; default 1
 * @param prefetch            unacknowledged messages the broker may push to each consumer (0.9.1
 *                            {@code basic.qos}, 1.0 link credit); empty means unlimited (streams
 *                            default to 200)
 * @param autoAck             the broker considers a message settled once sent; default false
 * @param ackEvery            acknowledge every this many messages, with the multiple flag when
 *                            above 1; default 1 (each message on its own)
 * @param ackTimeout          acknowledge what is pending after this long even if fewer than
 *                            {@code ackEvery} messages arrived; empty means no time bound
 * @param messagesPerConsumer stop each consumer after this many messages; empty means no limit
 * @param streamOffset        where stream consumers start; empty means the broker's default (next)
 * @param consumerLatency     simulated processing time per message, fixed or drawn uniformly from a
 *                            range, spent before the message is settled and its end-to-end latency
 *                            recorded; empty means none
 */
public record ConsumeSettings(
        int consumers,
        OptionalInt prefetch,
        boolean autoAck,
        int ackEvery,
        Optional<Duration> ackTimeout,
        OptionalLong messagesPerConsumer,
        Optional<StreamOffset> streamOffset,
        Optional<DurationRange> consumerLatency) {
}
