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
    PRODUCERS("--producers"),
    CONSUMERS("--consumers"),
    SIZE("--size"),
    RATE("--rate"),
    TIME("--time"),
    PRODUCER_MESSAGES("--pmessages"),
    CONSUMER_MESSAGES("--cmessages"),
    CONFIRM("--confirm"),
    CONFIRM_TIMEOUT("--confirm-timeout"),
    QOS("--qos"),
    AUTOACK("--autoack"),
    MULTI_ACK_EVERY("--multi-ack-every"),
    ACK_TIMEOUT("--ack-timeout"),
    FLAG("--flag"),
    INTERVAL("--interval"),
    QUEUE_TYPE("--queue-type"),
    QUEUE("--queue"),
    EXCHANGE("--exchange"),
    ROUTING_KEY("--routing-key"),
    PREDECLARED("--predeclared"),
    KEEP_TOPOLOGY("--keep-topology"),
    STREAM_OFFSET("--stream-offset"),
    CONSUMER_LATENCY("--consumer-latency"),
    ADDRESS_FORMAT("--address-format"),
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
