package io.amqpharness.scenario;

import java.time.Duration;

/**
 * The protocol-neutral checks of {@link Scenario.Builder#build()}; each problem becomes one
 * sentence naming the option as the user spelled it, with a valid example.
 */
final class ScenarioValidator {
    private static final Duration MIN_INTERVAL = Duration.ofMillis(100);

    private ScenarioValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        String uri = d.text(Setting.URI);
        BrokerAddresses.Parsed addresses = BrokerAddresses.parse(uri);
        if (!addresses.ok() && (uri == null || !uri.contains(","))) {
            p.add(Setting.URI, "%s must be an amqp://, amqps://, rabbitmq-stream:// or rabbitmq-stream+tls:// address with a host, for example "
                    + "%1$s amqp://guest:guest@localhost:5672/%%2F");
        } else if (!addresses.ok()) {
            p.add(Setting.URI, "%s " + addresses.problem().replace("%", "%%") + ", for example "
                    + "%1$s amqp://guest:guest@localhost:5681,amqp://localhost:5682,amqp://localhost:5683");
        }
        StreamChecks.validate(d, p);
        String protocol = d.text(Setting.PROTOCOL);
        if (protocol == null || protocol.isBlank()) {
            p.add(Setting.PROTOCOL, "%s must name a protocol, for example %1$s amqp091");
        }
        tls(d, p);
        counts(d, p);
        PublishValidator.validate(d, p);
        ConsumeValidator.validate(d, p);
        TopologyValidator.validate(d, p);
        StepValidator.validate(d, p);
        BacklogValidator.validate(d, p);
        GateValidator.validate(d, p);
        run(d, p);
        coordination(d, p);
    }

    private static void tls(ScenarioDraft<?> d, Problems p) {
        Setting given = d.given(Setting.TLS_TRUST_STORE) ? Setting.TLS_TRUST_STORE
                : d.given(Setting.TLS_KEY_STORE) ? Setting.TLS_KEY_STORE
                : d.on(Setting.TLS_INSECURE) ? Setting.TLS_INSECURE
                : d.given(Setting.TLS_TRUST_STORE_PASSWORD) ? Setting.TLS_TRUST_STORE_PASSWORD
                : d.given(Setting.TLS_KEY_STORE_PASSWORD) ? Setting.TLS_KEY_STORE_PASSWORD : null;
        if (given == null) {
            return;
        }
        BrokerAddresses addresses = BrokerAddresses.parse(d.text(Setting.URI)).addresses();
        if (addresses != null && !addresses.primary().tls()) {
            p.add(given, "%s applies to amqps:// addresses only; use for example %s amqps://localhost:5671",
                    p.name(Setting.URI));
            return;
        }
        if (d.on(Setting.TLS_INSECURE) && d.given(Setting.TLS_TRUST_STORE)) {
            p.add(Setting.TLS_INSECURE, "%s and %s contradict each other; give one of them", p.name(Setting.TLS_TRUST_STORE));
        }
        // Whether the files load is the preflight's part (io.amqpharness.run.Preflight): no file I/O here.
    }

    private static void counts(ScenarioDraft<?> d, Problems p) {
        atLeast(p, Setting.PRODUCERS, d.integer(Setting.PRODUCERS), 0, 2);
        atLeast(p, Setting.CONSUMERS, d.integer(Setting.CONSUMERS), 0, 2);
        atLeast(p, Setting.PRODUCER_CHANNELS, d.integer(Setting.PRODUCER_CHANNELS), 1, 10);
        atLeast(p, Setting.CONSUMER_CHANNELS, d.integer(Setting.CONSUMER_CHANNELS), 1, 10);
        if (d.given(Setting.CHURN_HOLD) && !d.given(Setting.CHURN_RATE)) {
            p.add(Setting.CHURN_HOLD, "%s applies to connection churn only; give %s too, for example %2$s 50 %1$s 5s",
                    p.name(Setting.CHURN_RATE));
        }
        if (d.integer(Setting.PRODUCERS) == 0 && d.integer(Setting.CONSUMERS) == 0
                && d.integer(Setting.IDLE_CONNECTIONS) == 0 && !d.given(Setting.CHURN_RATE)) {
            p.addSentence(p.name(Setting.PRODUCERS) + " and " + p.name(Setting.CONSUMERS)
                    + " are both 0, so the run would do nothing; set at least one of them to 1 or more");
        }
    }

    private static void coordination(ScenarioDraft<?> d, Problems p) {
        if (!d.given(Setting.BARRIER)) {
            if (d.given(Setting.BARRIER_NAME)) {
                p.add(Setting.BARRIER_NAME, "%s only applies with %s N; add it, for example %2$s 4",
                        p.name(Setting.BARRIER));
            }
            if (d.given(Setting.BARRIER_TIMEOUT)) {
                p.add(Setting.BARRIER_TIMEOUT, "%s only applies with %s N; add it, for example %2$s 4",
                        p.name(Setting.BARRIER));
            }
        }
    }

    private static void run(ScenarioDraft<?> d, Problems p) {
        Duration warmup = d.raw(Setting.WARMUP);
        if (warmup != null && !warmup.isZero()) { // 0: no warm-up
            if (!positive(warmup)) { // added to --time, so any length leaves --time to measure
                p.add(Setting.WARMUP, "%s must be 0 (none) or a positive duration; for example %1$s 10s");
            }
        }
        if (d.duration(Setting.INTERVAL) == null || d.duration(Setting.INTERVAL).compareTo(MIN_INTERVAL) < 0) {
            p.add(Setting.INTERVAL, "%s must be at least 100ms; for example %1$s 1s");
        }
        if (d.duration(Setting.DRAIN_TIMEOUT) == null || d.duration(Setting.DRAIN_TIMEOUT).isNegative()) {
            p.add(Setting.DRAIN_TIMEOUT, "%s must be 0 or a positive duration; for example %1$s 10s");
        }
        brokerMetrics(d, p);
    }

    private static void brokerMetrics(ScenarioDraft<?> d, Problems p) {
        String url = d.text(Setting.BROKER_METRICS);
        if (url == null) {
            return;
        }
        if (d.on(Setting.NO_BROKER_METRICS)) {
            p.addSentence(p.name(Setting.BROKER_METRICS) + " and " + p.name(Setting.NO_BROKER_METRICS)
                    + " contradict each other; drop one of them");
        } else if (BrokerMetrics.parseUrl(url).isEmpty()) {
            boolean credentials = url.contains("@");
            p.add(Setting.BROKER_METRICS, credentials
                    ? "%s must not carry credentials (the user and password of --uri are used); "
                    + "for example %1$s http://localhost:15672"
                    : "%s must be an http:// or https:// URL of the management API or of a Prometheus endpoint, "
                    + "got '%s'; for example %1$s http://localhost:15672 or %1$s http://localhost:15692/metrics",
                    credentials ? new Object[0] : new Object[] {url});
        }
    }

    /** The checks each declaration makes of its own values, on the scenario assembled from the draft. */
    static void declared(Scenario s, Problems p) {
        GateValidator.validate(s, p);
        for (Setting setting : Setting.values()) {
            if (!ScenarioArguments.stepped(s, setting)) {
                setting.declaration().validate(s, setting, p);
            }
        }
    }

    static void atLeast(Problems p, Setting s, long value, long min, long example) {
        if (value < min) {
            p.add(s, "%s must be at least %d, got %d; for example %1$s %d", min, value, example);
        }
    }

    static boolean positive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }

    static boolean percent(double v) {
        return v >= 0 && v <= 100;
    }
}
