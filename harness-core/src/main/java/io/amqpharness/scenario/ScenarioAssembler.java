package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.*;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Turns a builder's draft into the immutable settings records. A component marked {@link FilledFrom}
 * is filled by {@link SettingsBinder} from its setting; this class derives the others, those made
 * from several settings or changed on the way (stepped settings start at their first step's value).
 * Every value is read through {@link ScenarioDraft#get}, so a setting not given has the default its
 * {@link Declaration} states.
 * Runs before the validation result is known, so it never throws on bad values: a scenario built
 * from an invalid draft is discarded.
 */
final class ScenarioAssembler {
    private ScenarioAssembler() {
    }

    static Scenario assemble(ScenarioDraft<?> d) {
        return new Scenario(
                Optional.ofNullable(BrokerAddresses.parse(d.text(URI)).addresses()).orElse(BrokerAddresses.DEFAULT),
                d.text(PROTOCOL) == null ? "" : d.text(PROTOCOL),
                publishing(d), consuming(d), topology(d), run(d), tls(d), coordination(d), connections(d),
                stream(d));
    }

    private static StreamSettings stream(ScenarioDraft<?> d) {
        return SettingsBinder.bind(StreamSettings.class, d, Map.of());
    }

    private static Coordination coordination(ScenarioDraft<?> d) {
        return SettingsBinder.bind(Coordination.class, d, Map.of());
    }

    private static ConnectionSettings connections(ScenarioDraft<?> d) {
        return SettingsBinder.bind(ConnectionSettings.class, d, Map.of());
    }

    private static TlsSettings tls(ScenarioDraft<?> d) {
        return SettingsBinder.bind(TlsSettings.class, d, Map.of());
    }

    private static PublishSettings publishing(ScenarioDraft<?> d) {
        SizeMix sizes = d.get(SIZE);
        long size = sizes.meanBytes();
        Map<String, Object> props = d.map(MESSAGE_PROPERTIES);
        // A stepped setting starts at its first step's value.
        return SettingsBinder.bind(PublishSettings.class, d, Map.of(
                "producers", d.first(StepSetting.PRODUCERS, Double::intValue),
                "messageSizeBytes", (int) Math.min(Math.max(size, 0), Scenario.MAX_MESSAGE_SIZE),
                "ratePerProducer", optional(d.first(StepSetting.RATE, v -> v)),
                "confirmWindow", optionalInt(d.first(StepSetting.CONFIRM, Double::intValue)),
                "flags", flags(d),
                "properties", new MessageProperties(Optional.ofNullable((String) props.get("contentType")),
                        Optional.ofNullable((String) props.get("contentEncoding")),
                        optionalInt((Integer) props.get("priority")),
                        Optional.ofNullable((Duration) props.get("expiration")),
                        Optional.ofNullable((String) props.get("type")), d.map(MESSAGE_HEADERS)),
                "shape", new MessageShape(Optional.ofNullable(d.get(ROUTING_KEYS)), Optional.ofNullable(d.get(PRIORITY)),
                        Optional.ofNullable(d.get(MESSAGE_TTL)), d.list(HEADER))));
    }

    private static ConsumeSettings consuming(ScenarioDraft<?> d) {
        return SettingsBinder.bind(ConsumeSettings.class, d, Map.of(
                "consumers", d.first(StepSetting.CONSUMERS, Double::intValue),
                "prefetch", optionalInt(d.first(StepSetting.QOS, Double::intValue)),
                "ackEvery", d.first(StepSetting.MULTI_ACK_EVERY, Double::intValue)));
    }

    private static TopologySettings topology(ScenarioDraft<?> d) {
        String exchange = d.text(EXCHANGE) == null || "amq.default".equals(d.text(EXCHANGE)) ? "" : d.text(EXCHANGE);
        return SettingsBinder.bind(TopologySettings.class, d, Map.of(
                "queues", queues(d),
                "durable", !d.on(TRANSIENT_QUEUE),
                "queueArguments", QueueShortcuts.merged(d),
                "exchange", exchange));
    }

    private static QueueSelection queues(ScenarioDraft<?> d) {
        String pattern = d.text(QUEUE_PATTERN);
        Integer from = d.integer(QUEUE_PATTERN_FROM);
        Integer to = d.integer(QUEUE_PATTERN_TO);
        if (pattern != null && from != null && to != null) {
            return new QueueSelection.Pattern(pattern, from, to);
        }
        List<String> queues = d.list(QUEUE);
        if (!queues.isEmpty()) {
            return new QueueSelection.Named(queues);
        }
        // With the default exchange the routing key is the queue name, so a routing key names the queue.
        String exchange = d.text(EXCHANGE);
        boolean defaultExchange = exchange == null || exchange.isEmpty() || "amq.default".equals(exchange);
        String routingKey = d.text(ROUTING_KEY);
        if (defaultExchange && routingKey != null && !routingKey.isEmpty()) {
            return new QueueSelection.Named(List.of(routingKey));
        }
        return new QueueSelection.Generated();
    }

    private static RunSettings run(ScenarioDraft<?> d) {
        List<Step> steps = d.list(STEP);
        Duration stepDuration = d.duration(STEP_DURATION);
        Duration warmup = d.duration(WARMUP);
        return SettingsBinder.bind(RunSettings.class, d, Map.of(
                // --warmup 0: none
                "warmup", warmup == null || warmup.isZero() ? Optional.empty() : Optional.of(warmup),
                "steps", steps.isEmpty() || stepDuration == null ? Optional.empty()
                        : Optional.of(new StepPlan(steps, stepDuration)),
                "brokerMetrics", brokerMetrics(d),
                "backlog", backlog(d),
                "gates", d.<String>list(FAIL_IF).stream().map(Gate::parse).flatMap(Optional::stream).toList()));
    }

    private static Optional<Backlog> backlog(ScenarioDraft<?> d) {
        BacklogSize size = d.get(BACKLOG);
        if (size == null) {
            return Optional.empty();
        }
        BacklogThen then = d.get(BACKLOG_THEN);
        return Optional.of(new Backlog(size, then == null ? BacklogThen.KEEP_PUBLISHING : then,
                optional(d.decimal(CONSUMER_ARRIVAL))));
    }

    private static BrokerMetrics brokerMetrics(ScenarioDraft<?> d) {
        if (d.on(NO_BROKER_METRICS)) {
            return BrokerMetrics.OFF;
        }
        return new BrokerMetrics(true, BrokerMetrics.parseUrl(d.text(BROKER_METRICS)),
                Optional.ofNullable(d.duration(BROKER_METRICS_WAIT)));
    }

    private static java.util.Set<MessageFlag> flags(ScenarioDraft<?> d) {
        java.util.Set<MessageFlag> flags = java.util.EnumSet.noneOf(MessageFlag.class);
        flags.addAll(d.<MessageFlag>list(FLAG));
        return flags;
    }

    private static OptionalDouble optional(Double d) {
        return d == null ? OptionalDouble.empty() : OptionalDouble.of(d);
    }

    private static OptionalInt optionalInt(Integer i) {
        return i == null ? OptionalInt.empty() : OptionalInt.of(i);
    }
}
