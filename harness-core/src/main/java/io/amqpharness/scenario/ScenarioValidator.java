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
        BrokerAddresses.Parsed addresses = BrokerAddresses.parse(d.uri);
        if (!addresses.ok() && (d.uri == null || !d.uri.contains(","))) {
            p.add(Setting.URI, "%s must be an amqp://, amqps://, rabbitmq-stream:// or rabbitmq-stream+tls:// address with a host, for example "
                    + "%1$s amqp://guest:guest@localhost:5672/%%2F");
        } else if (!addresses.ok()) {
            p.add(Setting.URI, "%s " + addresses.problem().replace("%", "%%") + ", for example "
                    + "%1$s amqp://guest:guest@localhost:5681,amqp://localhost:5682,amqp://localhost:5683");
        }
        StreamChecks.validate(d, p);
        if (d.protocol == null || d.protocol.isBlank()) {
            p.add(Setting.PROTOCOL, "%s must name a protocol, for example %1$s amqp091");
        }
        tls(d, p);
        counts(d, p);
        PublishValidator.validate(d, p);
        ConsumeValidator.validate(d, p);
        TopologyValidator.validate(d, p);
        StepValidator.validate(d, p);
        GateValidator.validate(d, p);
        run(d, p);
        coordination(d, p);
    }

    private static void tls(ScenarioDraft<?> d, Problems p) {
        Setting given = d.tlsTrustStore != null ? Setting.TLS_TRUST_STORE : d.tlsKeyStore != null ? Setting.TLS_KEY_STORE
                : d.tlsInsecure ? Setting.TLS_INSECURE : d.tlsTrustStorePassword != null ? Setting.TLS_TRUST_STORE_PASSWORD
                : d.tlsKeyStorePassword != null ? Setting.TLS_KEY_STORE_PASSWORD : null;
        if (given == null) {
            return;
        }
        if (java.util.Optional.ofNullable(BrokerAddresses.parse(d.uri).addresses()).filter(a -> !a.primary().tls()).isPresent()) {
            p.add(given, "%s applies to amqps:// addresses only; use for example %s amqps://localhost:5671",
                    p.name(Setting.URI));
            return;
        }
        if (d.tlsInsecure && d.tlsTrustStore != null) {
            p.add(Setting.TLS_INSECURE, "%s and %s contradict each other; give one of them", p.name(Setting.TLS_TRUST_STORE));
            return;
        }
        try {
            io.amqpharness.tls.TlsContexts.create(ScenarioAssembler.assemble(d).tls());
        } catch (io.amqpharness.tls.TlsSetupException e) {
            p.addSentence(e.getMessage());
        }
    }

    private static void counts(ScenarioDraft<?> d, Problems p) {
        atLeast(p, Setting.PRODUCERS, d.producers, 0, 2);
        atLeast(p, Setting.CONSUMERS, d.consumers, 0, 2);
        atLeast(p, Setting.PRODUCER_CHANNELS, d.producerChannels, 1, 10);
        atLeast(p, Setting.CONSUMER_CHANNELS, d.consumerChannels, 1, 10);
        if (d.churnHold != null && d.churnRate == null) {
            p.add(Setting.CHURN_HOLD, "%s applies to connection churn only; give %s too, for example %2$s 50 %1$s 5s",
                    p.name(Setting.CHURN_RATE));
        }
        if (d.producers == 0 && d.consumers == 0 && d.idleConnections == 0 && d.churnRate == null) {
            p.addSentence(p.name(Setting.PRODUCERS) + " and " + p.name(Setting.CONSUMERS)
                    + " are both 0, so the run would do nothing; set at least one of them to 1 or more");
        }
    }

    private static void coordination(ScenarioDraft<?> d, Problems p) {
        if (d.barrier == null) {
            if (d.barrierName != null) {
                p.add(Setting.BARRIER_NAME, "%s only applies with %s N; add it, for example %2$s 4",
                        p.name(Setting.BARRIER));
            }
            if (d.barrierTimeout != null) {
                p.add(Setting.BARRIER_TIMEOUT, "%s only applies with %s N; add it, for example %2$s 4",
                        p.name(Setting.BARRIER));
            }
        }
    }

    private static void run(ScenarioDraft<?> d, Problems p) {
        if (d.warmup != null && !d.warmup.isZero()) { // 0: no warm-up
            if (!positive(d.warmup)) {
                p.add(Setting.WARMUP, "%s must be 0 (none) or a positive duration; for example %1$s 10s");
            } else if (d.time != null && d.warmup.compareTo(d.time) >= 0) {
                p.add(Setting.WARMUP, "%s (%s) must be shorter than %s (%s), or nothing would be measured",
                        Durations.format(d.warmup), p.name(Setting.TIME), Durations.format(d.time));
            }
        }
        if (d.interval == null || d.interval.compareTo(MIN_INTERVAL) < 0) {
            p.add(Setting.INTERVAL, "%s must be at least 100ms; for example %1$s 1s");
        }
        if (d.drainTimeout == null || d.drainTimeout.isNegative()) {
            p.add(Setting.DRAIN_TIMEOUT, "%s must be 0 or a positive duration; for example %1$s 10s");
        }
        brokerMetrics(d, p);
    }

    private static void brokerMetrics(ScenarioDraft<?> d, Problems p) {
        if (d.brokerMetricsUrl == null) {
            return;
        }
        if (d.noBrokerMetrics) {
            p.addSentence(p.name(Setting.BROKER_METRICS) + " and " + p.name(Setting.NO_BROKER_METRICS)
                    + " contradict each other; drop one of them");
        } else if (BrokerMetrics.parseUrl(d.brokerMetricsUrl).isEmpty()) {
            boolean credentials = d.brokerMetricsUrl.contains("@");
            p.add(Setting.BROKER_METRICS, credentials
                    ? "%s must not carry credentials (the user and password of --uri are used); "
                    + "for example %1$s http://localhost:15672"
                    : "%s must be an http:// or https:// URL of the management API or of a Prometheus endpoint, "
                    + "got '%s'; for example %1$s http://localhost:15672 or %1$s http://localhost:15692/metrics",
                    credentials ? new Object[0] : new Object[] {d.brokerMetricsUrl});
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
