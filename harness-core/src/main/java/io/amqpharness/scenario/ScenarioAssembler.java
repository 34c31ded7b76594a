package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.*;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Turns a builder's draft into the immutable settings records. Every value is read through
 * {@link ScenarioDraft#get}, so a setting not given has the default its {@link Declaration} states.
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
        return new StreamSettings(d.integer(BATCH_SIZE), d.integer(SUB_ENTRY_SIZE), orDefault(d, COMPRESSION),
                d.on(SINGLE_ACTIVE_CONSUMER), optionalInt(d.integer(SUPER_STREAM)),
                d.list(FILTER_VALUE), d.list(FILTER_VALUES),
                Optional.ofNullable(d.text(PRODUCER_NAMES)));
    }

    private static Coordination coordination(ScenarioDraft<?> d) {
        return new Coordination(Optional.ofNullable(d.text(INSTANCE)), Optional.ofNullable(d.get(START_AT)),
                optionalInt(d.integer(BARRIER)), orDefault(d, BARRIER_NAME), orDefault(d, BARRIER_TIMEOUT));
    }

    private static ConnectionSettings connections(ScenarioDraft<?> d) {
        return new ConnectionSettings(optionalInt(d.integer(NIO_THREADS)), d.integer(CONNECTION_OPEN_CONCURRENCY),
                optional(d.decimal(CONNECTION_OPEN_RATE)), d.integer(IDLE_CONNECTIONS), d.integer(IDLE_CHANNELS),
                optional(d.decimal(CHURN_RATE)), orDefault(d, CHURN_HOLD));
    }

    private static TlsSettings tls(ScenarioDraft<?> d) {
        return new TlsSettings(Optional.ofNullable(d.text(TLS_TRUST_STORE)).map(Path::of),
                Optional.ofNullable(d.text(TLS_TRUST_STORE_PASSWORD)),
                Optional.ofNullable(d.text(TLS_KEY_STORE)).map(Path::of),
                Optional.ofNullable(d.text(TLS_KEY_STORE_PASSWORD)), d.on(TLS_INSECURE));
    }

    private static PublishSettings publishing(ScenarioDraft<?> d) {
        long size = d.number(SIZE);
        // A stepped setting starts at its first step's value.
        int producers = d.first(StepSetting.PRODUCERS, Double::intValue);
        Double rate = d.first(StepSetting.RATE, v -> v);
        Integer confirm = d.first(StepSetting.CONFIRM, Double::intValue);
        Map<String, Object> props = d.map(MESSAGE_PROPERTIES);
        return new PublishSettings(producers, d.integer(PRODUCER_CHANNELS),
                (int) Math.min(Math.max(size, 0), Scenario.MAX_MESSAGE_SIZE), d.list(VARIABLE_SIZE),
                optional(rate), optional(d.decimal(TOTAL_RATE)), d.list(VARIABLE_RATE),
                optionalLong(d.number(PRODUCER_MESSAGES)), optionalInt(confirm), orDefault(d, CONFIRM_TIMEOUT),
                optionalInt(d.integer(TX_SIZE)), flags(d),
                new MessageProperties(Optional.ofNullable((String) props.get("contentType")),
                        Optional.ofNullable((String) props.get("contentEncoding")),
                        optionalInt((Integer) props.get("priority")),
                        Optional.ofNullable((Duration) props.get("expiration")),
                        Optional.ofNullable((String) props.get("type")), d.map(MESSAGE_HEADERS)),
                Optional.ofNullable(d.duration(PRODUCER_RANDOM_START_DELAY)),
                Optional.ofNullable(d.duration(PACING_SPIN)), optionalInt(d.integer(PACING_THREADS)));
    }

    private static ConsumeSettings consuming(ScenarioDraft<?> d) {
        return new ConsumeSettings(d.first(StepSetting.CONSUMERS, Double::intValue), d.integer(CONSUMER_CHANNELS),
                optionalInt(d.first(StepSetting.QOS, Double::intValue)), d.on(AUTOACK),
                d.first(StepSetting.MULTI_ACK_EVERY, Double::intValue), Optional.ofNullable(d.duration(ACK_TIMEOUT)),
                optionalLong(d.number(CONSUMER_MESSAGES)), Optional.ofNullable(d.get(STREAM_OFFSET)),
                Optional.ofNullable(d.get(CONSUMER_LATENCY)), optional(d.decimal(CONSUMER_RATE)),
                d.decimal(NACK_RATE), d.decimal(REJECT_RATE), d.decimal(REQUEUE), d.on(POLLING),
                orDefault(d, POLLING_INTERVAL), d.map(CONSUMER_ARGS),
                Optional.ofNullable(d.duration(CONSUMER_START_DELAY)),
                Optional.ofNullable(d.get(EXIT_WHEN)), Optional.ofNullable(d.get(REQUEST_REPLY)));
    }

    private static TopologySettings topology(ScenarioDraft<?> d) {
        String exchange = d.text(EXCHANGE) == null || "amq.default".equals(d.text(EXCHANGE)) ? "" : d.text(EXCHANGE);
        return new TopologySettings(orDefault(d, QUEUE_TYPE), queues(d),
                !d.on(TRANSIENT_QUEUE), d.on(AUTO_DELETE), d.on(EXCLUSIVE), QueueShortcuts.merged(d), exchange,
                orDefault(d, EXCHANGE_TYPE), Optional.ofNullable(d.text(ROUTING_KEY)),
                d.on(RANDOM_ROUTING_KEY), Optional.ofNullable(d.text(BINDING_KEY)), d.map(BINDING_ARGS),
                d.on(PREDECLARED), d.on(KEEP_TOPOLOGY), orDefault(d, ADDRESS_FORMAT));
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
        return new RunSettings(Optional.ofNullable(d.duration(TIME)),
                warmup == null || warmup.isZero() ? Optional.empty() : Optional.of(warmup), // --warmup 0: none
                orDefault(d, INTERVAL), orDefault(d, DRAIN_TIMEOUT), orDefault(d, CLOCK),
                steps.isEmpty() || stepDuration == null ? Optional.empty()
                        : Optional.of(new StepPlan(steps, stepDuration)),
                orDefault(d, RECOVERY), orDefault(d, RECOVERY_TIMEOUT),
                brokerMetrics(d), d.<String>list(FAIL_IF).stream().map(Gate::parse).flatMap(Optional::stream).toList());
    }

    private static BrokerMetrics brokerMetrics(ScenarioDraft<?> d) {
        if (d.on(NO_BROKER_METRICS)) {
            return BrokerMetrics.OFF;
        }
        return new BrokerMetrics(true, BrokerMetrics.parseUrl(d.text(BROKER_METRICS)),
                Optional.ofNullable(d.duration(BROKER_METRICS_WAIT)));
    }

    /** The setting's value, or its declared default where a setter was given null (validation refuses that). */
    @SuppressWarnings("unchecked")
    private static <T> T orDefault(ScenarioDraft<?> d, Setting setting) {
        T value = d.get(setting);
        return value != null ? value : (T) setting.declaration().defaultValue().orElseThrow();
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

    private static OptionalLong optionalLong(Long l) {
        return l == null ? OptionalLong.empty() : OptionalLong.of(l);
    }
}
