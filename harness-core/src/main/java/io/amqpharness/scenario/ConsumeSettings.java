package io.amqpharness.scenario;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * How messages are consumed. Part of a validated {@link Scenario}.
 *
 * @param consumers           consumer connections ({@code --consumers}, its first step with a
 *                            {@code consumers} step); default 1
 * @param channelsPerConsumer consumers (channels, or 1.0 links) on each of those connections;
 *                            default 1, so the run has {@code consumers x channelsPerConsumer} consumers
 * @param prefetch            unacknowledged messages the broker may push to each consumer ({@code --qos};
 *                            0.9.1 {@code basic.qos}, 1.0 link credit, its first step with a {@code qos} step); empty means unlimited (streams
 *                            default to 200)
 * @param autoAck             the broker considers a message settled once sent; default false
 * @param ackEvery            acknowledge every this many messages ({@code --multi-ack-every}), with the
 *                            multiple flag when above 1; default 1 (each message on its own)
 * @param ackTimeout          acknowledge what is pending after this long even if fewer than
 *                            {@code ackEvery} messages arrived; empty means no time bound
 * @param messagesPerConsumer stop each consumer after this many messages; empty means no limit
 * @param streamOffset        where stream consumers start; empty means the broker's default (next)
 * @param consumerLatency     simulated processing time per message, fixed or drawn uniformly from a
 *                            range, spent before the message is settled and its end-to-end latency
 *                            recorded; empty means none
 * @param consumerRate        most messages per second each consumer handles; empty means no limit
 * @param nackPercent         percentage of deliveries negatively acknowledged (0 to 100); default 0
 * @param rejectPercent       percentage of deliveries rejected (0 to 100); default 0
 * @param requeuePercent      percentage of nacked and rejected deliveries put back in the queue;
 *                            the others are discarded (or dead-lettered); default 0
 * @param polling             consume with {@code basic.get} instead of a subscription (0.9.1)
 * @param pollingInterval     with polling, how long to wait after finding the queue empty; default 0
 * @param consumerArguments   arguments of the subscription (for example {@code x-priority})
 * @param startDelay          consumers start this long after publishers (to drain a backlog);
 *                            empty means before publishers
 * @param exitWhen            end the run once consumers have drained the queues ({@code empty}) or
 *                            once no message arrived for a while ({@code idle}); empty means no
 * @param requestReply        every consumer answers each message it receives, through a reply
 *                            queue or direct reply-to ({@code queue} or {@code direct}), and the run measures the round trip from
 *                            the request's send to the reply's receipt; empty (the default) for none
 */
public record ConsumeSettings(
        int consumers,
        @FilledFrom(Setting.CONSUMER_CHANNELS) int channelsPerConsumer,
        OptionalInt prefetch,
        @FilledFrom(Setting.AUTOACK) boolean autoAck,
        int ackEvery,
        @FilledFrom(Setting.ACK_TIMEOUT) Optional<Duration> ackTimeout,
        @FilledFrom(Setting.CONSUMER_MESSAGES) OptionalLong messagesPerConsumer,
        @FilledFrom(Setting.STREAM_OFFSET) Optional<StreamOffset> streamOffset,
        @FilledFrom(Setting.CONSUMER_LATENCY) Optional<DurationRange> consumerLatency,
        @FilledFrom(Setting.CONSUMER_RATE) OptionalDouble consumerRate,
        @FilledFrom(Setting.NACK_RATE) double nackPercent,
        @FilledFrom(Setting.REJECT_RATE) double rejectPercent,
        @FilledFrom(Setting.REQUEUE) double requeuePercent,
        @FilledFrom(Setting.POLLING) boolean polling,
        @FilledFrom(Setting.POLLING_INTERVAL) Duration pollingInterval,
        @FilledFrom(Setting.CONSUMER_ARGS) Map<String, Object> consumerArguments,
        @FilledFrom(Setting.CONSUMER_START_DELAY) Optional<Duration> startDelay,
        @FilledFrom(Setting.EXIT_WHEN) Optional<ExitWhen> exitWhen,
        @FilledFrom(Setting.REQUEST_REPLY) Optional<ReplyMode> requestReply) {

    public ConsumeSettings {
        consumerArguments = Map.copyOf(consumerArguments);
    }

    /** Consumers in the run: connections times channels per connection. */
    public int consumerChannels() {
        return consumers * channelsPerConsumer;
    }

    /** True if some deliveries are nacked or rejected. */
    public boolean negativeAcks() {
        return nackPercent > 0 || rejectPercent > 0;
    }
}
