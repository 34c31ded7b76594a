package io.amqpharness.scenario;

/**
 * What {@code --protocol stream} changes in a draft, and the checks of the stream protocol's own
 * options. The stream protocol reads streams only, so it makes {@code --queue-type stream} the
 * default and its own address ({@code rabbitmq-stream://localhost:5552}) the default {@code --uri}.
 */
final class StreamChecks {
    /** The driver id of the stream protocol. */
    static final String PROTOCOL = "stream";
    /** The default address with {@code --protocol stream}. */
    static final String DEFAULT_URI = "rabbitmq-stream://localhost:5552";

    private StreamChecks() {
    }

    /** With {@code --protocol stream}: a stream, and the stream port, unless the user said otherwise. */
    static void applyDefaults(ScenarioDraft<?> d) {
        if (!PROTOCOL.equals(d.text(Setting.PROTOCOL))) {
            return;
        }
        d.putDefault(Setting.QUEUE_TYPE, QueueType.STREAM);
        d.putDefault(Setting.URI, DEFAULT_URI);
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        boolean streamProtocol = PROTOCOL.equals(d.text(Setting.PROTOCOL));
        BrokerAddresses.Parsed list = BrokerAddresses.parse(d.text(Setting.URI));
        BrokerUri uri = list.ok() ? list.addresses().primary() : null;
        String protocol = d.text(Setting.PROTOCOL);
        if (uri != null && protocol != null && !protocol.isBlank()) {
            if (uri.stream() && !streamProtocol) {
                p.add(Setting.URI, "%s %s is a stream protocol address; use it with %s stream, or give an "
                        + "amqp:// address such as amqp://guest:guest@localhost:5672/%%2F", uri.redacted(),
                        p.name(Setting.PROTOCOL));
            } else if (!uri.stream() && streamProtocol) {
                p.add(Setting.URI, "%s %s is an AMQP address but %s stream speaks RabbitMQ's stream protocol; give "
                        + "for example %1$s rabbitmq-stream://guest:guest@localhost:5552/%%2F", uri.redacted(),
                        p.name(Setting.PROTOCOL));
            }
        }
        if (!streamProtocol) {
            only(p, Setting.BATCH_SIZE, d.given(Setting.BATCH_SIZE));
            only(p, Setting.SUB_ENTRY_SIZE, d.given(Setting.SUB_ENTRY_SIZE));
            only(p, Setting.COMPRESSION, d.given(Setting.COMPRESSION));
            if (d.on(Setting.SINGLE_ACTIVE_CONSUMER)) {
                p.add(Setting.SINGLE_ACTIVE_CONSUMER, "%s only applies to %s stream; a queue's consumers take turns "
                        + "with --queue-args x-single-active-consumer=true", p.name(Setting.PROTOCOL));
            }
            only(p, Setting.SUPER_STREAM, d.given(Setting.SUPER_STREAM));
            only(p, Setting.FILTER_VALUE, !d.list(Setting.FILTER_VALUE).isEmpty());
            only(p, Setting.FILTER_VALUES, !d.list(Setting.FILTER_VALUES).isEmpty());
            only(p, Setting.PRODUCER_NAMES, d.given(Setting.PRODUCER_NAMES));
            return;
        }
        boolean superStream = d.given(Setting.SUPER_STREAM);
        if (superStream && (d.given(Setting.QUEUE_PATTERN) || d.list(Setting.QUEUE).size() > 1)) {
            p.add(Setting.SUPER_STREAM, "%s names one super stream: give at most one %s", p.name(Setting.QUEUE));
        }
        if (superStream && d.on(Setting.RANDOM_ROUTING_KEY)) {
            p.add(Setting.SUPER_STREAM, "%s routes publisher i by the key i mod N; leave %s out",
                    p.name(Setting.RANDOM_ROUTING_KEY));
        }
        String names = d.text(Setting.PRODUCER_NAMES);
        if (names != null && StreamSettings.namesAlikeAcrossInstances(names)
                && (d.given(Setting.INSTANCE) || d.given(Setting.START_AT) || d.given(Setting.BARRIER))) {
            p.add(Setting.PRODUCER_NAMES, "%s %s lacks %s (the instance): with %s, %s or %s every instance would "
                    + "publish under the same names and the broker would drop one's messages as the other's "
                    + "duplicates; for example %1$s %%s-%%i-%%d", names, StreamSettings.INSTANCE_PLACEHOLDER,
                    p.name(Setting.INSTANCE), p.name(Setting.START_AT), p.name(Setting.BARRIER));
        }
        StreamSettings.Compression compression = d.raw(Setting.COMPRESSION);
        if (compression != null && compression != StreamSettings.Compression.NONE
                && (!d.given(Setting.SUB_ENTRY_SIZE) || d.integer(Setting.SUB_ENTRY_SIZE) < 2)) {
            p.add(Setting.COMPRESSION, "%s %s compresses sub-entries: give %s above 1 with it, for example %3$s 10",
                    compression, p.name(Setting.SUB_ENTRY_SIZE));
        }
    }

    private static void only(Problems p, Setting s, boolean given) {
        if (given) {
            p.add(s, "%s only applies to %s stream", p.name(Setting.PROTOCOL));
        }
    }
}
