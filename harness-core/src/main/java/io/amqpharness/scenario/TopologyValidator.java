package io.amqpharness.scenario;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/** Checks of the topology settings. */
final class TopologyValidator {
    private TopologyValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        QueueType type = d.queueType;
        if (type == null) {
            p.add(Setting.QUEUE_TYPE, "%s must be classic, quorum or stream");
        }
        int queueCount = queues(d, p);
        boolean defaultExchange = d.exchange == null || d.exchange.isEmpty() || "amq.default".equals(d.exchange);
        if (d.exchange == null || tooLong(d.exchange)) {
            p.add(Setting.EXCHANGE, "%s must be an exchange name of at most 255 bytes, or amq.default");
        }
        if (d.routingKey != null && tooLong(d.routingKey)) {
            p.add(Setting.ROUTING_KEY, "%s must be at most 255 bytes long");
        }
        if (defaultExchange) {
            if (d.exchangeType != null) {
                p.add(Setting.EXCHANGE_TYPE, "%s needs %s NAME: the default exchange is always direct",
                        p.name(Setting.EXCHANGE));
            }
            if (d.bindingKey != null || !d.bindingArgs.isEmpty()) {
                p.addSentence(p.name(Setting.BINDING_KEY) + " and " + p.name(Setting.BINDING_ARGS) + " need "
                        + p.name(Setting.EXCHANGE) + " NAME: queues are not bound to the default exchange");
            }
            if (d.routingKey != null && d.queues != null && !d.queues.contains(d.routingKey) && d.consumers > 0
                    && !d.predeclared) {
                p.add(Setting.ROUTING_KEY, "%s '%s' with the default exchange routes to a queue named '%s', which "
                        + "is not among the run's queues; drop %1$s or set %s", d.routingKey, d.routingKey,
                        p.name(Setting.EXCHANGE));
            }
        }
        if (d.randomRoutingKey && d.routingKey != null) {
            p.add(Setting.RANDOM_ROUTING_KEY, "%s and %s both set the routing key; use one of them",
                    p.name(Setting.ROUTING_KEY));
        }
        if (d.randomRoutingKey && defaultExchange) {
            p.add(Setting.RANDOM_ROUTING_KEY, "%s with the default exchange would route nowhere; add %s NAME %s "
                    + "topic %s '#'", p.name(Setting.EXCHANGE), p.name(Setting.EXCHANGE_TYPE), p.name(Setting.BINDING_KEY));
        }
        if (type == QueueType.STREAM && d.autoAck && d.consumers > 0) {
            p.add(Setting.AUTOACK, "%s cannot be used with %s stream: stream consumers must acknowledge "
                    + "messages to get more", p.name(Setting.QUEUE_TYPE));
        }
        if (d.streamOffset != null && type != QueueType.STREAM) {
            p.add(Setting.STREAM_OFFSET, "%s only applies to %s stream", p.name(Setting.QUEUE_TYPE));
        }
        if (d.predeclared && d.queues == null && d.queuePattern == null && (d.consumers > 0 || defaultExchange)
                && d.routingKey == null) {
            p.add(Setting.PREDECLARED, "%s needs %s NAME: the harness cannot guess which existing queue to use",
                    p.name(Setting.QUEUE));
        }
        declaration(d, p, type, queueCount);
    }

    /** Returns how many queues the run uses (1 if unknown because of an error). */
    private static int queues(ScenarioDraft<?> d, Problems p) {
        if (d.queues != null && d.queuePattern != null) {
            p.add(Setting.QUEUE_PATTERN, "%s and %s both name the queues; use one of them", p.name(Setting.QUEUE));
        }
        if (d.queues != null) {
            if (d.queues.isEmpty() || d.queues.stream().anyMatch(q -> q.isEmpty() || tooLong(q))) {
                p.add(Setting.QUEUE, "%s must name queues of 1 to 255 bytes, separated by commas; for example "
                        + "%1$s orders,invoices");
                return 1;
            }
            d.queues.stream().filter(q -> q.startsWith("amq.")).findFirst().filter(q -> !d.predeclared)
                    .ifPresent(q -> p.add(Setting.QUEUE, "%s cannot declare '%s': the amq. prefix is reserved by "
                            + "the broker", q));
            return d.queues.size();
        }
        if (d.queuePattern == null) {
            if (d.queuePatternFrom != null || d.queuePatternTo != null) {
                p.add(Setting.QUEUE_PATTERN, "%s is needed with %s and %s; for example %1$s 'perf-test-%%d'",
                        p.name(Setting.QUEUE_PATTERN_FROM), p.name(Setting.QUEUE_PATTERN_TO));
            }
            return 1;
        }
        if (d.queuePatternFrom == null || d.queuePatternTo == null) {
            p.add(Setting.QUEUE_PATTERN, "%s needs %s and %s; for example %1$s 'perf-test-%%d' %2$s 1 %3$s 10",
                    p.name(Setting.QUEUE_PATTERN_FROM), p.name(Setting.QUEUE_PATTERN_TO));
            return 1;
        }
        try {
            String first = String.format(Locale.ROOT, d.queuePattern, d.queuePatternFrom);
            if (first.equals(String.format(Locale.ROOT, d.queuePattern, d.queuePatternFrom + 1))) {
                throw new IllegalArgumentException("the pattern does not use the number");
            }
        } catch (IllegalArgumentException e) { // includes IllegalFormatException
            p.add(Setting.QUEUE_PATTERN, "%s '%s' must contain one %%d for the queue number; for example "
                    + "%1$s 'perf-test-%%d'", d.queuePattern);
            return 1;
        }
        long count = (long) d.queuePatternTo - d.queuePatternFrom + 1;
        if (count < 1 || count > Scenario.MAX_QUEUES) {
            p.add(Setting.QUEUE_PATTERN_TO, "%s must be between %s and %s + %d, got %d; for example %1$s %d",
                    p.name(Setting.QUEUE_PATTERN_FROM), p.name(Setting.QUEUE_PATTERN_FROM), Scenario.MAX_QUEUES - 1,
                    d.queuePatternTo, d.queuePatternFrom + 9);
            return 1;
        }
        return (int) count;
    }

    private static void declaration(ScenarioDraft<?> d, Problems p, QueueType type, int queueCount) {
        boolean replicated = type == QueueType.QUORUM || type == QueueType.STREAM;
        if (d.transientQueue && replicated) {
            p.add(Setting.TRANSIENT_QUEUE, "%s only applies to classic queues: %s queues are always durable",
                    type.argumentValue());
        }
        if (d.exclusive && replicated) {
            p.add(Setting.EXCLUSIVE, "%s only applies to classic queues", type.argumentValue());
        } else if (d.exclusive && (long) d.consumers * d.consumerChannels > queueCount) {
            p.add(Setting.EXCLUSIVE, "%s gives each queue to one consumer, but %d consumers share %d queue(s); "
                    + "use as many queues as consumers", (long) d.consumers * d.consumerChannels, queueCount);
        } else if (d.exclusive && d.consumers == 0) {
            p.add(Setting.EXCLUSIVE, "%s queues are declared by their consumer, and %s is 0", p.name(Setting.CONSUMERS));
        }
        if (d.autoDelete && type == QueueType.STREAM) {
            p.add(Setting.AUTO_DELETE, "%s does not apply to streams");
        }
        shortcut(d, p, Setting.LAZY, d.lazy, type == QueueType.CLASSIC, "classic queues (RabbitMQ 3.x)");
        shortcut(d, p, Setting.MAX_AGE, d.maxAge != null, type == QueueType.STREAM, "streams");
        shortcut(d, p, Setting.QUORUM_GROUP_SIZE, d.quorumGroupSize != null, type == QueueType.QUORUM, "quorum queues");
        shortcut(d, p, Setting.STREAM_SEGMENT_SIZE, d.streamSegmentSize != null, type == QueueType.STREAM, "streams");
        shortcut(d, p, Setting.MAX_LENGTH, d.maxLength != null, type != QueueType.STREAM,
                "classic and quorum queues (streams use --max-length-bytes)");
        if (d.leaderLocator != null && !d.leaderLocator.equals("balanced") && !d.leaderLocator.equals("client-local")) {
            p.add(Setting.LEADER_LOCATOR, "%s must be balanced or client-local, got '%s'; for example %1$s balanced",
                    d.leaderLocator);
        }
        if (d.maxAge != null && !StreamOffset.INTERVAL.matcher(d.maxAge).matches()) {
            p.add(Setting.MAX_AGE, "%s must be a number followed by Y, M, D, h, m or s, got '%s'; for example %1$s 7D",
                    d.maxAge);
        }
        if (d.maxLength != null && d.maxLength < 0 || d.maxLengthBytes != null && d.maxLengthBytes < 0
                || d.quorumGroupSize != null && d.quorumGroupSize < 1
                || d.streamSegmentSize != null && d.streamSegmentSize < 1) {
            p.addSentence("Queue limits (" + p.name(Setting.MAX_LENGTH) + ", " + p.name(Setting.MAX_LENGTH_BYTES) + ", "
                    + p.name(Setting.QUORUM_GROUP_SIZE) + ", " + p.name(Setting.STREAM_SEGMENT_SIZE)
                    + ") must be positive numbers");
        }
        for (Map.Entry<Setting, String> e : d.shortcutsSet()) {
            if (d.queueArgs.containsKey(e.getValue())) {
                p.add(e.getKey(), "%s sets %s and so does %s; use one of them", e.getValue(), p.name(Setting.QUEUE_ARGS));
            }
        }
        boolean declares = !d.queueArgs.isEmpty() || !d.shortcutsSet().isEmpty() || d.transientQueue || d.autoDelete
                || d.exclusive || d.exchangeType != null || d.bindingKey != null || !d.bindingArgs.isEmpty();
        if (d.predeclared && declares) {
            p.add(Setting.PREDECLARED, "%s declares nothing, so queue, exchange and binding options have no effect; "
                    + "drop them or drop %1$s");
        }
    }

    private static void shortcut(ScenarioDraft<?> d, Problems p, Setting s, boolean set, boolean applies, String what) {
        if (set && !applies) {
            p.add(s, "%s only applies to %s", what);
        }
    }

    private static boolean tooLong(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length > 255;
    }
}
