package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Rows.nonEmpty;
import static io.amqpharness.scenario.Setting.Group.TOPOLOGY;

/**
 * The declarations of the rows of {@link Setting} in {@link Setting.Group#TOPOLOGY}, one method
 * per constant, in the table's order. The order of help and documentation is the order of the
 * constants in {@link Setting}; a method here only states one option's {@link Declaration}.
 */
final class TopologyRows {
    private TopologyRows() {
    }

    static Declaration.Draft<?> queueType() {
        return option(TOPOLOGY, ValueType.QUEUE_TYPE, "--queue-type").label("TYPE")
            .help("classic (default), quorum or stream.")
            .read(s -> s.topology().queueType()).byDefault(QueueType.CLASSIC).apply(Scenario.Builder::queueType)
            .doc(
                "`classic`, `quorum` or `stream`");
    }

    static Declaration.Draft<?> queue() {
        return option(TOPOLOGY, ValueType.NAMES, "-u", "--queue").label("NAME[,NAME...]")
            .help("Queue name, or several separated by commas (default harness-<run id>, deleted at the end).")
            .read(s -> s.topology().queues() instanceof QueueSelection.Named n ? n.queues() : null)
            .apply(Scenario.Builder::queues)
            .doc("`harness-<run id>`",
                "queues to declare (if missing) and use. With the default exchange and no `--queue`, "
                + "`--routing-key` names the queue");
    }

    static Declaration.Draft<?> queuePattern() {
        return option(TOPOLOGY, ValueType.TEXT, "--queue-pattern").label("PATTERN")
            .help("Numbered queues, e.g. 'perf-test-%%d', with --queue-pattern-from and --queue-pattern-to.")
            .read(s -> s.topology().queues() instanceof QueueSelection.Pattern p ? p.pattern() : null)
            .apply(Scenario.Builder::queuePattern)
            .doc("",
                "numbered queues, `String.format(PATTERN, n)`, e.g. `'perf-test-%d'`");
    }

    static Declaration.Draft<?> queuePatternFrom() {
        return option(TOPOLOGY, ValueType.INT, "--queue-pattern-from").label("N")
            .help("First queue number (included).")
            .read(s -> s.topology().queues() instanceof QueueSelection.Pattern p ? p.from() : null)
            .apply(Scenario.Builder::queuePatternFrom)
            .doc("", "first number, included");
    }

    static Declaration.Draft<?> queuePatternTo() {
        return option(TOPOLOGY, ValueType.INT, "--queue-pattern-to").label("N")
            .help("Last queue number (included).")
            .read(s -> s.topology().queues() instanceof QueueSelection.Pattern p ? p.to() : null)
            .apply(Scenario.Builder::queuePatternTo)
            .doc("", "last number, included (at most 10,000 queues)");
    }

    static Declaration.Draft<?> transientQueue() {
        return option(TOPOLOGY, "--transient-queue")
            .help("Declare classic queues that do not survive a restart.")
            .read(s -> !s.topology().durable()).apply(Scenario.Builder::transientQueue)
            .doc("durable",
                "declare classic queues that do not survive a restart (quorum queues and streams are always "
                + "durable; RabbitMQ 4.3 refuses transient shared classic queues)");
    }

    static Declaration.Draft<?> autoDelete() {
        return option(TOPOLOGY, "--auto-delete")
            .help("Queues are deleted when their last consumer goes.")
            .read(s -> s.topology().autoDelete()).apply(Scenario.Builder::autoDelete)
            .doc("off",
                "queues are deleted when their last consumer goes");
    }

    static Declaration.Draft<?> exclusive() {
        return option(TOPOLOGY, "--exclusive")
            .help("Each consumer declares its own exclusive queue.")
            .read(s -> s.topology().exclusive()).apply(Scenario.Builder::exclusive)
            .doc("off",
                "each consumer declares its own exclusive queue on its connection (needs as many queues as "
                + "consumers)");
    }

    static Declaration.Draft<?> queueArgs() {
        return option(TOPOLOGY, ValueType.KEY_VALUES, "--queue-args").label("K=V[,K=V...]")
            .help("Queue arguments; numbers and true/false are typed: x-max-length=1000,x-overflow=reject-publish.")
            // The shortcut options below are merged in, so they come back as queue arguments.
            .read(s -> nonEmpty(s.topology().queueArguments()))
            .apply((b, args) -> args.forEach(b::queueArgument))
            .doc("none",
                "queue arguments, e.g. `x-max-length=1000,x-overflow=reject-publish`");
    }

    static Declaration.Draft<?> maxLength() {
        return option(TOPOLOGY, ValueType.LONG, "--max-length").label("N")
            .help("x-max-length: most messages a queue holds.")
            .apply(Scenario.Builder::maxLength)
            .doc("",
                "`x-max-length` (classic and quorum)");
    }

    static Declaration.Draft<?> maxLengthBytes() {
        return option(TOPOLOGY, ValueType.SIZE, "--max-length-bytes").label("SIZE")
            .help("x-max-length-bytes: most bytes a queue holds (1gb).")
            .apply(Scenario.Builder::maxLengthBytes)
            .doc("",
                "`x-max-length-bytes`");
    }

    static Declaration.Draft<?> maxAge() {
        return option(TOPOLOGY, ValueType.TEXT, "--max-age").label("AGE")
            .help("x-max-age of a stream: 7D, 12h, 30m.")
            .apply(Scenario.Builder::maxAge)
            .doc("",
                "`x-max-age` of a stream: `7D`, `12h`, `30m`");
    }

    static Declaration.Draft<?> lazy() {
        return option(TOPOLOGY, "--lazy")
            .help("x-queue-mode=lazy (classic queues on RabbitMQ 3.x).")
            .apply(Scenario.Builder::lazy)
            .doc("off",
                "`x-queue-mode=lazy` (classic queues; lazy on 3.x, ignored by 3.12–4.2, refused by 4.3)");
    }

    static Declaration.Draft<?> quorumGroupSize() {
        return option(TOPOLOGY, ValueType.INT, "--quorum-group-size").label("N")
            .help("x-quorum-initial-group-size.")
            .apply(Scenario.Builder::quorumGroupSize)
            .doc("",
                "`x-quorum-initial-group-size`");
    }

    static Declaration.Draft<?> leaderLocator() {
        return option(TOPOLOGY, ValueType.TEXT, "--leader-locator").label("LOCATOR")
            .help("x-queue-leader-locator: on a cluster, where new queues get their leader: balanced or client-local.")
            .apply(Scenario.Builder::leaderLocator)
            .doc("the broker's (`client-local`)",
                "`x-queue-leader-locator`: on a cluster, `balanced` spreads the leaders of the run's new queues "
                + "over the nodes, `client-local` puts each on the node of the connection that declares it "
                + "(the first `--uri` address)");
    }

    static Declaration.Draft<?> streamSegmentSize() {
        return option(TOPOLOGY, ValueType.SIZE, "--stream-segment-size").label("SIZE")
            .help("x-stream-max-segment-size-bytes (500mb).")
            .apply(Scenario.Builder::streamSegmentSize)
            .doc("",
                "`x-stream-max-segment-size-bytes`");
    }

    static Declaration.Draft<?> exchange() {
        return option(TOPOLOGY, ValueType.TEXT, "-e", "--exchange").label("NAME")
            .help("Exchange to publish to; amq.default (default) is the default exchange. A missing exchange "
                    + "is declared (see --type) and the queues are bound to it.")
            .read(s -> s.topology().exchange()).byDefault("")
            .apply(Scenario.Builder::exchange)
            .doc("`amq.default`",
                "exchange to publish to. A missing exchange is declared (durable, of `--type`) and every queue "
                + "is bound to it");
    }

    static Declaration.Draft<?> exchangeType() {
        return option(TOPOLOGY, ValueType.EXCHANGE_TYPE, "-t", "--type").label("TYPE")
            .help("Type of the exchange the run declares: direct (default), fanout, topic or headers.")
            .read(s -> s.topology().exchangeType()).byDefault(ExchangeType.DIRECT)
            .apply(Scenario.Builder::exchangeType)
            .doc(
                "`direct`, `fanout`, `topic` or `headers`, for the exchange the run declares");
    }

    static Declaration.Draft<?> routingKey() {
        return option(TOPOLOGY, ValueType.TEXT, "-k", "--routing-key").label("KEY")
            .help("Routing key (default: each publisher's queue name).")
            .read(s -> s.topology().routingKey()).apply(Scenario.Builder::routingKey)
            .doc("each publisher's queue name",
                "routing key");
    }

    static Declaration.Draft<?> randomRoutingKey() {
        return option(TOPOLOGY, "-K", "--random-routing-key")
            .help("A random routing key per message (from a pool of 1,000 keys).")
            .read(s -> s.topology().randomRoutingKey()).apply(Scenario.Builder::randomRoutingKey)
            .doc("off",
                "a random routing key per message, drawn from a pool of 1,000 keys made at start (no allocation "
                + "per message); bind with e.g. `--type topic --binding-key '#'`");
    }

    static Declaration.Draft<?> bindingKey() {
        return option(TOPOLOGY, ValueType.TEXT, "--binding-key").label("KEY")
            .help("Key the queues are bound with (default: the routing key, or each queue's name); e.g. '#'.")
            .read(s -> s.topology().bindingKey()).apply(Scenario.Builder::bindingKey)
            .doc("the routing key, or each queue's name",
                "key the queues are bound with");
    }

    static Declaration.Draft<?> bindingArgs() {
        return option(TOPOLOGY, ValueType.KEY_VALUES, "--binding-args").label("K=V[,K=V...]")
            .help("Binding arguments, e.g. for a headers exchange: x-match=all,format=pdf.")
            .read(s -> nonEmpty(s.topology().bindingArguments()))
            .apply((b, args) -> args.forEach(b::bindingArgument))
            .doc("none",
                "binding arguments, e.g. for a headers exchange `x-match=all,format=pdf`");
    }

    static Declaration.Draft<?> predeclared() {
        return option(TOPOLOGY, "-p", "--predeclared")
            .help("Use existing topology: declare and delete nothing.")
            .read(s -> s.topology().predeclared()).apply(Scenario.Builder::predeclared)
            .doc("off",
                "declare nothing and delete nothing: the queues consumers read from must exist");
    }

    static Declaration.Draft<?> keepTopology() {
        return option(TOPOLOGY, "--keep-topology")
            .help("Keep the queues and exchange the run declared.")
            .read(s -> s.topology().keep()).apply(Scenario.Builder::keepTopology)
            .doc("off",
                "keep the queues and exchange the run declared");
    }

    static Declaration.Draft<?> superStream() {
        return option(TOPOLOGY, ValueType.INT, "--super-stream").label("PARTITIONS")
            .help("--protocol stream: a super stream of this many partitions instead of a stream (RabbitMQ 3.13+).")
            .read(s -> s.stream().superStreamPartitions().isPresent()
                    ? s.stream().superStreamPartitions().getAsInt() : null)
            .apply(Scenario.Builder::superStream)
            .check(n -> n >= 1 && n <= 1_000, "%s must be between 1 and 1000; for example %1$s 3")
            .doc("none",
                "`--protocol stream` only (RabbitMQ 3.13 or later): the run's queue is a super stream "
                + "(`--queue`, default `harness-<run id>`) of this many partitions, `<name>-0` to "
                + "`<name>-<N-1>` bound with the keys `0` to `N-1`, created and deleted over the stream "
                + "protocol. Publisher `i` routes its messages by the key `i mod N`, so its messages stay in "
                + "order in one partition (give at least N publishers to write every partition); each "
                + "consumer reads every partition");
    }
}
