package io.amqpharness.scenario;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Turns a builder's draft into the immutable settings records. Runs before the validation result
 * is known, so it never throws on bad values: a scenario built from an invalid draft is discarded.
 */
final class ScenarioAssembler {
    private ScenarioAssembler() {
    }

    static Scenario assemble(ScenarioDraft<?> d) {
        return new Scenario(
                java.util.Optional.ofNullable(BrokerAddresses.parse(d.uri).addresses()).orElse(BrokerAddresses.DEFAULT),
                d.protocol == null ? "" : d.protocol,
                publishing(d), consuming(d), topology(d), run(d), tls(d), coordination(d), connections(d),
                stream(d));
    }

    private static StreamSettings stream(ScenarioDraft<?> d) {
        return new StreamSettings(d.batchSize == null ? StreamSettings.DEFAULT_BATCH_SIZE : d.batchSize,
                d.subEntrySize == null ? 1 : d.subEntrySize,
                d.compression == null ? StreamSettings.Compression.NONE : d.compression,
                d.singleActiveConsumer,
                d.superStreamPartitions == null ? OptionalInt.empty() : OptionalInt.of(d.superStreamPartitions),
                d.filterValue, d.filterValues);
    }

    private static Coordination coordination(ScenarioDraft<?> d) {
        return new Coordination(Optional.ofNullable(d.instance), Optional.ofNullable(d.startAt),
                d.barrier == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(d.barrier),
                d.barrierName == null ? Coordination.DEFAULT_BARRIER_NAME : d.barrierName,
                d.barrierTimeout == null ? Coordination.DEFAULT_BARRIER_TIMEOUT : d.barrierTimeout);
    }

    private static ConnectionSettings connections(ScenarioDraft<?> d) {
        return new ConnectionSettings(d.nioThreads == null ? OptionalInt.empty() : OptionalInt.of(d.nioThreads),
                d.connectionOpenConcurrency, optional(d.connectionOpenRate), d.idleConnections, d.idleChannels,
                optional(d.churnRate), d.churnHold == null ? java.time.Duration.ZERO : d.churnHold);
    }

    private static TlsSettings tls(ScenarioDraft<?> d) {
        return new TlsSettings(Optional.ofNullable(d.tlsTrustStore).map(java.nio.file.Path::of),
                Optional.ofNullable(d.tlsTrustStorePassword), Optional.ofNullable(d.tlsKeyStore).map(java.nio.file.Path::of),
                Optional.ofNullable(d.tlsKeyStorePassword), d.tlsInsecure);
    }

    private static PublishSettings publishing(ScenarioDraft<?> d) {
        long size = d.size == null ? 12 : d.size;
        // A stepped setting starts at its first step's value.
        int producers = d.firstStep(StepSetting.PRODUCERS).map(Double::intValue).orElse(d.producers);
        Double rate = d.firstStep(StepSetting.RATE).orElse(d.rate);
        Integer confirm = d.firstStep(StepSetting.CONFIRM).map(Double::intValue).orElse(d.confirm);
        return new PublishSettings(producers, d.producerChannels,
                (int) Math.min(Math.max(size, 0), Scenario.MAX_MESSAGE_SIZE), d.variableSize,
                optional(rate), optional(d.totalRate), d.variableRate,
                d.producerMessages == null ? OptionalLong.empty() : OptionalLong.of(d.producerMessages),
                confirm == null ? OptionalInt.empty() : OptionalInt.of(confirm),
                d.confirmTimeout == null ? Scenario.DEFAULT_CONFIRM_TIMEOUT : d.confirmTimeout,
                d.txSize == null ? OptionalInt.empty() : OptionalInt.of(d.txSize),
                d.flags,
                new MessageProperties(Optional.ofNullable(d.contentType), Optional.ofNullable(d.contentEncoding),
                        d.priority == null ? OptionalInt.empty() : OptionalInt.of(d.priority),
                        Optional.ofNullable(d.expiration), Optional.ofNullable(d.messageType), d.headers),
                Optional.ofNullable(d.randomStartDelay),
                Optional.ofNullable(d.pacingSpin),
                d.pacingThreads == null ? OptionalInt.empty() : OptionalInt.of(d.pacingThreads));
    }

    private static ConsumeSettings consuming(ScenarioDraft<?> d) {
        Integer qos = d.firstStep(StepSetting.QOS).map(Double::intValue).orElse(d.qos);
        int consumers = d.firstStep(StepSetting.CONSUMERS).map(Double::intValue).orElse(d.consumers);
        int ackEvery = d.firstStep(StepSetting.MULTI_ACK_EVERY).map(Double::intValue).orElse(d.multiAckEvery);
        OptionalInt prefetch = qos != null ? OptionalInt.of(qos)
                : d.queueType == QueueType.STREAM && consumers > 0 && !d.autoAck && !d.polling
                ? OptionalInt.of(Scenario.DEFAULT_STREAM_PREFETCH) : OptionalInt.empty();
        return new ConsumeSettings(consumers, d.consumerChannels, prefetch, d.autoAck, ackEvery,
                Optional.ofNullable(d.ackTimeout),
                d.consumerMessages == null ? OptionalLong.empty() : OptionalLong.of(d.consumerMessages),
                Optional.ofNullable(d.streamOffset), Optional.ofNullable(d.consumerLatency), optional(d.consumerRate),
                d.nackPercent, d.rejectPercent, d.requeuePercent, d.polling,
                d.pollingInterval == null ? java.time.Duration.ZERO : d.pollingInterval, d.consumerArgs,
                Optional.ofNullable(d.consumerStartDelay), Optional.ofNullable(d.exitWhen),
                Optional.ofNullable(d.requestReply));
    }

    private static TopologySettings topology(ScenarioDraft<?> d) {
        String exchange = d.exchange == null || "amq.default".equals(d.exchange) ? "" : d.exchange;
        return new TopologySettings(d.queueType == null ? QueueType.CLASSIC : d.queueType, queues(d),
                !d.transientQueue, d.autoDelete, d.exclusive, d.mergedQueueArguments(), exchange,
                d.exchangeType == null ? ExchangeType.DIRECT : d.exchangeType, Optional.ofNullable(d.routingKey),
                d.randomRoutingKey, Optional.ofNullable(d.bindingKey), d.bindingArgs, d.predeclared, d.keepTopology,
                d.addressFormat == null ? AddressFormat.AUTO : d.addressFormat);
    }

    private static QueueSelection queues(ScenarioDraft<?> d) {
        if (d.queuePattern != null && d.queuePatternFrom != null && d.queuePatternTo != null) {
            return new QueueSelection.Pattern(d.queuePattern, d.queuePatternFrom, d.queuePatternTo);
        }
        if (d.queues != null && !d.queues.isEmpty()) {
            return new QueueSelection.Named(d.queues);
        }
        // With the default exchange the routing key is the queue name, so a routing key names the queue.
        boolean defaultExchange = d.exchange == null || d.exchange.isEmpty() || "amq.default".equals(d.exchange);
        if (defaultExchange && d.routingKey != null && !d.routingKey.isEmpty()) {
            return new QueueSelection.Named(java.util.List.of(d.routingKey));
        }
        return new QueueSelection.Generated();
    }

    private static RunSettings run(ScenarioDraft<?> d) {
        boolean stepped = !d.steps.isEmpty() && d.stepDuration != null;
        Optional<java.time.Duration> warmup = d.warmup == null ? RunSettings.defaultWarmup(stepped, d.time != null)
                : d.warmup.isZero() ? Optional.empty() : Optional.of(d.warmup); // --warmup 0: none
        return new RunSettings(Optional.ofNullable(d.time), warmup,
                d.interval == null ? java.time.Duration.ofSeconds(1) : d.interval,
                d.drainTimeout == null ? Scenario.DEFAULT_DRAIN : d.drainTimeout,
                d.clock == null ? ClockMode.MONOTONIC : d.clock,
                d.steps.isEmpty() || d.stepDuration == null ? Optional.empty()
                        : Optional.of(new StepPlan(d.steps, d.stepDuration)),
                d.recovery == null ? RecoveryMode.AUTO : d.recovery,
                d.recoveryTimeout == null ? RunSettings.DEFAULT_RECOVERY_TIMEOUT : d.recoveryTimeout,
                brokerMetrics(d), d.gates.stream().map(Gate::parse).flatMap(Optional::stream).toList());
    }

    private static BrokerMetrics brokerMetrics(ScenarioDraft<?> d) {
        if (d.noBrokerMetrics) {
            return BrokerMetrics.OFF;
        }
        return BrokerMetrics.parseUrl(d.brokerMetricsUrl).map(u -> new BrokerMetrics(true, Optional.of(u)))
                .orElse(BrokerMetrics.DERIVED);
    }

    private static OptionalDouble optional(Double d) {
        return d == null ? OptionalDouble.empty() : OptionalDouble.of(d);
    }
}
