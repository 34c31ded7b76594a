package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Rows.nonEmpty;
import static io.amqpharness.scenario.Setting.Group.CONSUMING;

import java.time.Duration;

/**
 * The declarations of the rows of {@link Setting} in {@link Setting.Group#CONSUMING}, one method
 * per constant, in the table's order. The order of help and documentation is the order of the
 * constants in {@link Setting}; a method here only states one option's {@link Declaration}.
 */
final class ConsumingRows {
    private ConsumingRows() {
    }

    static Declaration.Draft<?> consumers() {
        return option(CONSUMING, ValueType.INT, "-y", "--consumers").label("N")
            .help("Consumer connections (default {default}), each with -Y consumers.")
            .read(s -> s.consuming().consumers()).byDefault(1).written().apply(Scenario.Builder::consumers)
            .doc(
                "consumer connections");
    }

    static Declaration.Draft<?> consumerChannels() {
        return option(CONSUMING, ValueType.INT, "-Y", "--consumer-channel-count").label("N")
            .help("Consumers (channels, or AMQP 1.0 links) per consumer connection (default {default}).")
            .read(s -> s.consuming().channelsPerConsumer()).byDefault(1).apply(Scenario.Builder::consumerChannelCount)
            .doc(
                "consumers (channels, or AMQP 1.0 links) on each consumer connection");
    }

    static Declaration.Draft<?> consumerMessages() {
        return option(CONSUMING, ValueType.LONG, "-D", "--cmessages").label("N")
            .help("Messages per consumer, then stop.")
            .read(s -> s.consuming().messagesPerConsumer()).apply(Scenario.Builder::consumerMessageCount)
            .check(n -> n >= 1, "%s must be at least 1, got %2$s; for example %1$s 100000")
            .doc("no limit",
                "messages per consumer; the consumer then stops");
    }

    static Declaration.Draft<?> qos() {
        return option(CONSUMING, ValueType.INT, "-q", "--qos").label("N")
            .help("Prefetch per consumer, 1-65535 (default unlimited; 200 for streams).")
            // Stream consumers get a prefetch of 200 when none is given: leave that one out.
            .read(s -> s.topology().queueType() == QueueType.STREAM
                    && s.consuming().prefetch().orElse(0) == Scenario.DEFAULT_STREAM_PREFETCH
                    ? null : s.consuming().prefetch())
            .apply(Scenario.Builder::qos).byDefault(ConsumingRows::streamPrefetch)
            .check(n -> n >= 1 && n <= 65_535, "%s must be between 1 and 65535, got %2$s; for example %1$s 200")
            .doc("unlimited (200 for streams)",
                "prefetch per consumer (`basic.qos`), 1 to 65535. AMQP 0.9.1 in NIO mode gives a consumer that "
                + "acknowledges 500 when none is given (amqp-client's NIO loop stalls without one; the run's notes say so)");
    }

    static Declaration.Draft<?> autoack() {
        return option(CONSUMING, "-a", "--autoack")
            .help("Automatic acknowledgements.")
            .read(s -> s.consuming().autoAck()).apply(Scenario.Builder::autoAck)
            .doc("off",
                "automatic acknowledgements");
    }

    static Declaration.Draft<?> multiAckEvery() {
        return option(CONSUMING, ValueType.INT, "--multi-ack-every").label("N")
            .help("Acknowledge every N messages with the multiple flag (default {default}: each message). "
                    + "Must not exceed --qos.")
            .read(s -> s.consuming().ackEvery()).byDefault(1).apply(Scenario.Builder::multiAckEvery)
            .check(n -> n >= 1, "%s must be at least 1, got %2$s; for example %1$s 50")
            .doc(
                "acknowledge every N messages with one ack carrying the multiple flag. Must not exceed `--qos` "
                + "(the consumer would wait for messages the broker never sends)");
    }

    static Declaration.Draft<?> ackTimeout() {
        return option(CONSUMING, ValueType.DURATION, "--ack-timeout").label("DURATION")
            .help("Acknowledge what is pending after this long even if fewer than N arrived, e.g. 50ms.")
            .read(s -> s.consuming().ackTimeout()).apply(Scenario.Builder::ackTimeout)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 50ms")
            .doc("off",
                "acknowledge what is pending once the oldest unacknowledged message has waited this long, even "
                + "if fewer than N arrived (\"every 10 messages or 50 ms\"). The timer starts with the run's "
                + "consumers: with a `consumers` step whose first value is 0, it does not run, and consumers added "
                + "later acknowledge every N messages only");
    }

    static Declaration.Draft<?> nackRate() {
        return option(CONSUMING, ValueType.DECIMAL, "--nack-rate").label("PERCENT")
            .help("Negatively acknowledge this share of deliveries.")
            .read(s -> s.consuming().nackPercent()).byDefault(0.0).apply(Scenario.Builder::nackRate)
            .check(ScenarioValidator::percent, "%s must be a percentage from 0 to 100, got %2$s; for example %1$s 10")
            .doc(
                "negatively acknowledge this share of deliveries (drawn at random)");
    }

    static Declaration.Draft<?> rejectRate() {
        return option(CONSUMING, ValueType.DECIMAL, "--reject-rate").label("PERCENT")
            .help("Reject this share of deliveries.")
            .read(s -> s.consuming().rejectPercent()).byDefault(0.0).apply(Scenario.Builder::rejectRate)
            .check(ScenarioValidator::percent, "%s must be a percentage from 0 to 100, got %2$s; for example %1$s 10")
            .doc(
                "reject this share of deliveries");
    }

    static Declaration.Draft<?> requeue() {
        return option(CONSUMING, ValueType.DECIMAL, "--requeue").label("PERCENT").fallback("100")
            .help("Requeue nacked and rejected deliveries: all of them, or this share (default: discard).")
            .read(s -> s.consuming().requeuePercent()).byDefault(0.0).apply(Scenario.Builder::requeueRate)
            .check(ScenarioValidator::percent, "%s must be a percentage from 0 to 100, got %2$s; for example %1$s 10")
            .doc("discard",
                "requeue nacked and rejected deliveries: all of them, or this share; the others are discarded "
                + "(or dead-lettered). A window of acks is always settled before a nack or reject goes out on its "
                + "own, so one multiple ack never covers a negative one");
    }

    static Declaration.Draft<?> consumerLatency() {
        return option(CONSUMING, ValueType.DURATION_RANGE, "--consumer-latency").label("DURATION[-DURATION]")
            .help("Simulated processing time per message, fixed (5ms) or drawn from a range "
                    + "(1ms-5ms); end-to-end latency includes it.")
            .read(s -> s.consuming().consumerLatency()).apply(Scenario.Builder::consumerLatency)
            .doc("none",
                "simulated processing time per message, fixed (`5ms`) or drawn uniformly from a range "
                + "(`1ms-5ms`); the message is settled, and its end-to-end latency taken, afterwards");
    }

    static Declaration.Draft<?> consumerRate() {
        return option(CONSUMING, ValueType.RATE, "--consumer-rate").label("MSG/S")
            .help("Most messages per second each consumer handles.")
            .read(s -> s.consuming().consumerRate()).apply(Scenario.Builder::consumerRate)
            .check(r -> r > 0 && !r.isInfinite(),
                    "%s must be above 0 messages per second, got %2$s; for example %1$s 500")
            .doc("no limit",
                "most messages per second each consumer handles (evenly spaced, no bursts)");
    }

    static Declaration.Draft<?> polling() {
        return option(CONSUMING, "--polling")
            .help("Consume with basic.get instead of a subscription (AMQP 0.9.1).")
            .read(s -> s.consuming().polling()).apply(Scenario.Builder::polling)
            .doc("off",
                "consume with `basic.get` instead of a subscription (AMQP 0.9.1)");
    }

    static Declaration.Draft<?> pollingInterval() {
        return option(CONSUMING, ValueType.DURATION, "--polling-interval").label("DURATION")
            .help("With --polling, wait this long after finding the queue empty (default 0).")
            .read(s -> s.consuming().pollingInterval()).byDefault(Duration.ZERO)
            .apply(Scenario.Builder::pollingInterval)
            .doc("0",
                "with `--polling`, wait this long after finding the queue empty");
    }

    static Declaration.Draft<?> consumerArgs() {
        return option(CONSUMING, ValueType.KEY_VALUES, "--consumer-args").label("K=V[,K=V...]")
            .help("Subscription arguments, e.g. x-priority=10.")
            .read(s -> nonEmpty(s.consuming().consumerArguments()))
            .apply((b, args) -> args.forEach(b::consumerArgument))
            .doc("none",
                "subscription arguments, e.g. `x-priority=10`");
    }

    static Declaration.Draft<?> consumerStartDelay() {
        return option(CONSUMING, ValueType.DURATION, "--consumer-start-delay").label("DURATION")
            .help("Start consumers this long after publishers, to drain a backlog.")
            .read(s -> s.consuming().startDelay()).apply(Scenario.Builder::consumerStartDelay)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 30s")
            .doc("before publishers",
                "start consumers this long after publishers (to build a backlog, then drain it)");
    }

    static Declaration.Draft<?> exitWhen() {
        return option(CONSUMING, ValueType.EXIT_WHEN, "--exit-when").label("WHEN")
            .help("End the run once the queues are empty (empty) or consumers got nothing for an interval (idle).")
            .read(s -> s.consuming().exitWhen()).apply(Scenario.Builder::exitWhen)
            .doc("no",
                "`empty`: end once every queue is empty and nothing is awaiting an ack; `idle`: end once "
                + "consumers received nothing for a reporting interval (at least 1 s) after a first delivery");
    }

    static Declaration.Draft<?> requestReply() {
        return option(CONSUMING, ValueType.REPLY_MODE, "--request-reply").label("MODE").fallback("queue")
            .help("Consumers answer each message, through a reply queue (queue, the default) or AMQP 0.9.1 direct "
                    + "reply-to (direct); the run measures the round trip.")
            .read(s -> s.consuming().requestReply()).apply((b, mode) -> b.requestReply(mode))
            .doc("off",
                "request/reply: every consumer answers each message it receives, body unchanged, and the run "
                + "measures the `round trip` from the request's intended send (its actual send when unpaced) to "
                + "the reply's receipt, next to the end-to-end latency of the requests. `queue` (the default): "
                + "replies go to a queue the run declares (`harness-<run id>-replies`) and consumes, both "
                + "protocols; `direct`: AMQP 0.9.1 direct reply-to, each publisher consuming "
                + "`amq.rabbitmq.reply-to` on its own channel. See [output.md](output.md)");
    }

    static Declaration.Draft<?> streamOffset() {
        return option(CONSUMING, ValueType.STREAM_OFFSET, "--stream-offset").label("OFFSET")
            .help("Where stream consumers start: first, last, next, an offset, an ISO timestamp "
                    + "or an interval such as 10m (default next).")
            .read(s -> s.consuming().streamOffset()).apply(Scenario.Builder::streamOffset)
            .doc("`next`",
                "stream consumers start at `first`, `last`, `next`, an offset (`1000`), an ISO-8601 timestamp "
                + "(`2026-11-21T10:00:00Z`) or an interval before now (`10m`, `1h`, `7D`)");
    }

    static Declaration.Draft<?> singleActiveConsumer() {
        return option(CONSUMING, "--single-active-consumer")
            .help("--protocol stream: the consumers of each stream form one single-active-consumer group; "
                    + "one receives at a time (RabbitMQ 3.11+).")
            .read(s -> s.stream().singleActiveConsumer()).apply(Scenario.Builder::singleActiveConsumer)
            .doc("off",
                "`--protocol stream` only (RabbitMQ 3.11 or later): every consumer of a stream (of each "
                + "partition with `--super-stream`) subscribes under one consumer name, `harness-<run id>`, "
                + "as a single active consumer: the broker delivers to one of them at a time, the others "
                + "wait. Counted as competing consumers: each message once across the group");
    }

    static Declaration.Draft<?> filterValues() {
        return option(CONSUMING, ValueType.NAMES, "--filter-values").label("VALUE[,VALUE...]")
            .help("--protocol stream: consumers receive only messages tagged with one of these filter values "
                    + "(RabbitMQ 3.13+).")
            .read(s -> nonEmpty(s.stream().consumerFilterValues())).apply(Scenario.Builder::filterValues)
            .doc("every message",
                "`--protocol stream` only (RabbitMQ 3.13 or later): the broker sends consumers only the "
                + "chunks whose filter may hold one of these values, and the consumer drops the other "
                + "messages of those chunks; messages of the publishers whose value is not among them "
                + "are not expected (not lost)");
    }
    /** Stream consumers need a prefetch: {@link Scenario#DEFAULT_STREAM_PREFETCH} unless they poll or auto-ack. */
    private static Integer streamPrefetch(DraftValues d) {
        boolean streamConsumers = d.get(Setting.QUEUE_TYPE) == QueueType.STREAM && !d.on(Setting.AUTOACK)
                && !d.on(Setting.POLLING) && d.<Integer>first(StepSetting.CONSUMERS, Double::intValue) > 0;
        return streamConsumers ? Scenario.DEFAULT_STREAM_PREFETCH : null;
    }
}
