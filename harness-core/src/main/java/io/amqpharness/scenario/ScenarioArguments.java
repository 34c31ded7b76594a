package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Renders a scenario as the command-line options that reproduce it, defaults left out. */
final class ScenarioArguments {
    private final List<String> a = new ArrayList<>();

    private ScenarioArguments() {
    }

    private final java.util.Set<StepSetting> stepped = java.util.EnumSet.noneOf(StepSetting.class);

    static List<String> of(Scenario s) {
        ScenarioArguments r = new ScenarioArguments();
        s.run().steps().ifPresent(plan -> plan.steps().forEach(step -> r.stepped.add(step.setting())));
        r.connection(s);
        r.topology(s.topology());
        r.publishing(s.publishing());
        r.consuming(s.consuming(), s.topology().queueType());
        r.run(s.run());
        return List.copyOf(r.a);
    }

    private void connection(Scenario s) {
        if (!s.uri().equals(BrokerUri.DEFAULT)) {
            add(Setting.URI, s.uri().redacted());
        }
        add(Setting.PROTOCOL, s.protocol());
        if (s.topology().addressFormat() != AddressFormat.AUTO) {
            add(Setting.ADDRESS_FORMAT, lower(s.topology().addressFormat()));
        }
    }

    private void topology(TopologySettings t) {
        if (t.queueType() != QueueType.CLASSIC) {
            add(Setting.QUEUE_TYPE, t.queueType().argumentValue());
        }
        if (t.queues() instanceof QueueSelection.Named n) {
            add(Setting.QUEUE, String.join(",", n.queues()));
        } else if (t.queues() instanceof QueueSelection.Pattern p) {
            add(Setting.QUEUE_PATTERN, p.pattern());
            add(Setting.QUEUE_PATTERN_FROM, Integer.toString(p.from()));
            add(Setting.QUEUE_PATTERN_TO, Integer.toString(p.to()));
        }
        flag(Setting.TRANSIENT_QUEUE, !t.durable());
        flag(Setting.AUTO_DELETE, t.autoDelete());
        flag(Setting.EXCLUSIVE, t.exclusive());
        if (!t.queueArguments().isEmpty()) {
            add(Setting.QUEUE_ARGS, TypedArguments.format(t.queueArguments()));
        }
        if (!t.exchange().isEmpty()) {
            add(Setting.EXCHANGE, t.exchange());
            if (t.exchangeType() != ExchangeType.DIRECT) {
                add(Setting.EXCHANGE_TYPE, t.exchangeType().brokerName());
            }
        }
        t.routingKey().ifPresent(k -> add(Setting.ROUTING_KEY, k));
        flag(Setting.RANDOM_ROUTING_KEY, t.randomRoutingKey());
        t.bindingKey().ifPresent(k -> add(Setting.BINDING_KEY, k));
        if (!t.bindingArguments().isEmpty()) {
            add(Setting.BINDING_ARGS, TypedArguments.format(t.bindingArguments()));
        }
        flag(Setting.PREDECLARED, t.predeclared());
        flag(Setting.KEEP_TOPOLOGY, t.keep());
    }

    private void publishing(PublishSettings p) {
        if (!stepped.contains(StepSetting.PRODUCERS)) {
            add(Setting.PRODUCERS, Integer.toString(p.producers()));
        }
        if (p.channelsPerProducer() != 1) {
            add(Setting.PRODUCER_CHANNELS, Integer.toString(p.channelsPerProducer()));
        }
        if (p.variableSize().isEmpty()) {
            add(Setting.SIZE, Integer.toString(p.messageSizeBytes()));
        } else {
            add(Setting.VARIABLE_SIZE, p.variableSize().stream().map(SizeStep::toString).collect(Collectors.joining(",")));
        }
        if (!stepped.contains(StepSetting.RATE)) {
            p.ratePerProducer().ifPresent(r -> add(Setting.RATE, number(r)));
        }
        p.totalRate().ifPresent(r -> add(Setting.TOTAL_RATE, number(r)));
        if (!p.variableRate().isEmpty()) {
            add(Setting.VARIABLE_RATE, p.variableRate().stream().map(RateStep::toString).collect(Collectors.joining(",")));
        }
        p.messagesPerProducer().ifPresent(n -> add(Setting.PRODUCER_MESSAGES, Long.toString(n)));
        p.confirmWindow().stream().filter(n -> !stepped.contains(StepSetting.CONFIRM))
                .forEach(n -> add(Setting.CONFIRM, Integer.toString(n)));
        if (p.confirms() && !p.confirmTimeout().equals(Scenario.DEFAULT_CONFIRM_TIMEOUT)) {
            add(Setting.CONFIRM_TIMEOUT, Durations.format(p.confirmTimeout()));
        }
        p.txSize().ifPresent(n -> add(Setting.TX_SIZE, Integer.toString(n)));
        p.flags().stream().sorted().forEach(f -> add(Setting.FLAG, lower(f)));
        MessageProperties m = p.properties();
        List<String> props = new ArrayList<>();
        m.contentType().ifPresent(v -> props.add("contentType=" + v));
        m.contentEncoding().ifPresent(v -> props.add("contentEncoding=" + v));
        m.priority().ifPresent(v -> props.add("priority=" + v));
        m.expiration().ifPresent(v -> props.add("expiration=" + Durations.format(v)));
        m.type().ifPresent(v -> props.add("type=" + v));
        if (!props.isEmpty()) {
            add(Setting.MESSAGE_PROPERTIES, String.join(",", props));
        }
        if (!m.headers().isEmpty()) {
            add(Setting.MESSAGE_HEADERS, TypedArguments.format(m.headers()));
        }
        p.randomStartDelay().ifPresent(d -> add(Setting.PRODUCER_RANDOM_START_DELAY, Durations.format(d)));
    }

    private void consuming(ConsumeSettings c, QueueType type) {
        if (!stepped.contains(StepSetting.CONSUMERS)) {
            add(Setting.CONSUMERS, Integer.toString(c.consumers()));
        }
        if (c.channelsPerConsumer() != 1) {
            add(Setting.CONSUMER_CHANNELS, Integer.toString(c.channelsPerConsumer()));
        }
        boolean defaultStreamPrefetch = type == QueueType.STREAM
                && c.prefetch().orElse(0) == Scenario.DEFAULT_STREAM_PREFETCH;
        if (!defaultStreamPrefetch && !stepped.contains(StepSetting.QOS)) {
            c.prefetch().ifPresent(q -> add(Setting.QOS, Integer.toString(q)));
        }
        flag(Setting.AUTOACK, c.autoAck());
        if (c.ackEvery() != 1 && !stepped.contains(StepSetting.MULTI_ACK_EVERY)) {
            add(Setting.MULTI_ACK_EVERY, Integer.toString(c.ackEvery()));
        }
        c.ackTimeout().ifPresent(d -> add(Setting.ACK_TIMEOUT, Durations.format(d)));
        percent(Setting.NACK_RATE, c.nackPercent());
        percent(Setting.REJECT_RATE, c.rejectPercent());
        percent(Setting.REQUEUE, c.requeuePercent());
        c.messagesPerConsumer().ifPresent(n -> add(Setting.CONSUMER_MESSAGES, Long.toString(n)));
        c.consumerLatency().ifPresent(l -> add(Setting.CONSUMER_LATENCY, l.toString()));
        c.consumerRate().ifPresent(r -> add(Setting.CONSUMER_RATE, number(r)));
        flag(Setting.POLLING, c.polling());
        if (c.polling() && !c.pollingInterval().isZero()) {
            add(Setting.POLLING_INTERVAL, Durations.format(c.pollingInterval()));
        }
        if (!c.consumerArguments().isEmpty()) {
            add(Setting.CONSUMER_ARGS, TypedArguments.format(c.consumerArguments()));
        }
        c.startDelay().ifPresent(d -> add(Setting.CONSUMER_START_DELAY, Durations.format(d)));
        c.exitWhen().ifPresent(e -> add(Setting.EXIT_WHEN, lower(e)));
        c.streamOffset().ifPresent(o -> add(Setting.STREAM_OFFSET, o.toString()));
    }

    private void run(RunSettings r) {
        r.time().ifPresent(d -> add(Setting.TIME, Durations.format(d)));
        r.warmup().ifPresent(d -> add(Setting.WARMUP, Durations.format(d)));
        r.steps().ifPresent(plan -> {
            plan.steps().forEach(step -> add(Setting.STEP, step.toString()));
            add(Setting.STEP_DURATION, Durations.format(plan.stepDuration()));
        });
        if (!r.interval().equals(Duration.ofSeconds(1))) {
            add(Setting.INTERVAL, Durations.format(r.interval()));
        }
        if (r.clock() != ClockMode.MONOTONIC) {
            add(Setting.CLOCK, lower(r.clock()).replace('_', '-'));
        }
        if (!r.drainTimeout().equals(Scenario.DEFAULT_DRAIN)) {
            add(Setting.DRAIN_TIMEOUT, Durations.format(r.drainTimeout()));
        }
    }

    private void add(Setting s, String value) {
        a.add(s.optionName());
        a.add(value);
    }

    private void flag(Setting s, boolean set) {
        if (set) {
            a.add(s.optionName());
        }
    }

    private void percent(Setting s, double value) {
        if (value != 0) {
            add(s, number(value));
        }
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
