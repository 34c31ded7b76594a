package io.amqpharness.scenario;

/**
 * What the protocol's {@link ProtocolTraits} change in a draft, and the checks of the stream options.
 * A protocol of streams only (the stream protocol) makes {@code --queue-type stream} the default; a
 * protocol's default address is the default {@code --uri}.
 */
final class StreamChecks {
    private StreamChecks() {
    }

    /** The protocol's default address and queue type, unless the user said otherwise. */
    static void applyDefaults(ScenarioDraft<?> d) {
        ProtocolTraits traits = ProtocolTraits.of(d.text(Setting.PROTOCOL));
        traits.defaultQueueType().ifPresent(t -> d.putDefault(Setting.QUEUE_TYPE, t));
        if (!traits.defaultUri().equals(ProtocolTraits.AMQP.defaultUri())) {
            d.putDefault(Setting.URI, traits.defaultUri());
        }
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        ProtocolTraits traits = ProtocolTraits.of(d.text(Setting.PROTOCOL));
        boolean streamProtocol = traits.streamsOnly();
        BrokerAddresses.Parsed list = BrokerAddresses.parse(d.text(Setting.URI));
        BrokerUri uri = list.ok() ? list.addresses().primary() : null;
        String protocol = d.text(Setting.PROTOCOL);
        if (uri != null && protocol != null && !protocol.isBlank()) {
            if (uri.stream() && !traits.streamAddress()) {
                p.add(Setting.URI, "%s %s is a stream protocol address; use it with %s %s, or give an "
                        + "amqp:// address such as amqp://guest:guest@localhost:5672/%%2F", uri.redacted(),
                        p.name(Setting.PROTOCOL), String.join(" or ", ProtocolTraits.speaking(uri)));
            } else if (!uri.stream() && traits.streamAddress()) {
                p.add(Setting.URI, "%s %s is an AMQP address but %s %s speaks RabbitMQ's stream protocol; give "
                        + "for example %1$s %s", uri.redacted(), p.name(Setting.PROTOCOL), protocol,
                        withGuest(traits.defaultUri()));
            }
        }
        if (!streamProtocol) {
            only(p, Setting.BATCH_SIZE, d.given(Setting.BATCH_SIZE));
            only(p, Setting.SUB_ENTRY_SIZE, d.given(Setting.SUB_ENTRY_SIZE));
            only(p, Setting.COMPRESSION, d.given(Setting.COMPRESSION));
            if (d.on(Setting.SINGLE_ACTIVE_CONSUMER)) {
                p.add(Setting.SINGLE_ACTIVE_CONSUMER, "%s only applies to %s %s; a queue's consumers take turns "
                        + "with --queue-args x-single-active-consumer=true", p.name(Setting.PROTOCOL), streamProtocols());
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
            p.add(s, "%s only applies to %s %s", p.name(Setting.PROTOCOL), streamProtocols());
        }
    }

    /** The protocols of streams only, for a sentence: {@code stream}. */
    private static String streamProtocols() {
        return String.join(" or ", ProtocolTraits.all().entrySet().stream().filter(e -> e.getValue().streamsOnly())
                .map(java.util.Map.Entry::getKey).toList());
    }

    /** {@code scheme://host:port} as {@code scheme://guest:guest@host:port/%2F}, for an example. */
    private static String withGuest(String uri) {
        java.net.URI u = java.net.URI.create(uri);
        return u.getScheme() + "://guest:guest@" + u.getHost() + (u.getPort() > 0 ? ":" + u.getPort() : "") + "/%2F";
    }
}
