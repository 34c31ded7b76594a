package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Renders a scenario as the command-line options that reproduce it, defaults left out. */
final class ScenarioArguments {
    private ScenarioArguments() {
    }

    static List<String> of(Scenario s) {
        List<String> a = new ArrayList<>();
        if (!s.uri().equals(BrokerUri.DEFAULT)) {
            add(a, Setting.URI, s.uri().redacted());
        }
        add(a, Setting.PROTOCOL, s.protocol());
        TopologySettings t = s.topology();
        if (t.queueType() != QueueType.CLASSIC) {
            add(a, Setting.QUEUE_TYPE, t.queueType().argumentValue());
        }
        t.queue().ifPresent(q -> add(a, Setting.QUEUE, q));
        if (!t.exchange().isEmpty()) {
            add(a, Setting.EXCHANGE, t.exchange());
        }
        t.routingKey().ifPresent(k -> add(a, Setting.ROUTING_KEY, k));
        if (t.predeclared()) {
            a.add(Setting.PREDECLARED.optionName());
        }
        if (t.keep()) {
            a.add(Setting.KEEP_TOPOLOGY.optionName());
        }
        if (t.addressFormat() != AddressFormat.AUTO) {
            add(a, Setting.ADDRESS_FORMAT, t.addressFormat().name().toLowerCase(Locale.ROOT));
        }
        PublishSettings p = s.publishing();
        add(a, Setting.PRODUCERS, Integer.toString(p.producers()));
        add(a, Setting.CONSUMERS, Integer.toString(s.consuming().consumers()));
        add(a, Setting.SIZE, Integer.toString(p.messageSizeBytes()));
        p.ratePerProducer().ifPresent(r -> add(a, Setting.RATE, number(r)));
        p.messagesPerProducer().ifPresent(n -> add(a, Setting.PRODUCER_MESSAGES, Long.toString(n)));
        p.confirmWindow().ifPresent(n -> add(a, Setting.CONFIRM, Integer.toString(n)));
        if (p.confirms() && !p.confirmTimeout().equals(java.time.Duration.ofSeconds(30))) {
            add(a, Setting.CONFIRM_TIMEOUT, Durations.format(p.confirmTimeout()));
        }
        p.flags().stream().sorted().forEach(f -> add(a, Setting.FLAG, f.name().toLowerCase(Locale.ROOT)));
        ConsumeSettings c = s.consuming();
        c.prefetch().ifPresent(q -> add(a, Setting.QOS, Integer.toString(q)));
        if (c.autoAck()) {
            a.add(Setting.AUTOACK.optionName());
        }
        if (c.ackEvery() != 1) {
            add(a, Setting.MULTI_ACK_EVERY, Integer.toString(c.ackEvery()));
        }
        c.ackTimeout().ifPresent(d -> add(a, Setting.ACK_TIMEOUT, Durations.format(d)));
        c.messagesPerConsumer().ifPresent(n -> add(a, Setting.CONSUMER_MESSAGES, Long.toString(n)));
        c.streamOffset().ifPresent(o -> add(a, Setting.STREAM_OFFSET, o.toString()));
        c.consumerLatency().ifPresent(l -> add(a, Setting.CONSUMER_LATENCY, l.toString()));
        RunSettings r = s.run();
        r.time().ifPresent(d -> add(a, Setting.TIME, Durations.format(d)));
        if (!r.interval().equals(java.time.Duration.ofSeconds(1))) {
            add(a, Setting.INTERVAL, Durations.format(r.interval()));
        }
        if (r.clock() != ClockMode.MONOTONIC) {
            add(a, Setting.CLOCK, r.clock().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        if (!r.drainTimeout().equals(java.time.Duration.ofSeconds(30))) {
            add(a, Setting.DRAIN_TIMEOUT, Durations.format(r.drainTimeout()));
        }
        return List.copyOf(a);
    }

    private static void add(List<String> a, Setting s, String value) {
        a.add(s.optionName());
        a.add(value);
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
