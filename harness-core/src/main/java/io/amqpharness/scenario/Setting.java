package io.amqpharness.scenario;

/**
 * Every user-facing setting of a {@link Scenario}, with the long option name the CLI gives it.
 *
 * <p>Validation messages name settings through this enum so that they read the way the user
 * typed them: the CLI records the spelling it saw ({@code -q} or {@code --qos}) with
 * {@link Scenario.Builder#spelledAs(Setting, String)}; library users see the long option name.
 */
public enum Setting {
    URI("--uri"),
    PROTOCOL("--protocol"),
    ADDRESS_FORMAT("--address-format"),
    PRODUCERS("--producers"),
    PRODUCER_CHANNELS("--producer-channel-count"),
    CONSUMERS("--consumers"),
    CONSUMER_CHANNELS("--consumer-channel-count"),
    SIZE("--size"),
    VARIABLE_SIZE("--variable-size"),
    RATE("--rate"),
    TOTAL_RATE("--total-rate"),
    VARIABLE_RATE("--variable-rate"),
    TIME("--time"),
    WARMUP("--warmup"),
    PRODUCER_MESSAGES("--pmessages"),
    CONSUMER_MESSAGES("--cmessages"),
    CONFIRM("--confirm"),
    CONFIRM_TIMEOUT("--confirm-timeout"),
    TX_SIZE("--tx-size"),
    FLAG("--flag"),
    MESSAGE_PROPERTIES("--message-properties"),
    MESSAGE_HEADERS("--message-headers"),
    PRODUCER_RANDOM_START_DELAY("--producer-random-start-delay"),
    QOS("--qos"),
    AUTOACK("--autoack"),
    MULTI_ACK_EVERY("--multi-ack-every"),
    ACK_TIMEOUT("--ack-timeout"),
    NACK_RATE("--nack-rate"),
    REJECT_RATE("--reject-rate"),
    REQUEUE("--requeue"),
    CONSUMER_LATENCY("--consumer-latency"),
    CONSUMER_RATE("--consumer-rate"),
    POLLING("--polling"),
    POLLING_INTERVAL("--polling-interval"),
    CONSUMER_ARGS("--consumer-args"),
    CONSUMER_START_DELAY("--consumer-start-delay"),
    EXIT_WHEN("--exit-when"),
    STREAM_OFFSET("--stream-offset"),
    QUEUE_TYPE("--queue-type"),
    QUEUE("--queue"),
    QUEUE_PATTERN("--queue-pattern"),
    QUEUE_PATTERN_FROM("--queue-pattern-from"),
    QUEUE_PATTERN_TO("--queue-pattern-to"),
    TRANSIENT_QUEUE("--transient-queue"),
    AUTO_DELETE("--auto-delete"),
    EXCLUSIVE("--exclusive"),
    QUEUE_ARGS("--queue-args"),
    MAX_LENGTH("--max-length"),
    MAX_LENGTH_BYTES("--max-length-bytes"),
    MAX_AGE("--max-age"),
    LAZY("--lazy"),
    QUORUM_GROUP_SIZE("--quorum-group-size"),
    STREAM_SEGMENT_SIZE("--stream-segment-size"),
    EXCHANGE("--exchange"),
    EXCHANGE_TYPE("--type"),
    ROUTING_KEY("--routing-key"),
    RANDOM_ROUTING_KEY("--random-routing-key"),
    BINDING_KEY("--binding-key"),
    BINDING_ARGS("--binding-args"),
    PREDECLARED("--predeclared"),
    KEEP_TOPOLOGY("--keep-topology"),
    STEP("--step"),
    STEP_DURATION("--step-duration"),
    INTERVAL("--interval"),
    DRAIN_TIMEOUT("--drain-timeout"),
    CLOCK("--clock");

    private final String optionName;

    Setting(String optionName) {
        this.optionName = optionName;
    }

    /** The long CLI option name, for example {@code --qos}. */
    public String optionName() {
        return optionName;
    }
}
