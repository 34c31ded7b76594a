package io.amqpharness.cli;

import io.amqpharness.scenario.DataSize;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import picocli.CommandLine.Option;

/** Topology options: queues, their arguments, the exchange and bindings. */
final class TopologyOptions {
    @Option(names = "--queue-type", paramLabel = "TYPE", converter = Converters.QueueTypeConverter.class,
            description = "classic (default), quorum or stream.")
    QueueType queueType;

    @Option(names = {"-u", "--queue"}, paramLabel = "NAME[,NAME...]",
            description = "Queue name, or several separated by commas (default harness-<run id>, deleted at the end).")
    String queue;

    @Option(names = "--queue-pattern", paramLabel = "PATTERN",
            description = "Numbered queues, e.g. 'perf-test-%%d', with --queue-pattern-from and --queue-pattern-to.")
    String queuePattern;

    @Option(names = "--queue-pattern-from", paramLabel = "N", description = "First queue number (included).")
    Integer queuePatternFrom;

    @Option(names = "--queue-pattern-to", paramLabel = "N", description = "Last queue number (included).")
    Integer queuePatternTo;

    @Option(names = "--transient-queue", description = "Declare classic queues that do not survive a restart.")
    Boolean transientQueue;

    @Option(names = "--auto-delete", description = "Queues are deleted when their last consumer goes.")
    Boolean autoDelete;

    @Option(names = "--exclusive", description = "Each consumer declares its own exclusive queue.")
    Boolean exclusive;

    @Option(names = "--queue-args", paramLabel = "K=V[,K=V...]", converter = Converters.ArgumentsConverter.class,
            description = "Queue arguments; numbers and true/false are typed: x-max-length=1000,x-overflow=reject-publish.")
    KeyValues queueArgs;

    @Option(names = "--max-length", paramLabel = "N", description = "x-max-length: most messages a queue holds.")
    Long maxLength;

    @Option(names = "--max-length-bytes", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "x-max-length-bytes: most bytes a queue holds (1gb).")
    DataSize maxLengthBytes;

    @Option(names = "--max-age", paramLabel = "AGE", description = "x-max-age of a stream: 7D, 12h, 30m.")
    String maxAge;

    @Option(names = "--lazy", description = "x-queue-mode=lazy (classic queues on RabbitMQ 3.x).")
    Boolean lazy;

    @Option(names = "--quorum-group-size", paramLabel = "N", description = "x-quorum-initial-group-size.")
    Integer quorumGroupSize;

    @Option(names = "--stream-segment-size", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "x-stream-max-segment-size-bytes (500mb).")
    DataSize streamSegmentSize;

    @Option(names = {"-e", "--exchange"}, paramLabel = "NAME",
            description = "Exchange to publish to; amq.default (default) is the default exchange. A missing exchange "
                    + "is declared (see --type) and the queues are bound to it.")
    String exchange;

    @Option(names = {"-t", "--type"}, paramLabel = "TYPE", converter = Converters.ExchangeTypeConverter.class,
            description = "Type of the exchange the run declares: direct (default), fanout, topic or headers.")
    ExchangeType exchangeType;

    @Option(names = {"-k", "--routing-key"}, paramLabel = "KEY",
            description = "Routing key (default: each publisher's queue name).")
    String routingKey;

    @Option(names = {"-K", "--random-routing-key"},
            description = "A random routing key per message (from a pool of 1,000 keys).")
    Boolean randomRoutingKey;

    @Option(names = "--binding-key", paramLabel = "KEY",
            description = "Key the queues are bound with (default: the routing key, or each queue's name); e.g. '#'.")
    String bindingKey;

    @Option(names = "--binding-args", paramLabel = "K=V[,K=V...]", converter = Converters.ArgumentsConverter.class,
            description = "Binding arguments, e.g. for a headers exchange: x-match=all,format=pdf.")
    KeyValues bindingArgs;

    @Option(names = {"-p", "--predeclared"}, description = "Use existing topology: declare and delete nothing.")
    Boolean predeclared;

    @Option(names = "--keep-topology", description = "Keep the queues and exchange the run declared.")
    Boolean keepTopology;

    void applyTo(Scenario.Builder b) {
        if (queueType != null) b.queueType(queueType);
        if (queue != null) b.queues(RunOptions.split(queue));
        if (queuePattern != null) b.queuePattern(queuePattern);
        if (queuePatternFrom != null) b.queuePatternFrom(queuePatternFrom);
        if (queuePatternTo != null) b.queuePatternTo(queuePatternTo);
        if (transientQueue != null) b.transientQueue(transientQueue);
        if (autoDelete != null) b.autoDelete(autoDelete);
        if (exclusive != null) b.exclusive(exclusive);
        if (queueArgs != null) queueArgs.values().forEach(b::queueArgument);
        if (maxLength != null) b.maxLength(maxLength);
        if (maxLengthBytes != null) b.maxLengthBytes(maxLengthBytes.bytes());
        if (maxAge != null) b.maxAge(maxAge);
        if (lazy != null) b.lazy(lazy);
        if (quorumGroupSize != null) b.quorumGroupSize(quorumGroupSize);
        if (streamSegmentSize != null) b.streamSegmentSize(streamSegmentSize.bytes());
        if (exchange != null) b.exchange(exchange);
        if (exchangeType != null) b.exchangeType(exchangeType);
        if (routingKey != null) b.routingKey(routingKey);
        if (randomRoutingKey != null) b.randomRoutingKey(randomRoutingKey);
        if (bindingKey != null) b.bindingKey(bindingKey);
        if (bindingArgs != null) bindingArgs.values().forEach(b::bindingArgument);
        if (predeclared != null) b.predeclared(predeclared);
        if (keepTopology != null) b.keepTopology(keepTopology);
    }
}
