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
        if (!PROTOCOL.equals(d.protocol)) {
            return;
        }
        if (!d.given.contains(Setting.QUEUE_TYPE)) {
            d.queueType = QueueType.STREAM;
        }
        if (!d.given.contains(Setting.URI)) {
            d.uri = DEFAULT_URI;
        }
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        boolean streamProtocol = PROTOCOL.equals(d.protocol);
        BrokerAddresses.Parsed list = BrokerAddresses.parse(d.uri);
        BrokerUri uri = list.ok() ? list.addresses().primary() : null;
        if (uri != null && d.protocol != null && !d.protocol.isBlank()) {
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
            only(p, Setting.BATCH_SIZE, d.batchSize != null);
            only(p, Setting.SUB_ENTRY_SIZE, d.subEntrySize != null);
            only(p, Setting.COMPRESSION, d.compression != null);
            if (d.singleActiveConsumer) {
                p.add(Setting.SINGLE_ACTIVE_CONSUMER, "%s only applies to %s stream; a queue's consumers take turns "
                        + "with --queue-args x-single-active-consumer=true", p.name(Setting.PROTOCOL));
            }
            only(p, Setting.SUPER_STREAM, d.superStreamPartitions != null);
            only(p, Setting.FILTER_VALUE, !d.filterValue.isEmpty());
            only(p, Setting.FILTER_VALUES, !d.filterValues.isEmpty());
            return;
        }
        if (d.superStreamPartitions != null && (d.queuePattern != null || d.queues != null && d.queues.size() > 1)) {
            p.add(Setting.SUPER_STREAM, "%s names one super stream: give at most one %s", p.name(Setting.QUEUE));
        }
        if (d.superStreamPartitions != null && d.randomRoutingKey) {
            p.add(Setting.SUPER_STREAM, "%s routes publisher i by the key i mod N; leave %s out",
                    p.name(Setting.RANDOM_ROUTING_KEY));
        }
        if (d.compression != null && !d.compression.bundled()) {
            p.add(Setting.COMPRESSION, "%s %s needs zstd-jni's native libraries, which the harness does not bundle; use none, gzip, "
                    + "snappy or lz4",
                    d.compression);
        } else if (d.compression != null && d.compression != StreamSettings.Compression.NONE
                && (d.subEntrySize == null || d.subEntrySize < 2)) {
            p.add(Setting.COMPRESSION, "%s %s compresses sub-entries: give %s above 1 with it, for example %3$s 10",
                    d.compression, p.name(Setting.SUB_ENTRY_SIZE));
        }
    }

    private static void only(Problems p, Setting s, boolean given) {
        if (given) {
            p.add(s, "%s only applies to %s stream", p.name(Setting.PROTOCOL));
        }
    }
}
