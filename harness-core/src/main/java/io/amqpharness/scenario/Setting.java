package io.amqpharness.scenario;

/**
 * Every user-facing setting of a {@link Scenario}, declared once: the names users type, the value
 * type, help and documentation text, and where the setting lives in the scenario (see
 * {@link Declaration}). The command-line options, scenario-file keys, {@link Scenario#toArguments()},
 * {@link Scenario#toBuilder()} and {@code docs/options.md} are made from this table, in its order.
 *
 * <p>Validation messages name settings through this enum so that they read the way the user
 * typed them: the CLI records the spelling it saw ({@code -q} or {@code --qos}) with
 * {@link Scenario.Builder#spelledAs(Setting, String)}; library users see the long option name.
 *
 * <p>The table is this enum, one constant per option in the order of help and documentation; each
 * constant names the method that declares it in the holder of its {@link Group} ({@code
 * ConnectionRows}, {@code TopologyRows}, {@code PublishingRows}, {@code ConsumingRows}, {@code
 * RunControlRows}, {@code InstanceRows}), so that this file stays a list.
 *
 * <p>Adding an option: a constant here and its declaration in its group's holder, and the
 * settings-record component it fills, marked {@link FilledFrom} with this constant (a component
 * made from several settings is derived by name in {@link ScenarioAssembler}). The declaration
 * states everything else once: names, value type, help and documentation, where the scenario keeps
 * it ({@code read}), its typed default ({@code byDefault}: a value, shown in help where the text
 * says {@code {default}} and in the documentation's default column with {@code doc(meaning)}; or a
 * rule over the other settings) and the checks of one value ({@code check}). A validator changes only for a rule between options. A
 * fluent setter in the builder is for library users' convenience: without {@code apply}, the CLI
 * and scenario files put the value into the builder's draft directly. {@code DeclaredDefaultsTest}
 * holds the defaults shown to what a scenario holds, and {@code OptionsDocTest
 * -Doptions.doc.write=true} regenerates {@code docs/options.md}.
 */
public enum Setting {
    // ---- connection ----
    URI(ConnectionRows.uri()),
    PROTOCOL(ConnectionRows.protocol()),
    ADDRESS_FORMAT(ConnectionRows.addressFormat()),
    BROKER_METRICS(ConnectionRows.brokerMetrics()),
    NO_BROKER_METRICS(ConnectionRows.noBrokerMetrics()),
    BROKER_METRICS_WAIT(ConnectionRows.brokerMetricsWait()),

    TLS_TRUST_STORE(ConnectionRows.tlsTrustStore()),
    TLS_TRUST_STORE_PASSWORD(ConnectionRows.tlsTrustStorePassword()),
    TLS_KEY_STORE(ConnectionRows.tlsKeyStore()),
    TLS_KEY_STORE_PASSWORD(ConnectionRows.tlsKeyStorePassword()),
    TLS_INSECURE(ConnectionRows.tlsInsecure()),

    NIO_THREADS(ConnectionRows.nioThreads()),
    CONNECTION_OPEN_CONCURRENCY(ConnectionRows.connectionOpenConcurrency()),
    CONNECTION_OPEN_RATE(ConnectionRows.connectionOpenRate()),
    IDLE_CONNECTIONS(ConnectionRows.idleConnections()),
    IDLE_CHANNELS(ConnectionRows.idleChannels()),
    CHURN_RATE(ConnectionRows.churnRate()),
    CHURN_HOLD(ConnectionRows.churnHold()),

    // ---- topology ----
    QUEUE_TYPE(TopologyRows.queueType()),
    QUEUE(TopologyRows.queue()),
    QUEUE_PATTERN(TopologyRows.queuePattern()),
    QUEUE_PATTERN_FROM(TopologyRows.queuePatternFrom()),
    QUEUE_PATTERN_TO(TopologyRows.queuePatternTo()),
    TRANSIENT_QUEUE(TopologyRows.transientQueue()),
    AUTO_DELETE(TopologyRows.autoDelete()),
    EXCLUSIVE(TopologyRows.exclusive()),
    QUEUE_ARGS(TopologyRows.queueArgs()),
    MAX_LENGTH(TopologyRows.maxLength()),
    MAX_LENGTH_BYTES(TopologyRows.maxLengthBytes()),
    MAX_AGE(TopologyRows.maxAge()),
    LAZY(TopologyRows.lazy()),
    QUORUM_GROUP_SIZE(TopologyRows.quorumGroupSize()),
    LEADER_LOCATOR(TopologyRows.leaderLocator()),
    STREAM_SEGMENT_SIZE(TopologyRows.streamSegmentSize()),
    EXCHANGE(TopologyRows.exchange()),
    EXCHANGE_TYPE(TopologyRows.exchangeType()),
    ROUTING_KEY(TopologyRows.routingKey()),
    RANDOM_ROUTING_KEY(TopologyRows.randomRoutingKey()),
    ROUTING_KEYS(ShapeRows.routingKeys()),
    BINDING_KEY(TopologyRows.bindingKey()),
    BINDING_ARGS(TopologyRows.bindingArgs()),
    PREDECLARED(TopologyRows.predeclared()),
    KEEP_TOPOLOGY(TopologyRows.keepTopology()),

    // ---- publishing ----
    PRODUCERS(PublishingRows.producers()),
    PRODUCER_CHANNELS(PublishingRows.producerChannels()),
    SIZE(PublishingRows.size()),
    VARIABLE_SIZE(PublishingRows.variableSize()),
    RATE(PublishingRows.rate()),
    TOTAL_RATE(PublishingRows.totalRate()),
    VARIABLE_RATE(PublishingRows.variableRate()),
    PRODUCER_MESSAGES(PublishingRows.producerMessages()),
    CONFIRM(PublishingRows.confirm()),
    CONFIRM_TIMEOUT(PublishingRows.confirmTimeout()),
    TX_SIZE(PublishingRows.txSize()),
    FLAG(PublishingRows.flag()),
    MESSAGE_PROPERTIES(PublishingRows.messageProperties()),
    MESSAGE_HEADERS(PublishingRows.messageHeaders()),
    PRIORITY(ShapeRows.priority()),
    MESSAGE_TTL(ShapeRows.messageTtl()),
    HEADER(ShapeRows.header()),
    PRODUCER_RANDOM_START_DELAY(PublishingRows.producerRandomStartDelay()),

    PACING_SPIN(PublishingRows.pacingSpin()),

    PACING_THREADS(PublishingRows.pacingThreads()),

    PACING_GRANULARITY(PublishingRows.pacingGranularity()),

    // ---- consuming ----
    CONSUMERS(ConsumingRows.consumers()),
    CONSUMER_CHANNELS(ConsumingRows.consumerChannels()),
    CONSUMER_MESSAGES(ConsumingRows.consumerMessages()),
    QOS(ConsumingRows.qos()),
    AUTOACK(ConsumingRows.autoack()),
    MULTI_ACK_EVERY(ConsumingRows.multiAckEvery()),
    ACK_TIMEOUT(ConsumingRows.ackTimeout()),
    NACK_RATE(ConsumingRows.nackRate()),
    REJECT_RATE(ConsumingRows.rejectRate()),
    REQUEUE(ConsumingRows.requeue()),
    CONSUMER_LATENCY(ConsumingRows.consumerLatency()),
    CONSUMER_RATE(ConsumingRows.consumerRate()),
    POLLING(ConsumingRows.polling()),
    POLLING_INTERVAL(ConsumingRows.pollingInterval()),
    CONSUMER_ARGS(ConsumingRows.consumerArgs()),
    CONSUMER_START_DELAY(ConsumingRows.consumerStartDelay()),
    EXIT_WHEN(ConsumingRows.exitWhen()),
    REQUEST_REPLY(ConsumingRows.requestReply()),
    STREAM_OFFSET(ConsumingRows.streamOffset()),

    // ---- run control ----
    TIME(RunControlRows.time()),
    WARMUP(RunControlRows.warmup()),
    INTERVAL(RunControlRows.interval()),
    STEP(RunControlRows.step()),
    STEP_DURATION(RunControlRows.stepDuration()),
    BACKLOG(BacklogRows.backlog()),
    BACKLOG_THEN(BacklogRows.backlogThen()),
    CONSUMER_ARRIVAL(BacklogRows.consumerArrival()),
    DRAIN_TIMEOUT(RunControlRows.drainTimeout()),
    RECOVERY(RunControlRows.recovery()),
    RECOVERY_TIMEOUT(RunControlRows.recoveryTimeout()),
    CLOCK(RunControlRows.clock()),
    SEED(RunControlRows.seed()),
    FAIL_IF(RunControlRows.failIf()),

    // ---- several instances ----
    INSTANCE(InstanceRows.instance()),
    START_AT(InstanceRows.startAt()),
    BARRIER(InstanceRows.barrier()),
    BARRIER_NAME(InstanceRows.barrierName()),
    BARRIER_TIMEOUT(InstanceRows.barrierTimeout()),

    // ---- the stream protocol (--protocol stream) ----
    BATCH_SIZE(PublishingRows.batchSize()),
    SUB_ENTRY_SIZE(PublishingRows.subEntrySize()),
    COMPRESSION(PublishingRows.compression()),
    SINGLE_ACTIVE_CONSUMER(ConsumingRows.singleActiveConsumer()),
    SUPER_STREAM(TopologyRows.superStream()),
    FILTER_VALUE(PublishingRows.filterValue()),
    FILTER_VALUES(ConsumingRows.filterValues()),
    PRODUCER_NAMES(PublishingRows.producerNames());

    private final Declaration<?> declaration;

    Setting(Declaration.Draft<?> draft) {
        this.declaration = draft.done(this);
    }

    /** The long CLI option name, for example {@code --qos}. */
    public String optionName() {
        return declaration.longName();
    }

    /** Everything declared about this option. */
    public Declaration<?> declaration() {
        return declaration;
    }

    /** The setting {@code --step} changes, if this one can be stepped. */
    public java.util.Optional<StepSetting> stepped() {
        for (StepSetting s : StepSetting.values()) {
            if (s.setting() == this) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }

    /** Where options appear in {@code --help} and {@code docs/options.md}, in this order. */
    public enum Group {
        CONNECTION("Connection"),
        TOPOLOGY("Topology"),
        PUBLISHING("Publishing"),
        CONSUMING("Consuming"),
        RUN_CONTROL("Run control"),
        INSTANCES("Several instances");

        private final String heading;

        Group(String heading) {
            this.heading = heading;
        }

        /** The section heading: {@code Run control}. */
        public String heading() {
            return heading;
        }
    }
}
