package io.amqpharness.cli;

import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Consuming options. */
final class ConsumeOptions {
    @Option(names = {"-y", "--consumers"}, paramLabel = "N",
            description = "Consumer connections (default 1), each with -Y consumers.")
    Integer consumers;

    @Option(names = {"-Y", "--consumer-channel-count"}, paramLabel = "N",
            description = "Consumers (channels, or AMQP 1.0 links) per consumer connection (default 1).")
    Integer consumerChannels;

    @Option(names = {"-D", "--cmessages"}, paramLabel = "N", description = "Messages per consumer, then stop.")
    Long consumerMessages;

    @Option(names = {"-q", "--qos"}, paramLabel = "N",
            description = "Prefetch per consumer, 1-65535 (default unlimited; 200 for streams).")
    Integer qos;

    @Option(names = {"-a", "--autoack"}, description = "Automatic acknowledgements.")
    Boolean autoAck;

    @Option(names = "--multi-ack-every", paramLabel = "N",
            description = "Acknowledge every N messages with the multiple flag (default 1: each message). "
                    + "Must not exceed --qos.")
    Integer multiAckEvery;

    @Option(names = "--ack-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "Acknowledge what is pending after this long even if fewer than N arrived, e.g. 50ms.")
    Duration ackTimeout;

    @Option(names = "--nack-rate", paramLabel = "PERCENT", description = "Negatively acknowledge this share of deliveries.")
    Double nackRate;

    @Option(names = "--reject-rate", paramLabel = "PERCENT", description = "Reject this share of deliveries.")
    Double rejectRate;

    @Option(names = "--requeue", paramLabel = "PERCENT", arity = "0..1", fallbackValue = "100",
            description = "Requeue nacked and rejected deliveries: all of them, or this share (default: discard).")
    Double requeue;

    @Option(names = "--consumer-latency", paramLabel = "DURATION[-DURATION]",
            converter = Converters.DurationRangeConverter.class,
            description = "Simulated processing time per message, fixed (5ms) or drawn from a range "
                    + "(1ms-5ms); end-to-end latency includes it.")
    DurationRange consumerLatency;

    @Option(names = "--consumer-rate", paramLabel = "MSG/S", converter = Converters.RateConverter.class,
            description = "Most messages per second each consumer handles.")
    Double consumerRate;

    @Option(names = "--polling", description = "Consume with basic.get instead of a subscription (AMQP 0.9.1).")
    Boolean polling;

    @Option(names = "--polling-interval", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "With --polling, wait this long after finding the queue empty (default 0).")
    Duration pollingInterval;

    @Option(names = "--consumer-args", paramLabel = "K=V[,K=V...]", converter = Converters.ArgumentsConverter.class,
            description = "Subscription arguments, e.g. x-priority=10.")
    KeyValues consumerArgs;

    @Option(names = "--consumer-start-delay", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "Start consumers this long after publishers, to drain a backlog.")
    Duration consumerStartDelay;

    @Option(names = "--exit-when", paramLabel = "WHEN", converter = Converters.ExitWhenConverter.class,
            description = "End the run once the queues are empty (empty) or consumers got nothing for an interval (idle).")
    ExitWhen exitWhen;

    @Option(names = "--stream-offset", paramLabel = "OFFSET", converter = Converters.StreamOffsetConverter.class,
            description = "Where stream consumers start: first, last, next, an offset, an ISO timestamp "
                    + "or an interval such as 10m (default next).")
    StreamOffset streamOffset;

    void applyTo(Scenario.Builder b) {
        if (consumers != null) b.consumers(consumers);
        if (consumerChannels != null) b.consumerChannelCount(consumerChannels);
        if (consumerMessages != null) b.consumerMessageCount(consumerMessages);
        if (qos != null) b.qos(qos);
        if (autoAck != null) b.autoAck(autoAck);
        if (multiAckEvery != null) b.multiAckEvery(multiAckEvery);
        if (ackTimeout != null) b.ackTimeout(ackTimeout);
        if (nackRate != null) b.nackRate(nackRate);
        if (rejectRate != null) b.rejectRate(rejectRate);
        if (requeue != null) b.requeueRate(requeue);
        if (consumerLatency != null) b.consumerLatency(consumerLatency);
        if (consumerRate != null) b.consumerRate(consumerRate);
        if (polling != null) b.polling(polling);
        if (pollingInterval != null) b.pollingInterval(pollingInterval);
        if (consumerArgs != null) consumerArgs.values().forEach(b::consumerArgument);
        if (consumerStartDelay != null) b.consumerStartDelay(consumerStartDelay);
        if (exitWhen != null) b.exitWhen(exitWhen);
        if (streamOffset != null) b.streamOffset(streamOffset);
    }
}
