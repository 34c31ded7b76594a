package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Checks of the topology settings: queues, exchange, bindings and the queue arguments. */
final class TopologyValidator {
    private TopologyValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        QueueType type = d.get(QUEUE_TYPE);
        String exchange = d.text(EXCHANGE);
        String routingKey = d.text(ROUTING_KEY);
        int consumers = d.integer(CONSUMERS);
        boolean predeclared = d.on(PREDECLARED);
        if (type == null) {
            p.add(QUEUE_TYPE, "%s must be classic, quorum or stream");
        }
        int queueCount = queues(d, p);
        boolean defaultExchange = exchange == null || exchange.isEmpty() || "amq.default".equals(exchange);
        if (exchange == null || tooLong(exchange)) {
            p.add(EXCHANGE, "%s must be an exchange name of at most 255 bytes, or amq.default");
        }
        if (routingKey != null && tooLong(routingKey)) {
            p.add(ROUTING_KEY, "%s must be at most 255 bytes long");
        }
        if (defaultExchange) {
            if (d.given(EXCHANGE_TYPE)) {
                p.add(EXCHANGE_TYPE, "%s needs %s NAME: the default exchange is always direct",
                        p.name(EXCHANGE));
            }
            if (d.text(BINDING_KEY) != null || !d.map(BINDING_ARGS).isEmpty()) {
                p.addSentence(p.name(BINDING_KEY) + " and " + p.name(BINDING_ARGS) + " need "
                        + p.name(EXCHANGE) + " NAME: queues are not bound to the default exchange");
            }
            if (routingKey != null && d.given(QUEUE) && !d.<String>list(QUEUE).contains(routingKey)
                    && consumers > 0 && !predeclared) {
                p.add(ROUTING_KEY, "%s '%s' with the default exchange routes to a queue named '%s', which "
                        + "is not among the run's queues; drop %1$s or set %s", routingKey, routingKey,
                        p.name(EXCHANGE));
            }
        }
        if (d.on(RANDOM_ROUTING_KEY) && routingKey != null) {
            p.add(RANDOM_ROUTING_KEY, "%s and %s both set the routing key; use one of them",
                    p.name(ROUTING_KEY));
        }
        if (d.on(RANDOM_ROUTING_KEY) && defaultExchange) {
            p.add(RANDOM_ROUTING_KEY, "%s with the default exchange would route nowhere; add %s NAME %s "
                    + "topic %s '#'", p.name(EXCHANGE), p.name(EXCHANGE_TYPE), p.name(BINDING_KEY));
        }
        if (type == QueueType.STREAM && d.on(AUTOACK) && consumers > 0) {
            p.add(AUTOACK, "%s cannot be used with %s stream: stream consumers must acknowledge "
                    + "messages to get more", p.name(QUEUE_TYPE));
        }
        if (d.get(STREAM_OFFSET) != null && type != QueueType.STREAM) {
            p.add(STREAM_OFFSET, "%s only applies to %s stream", p.name(QUEUE_TYPE));
        }
        if (predeclared && !d.given(QUEUE) && !d.given(QUEUE_PATTERN) && (consumers > 0 || defaultExchange)
                && routingKey == null) {
            p.add(PREDECLARED, "%s needs %s NAME: the harness cannot guess which existing queue to use",
                    p.name(QUEUE));
        }
        declaration(d, p, type, queueCount);
    }

    /** Returns how many queues the run uses (1 if unknown because of an error). */
    private static int queues(ScenarioDraft<?> d, Problems p) {
        String pattern = d.text(QUEUE_PATTERN);
        Integer from = d.integer(QUEUE_PATTERN_FROM);
        Integer to = d.integer(QUEUE_PATTERN_TO);
        if (d.given(QUEUE) && pattern != null) {
            p.add(QUEUE_PATTERN, "%s and %s both name the queues; use one of them", p.name(QUEUE));
        }
        if (d.given(QUEUE)) {
            List<String> queues = d.list(QUEUE);
            if (queues.isEmpty() || queues.stream().anyMatch(q -> q.isEmpty() || tooLong(q))) {
                p.add(QUEUE, "%s must name queues of 1 to 255 bytes, separated by commas; for example "
                        + "%1$s orders,invoices");
                return 1;
            }
            queues.stream().filter(q -> q.startsWith("amq.")).findFirst().filter(q -> !d.on(PREDECLARED))
                    .ifPresent(q -> p.add(QUEUE, "%s cannot declare '%s': the amq. prefix is reserved by "
                            + "the broker", q));
            return queues.size();
        }
        if (pattern == null) {
            if (from != null || to != null) {
                p.add(QUEUE_PATTERN, "%s is needed with %s and %s; for example %1$s 'perf-test-%%d'",
                        p.name(QUEUE_PATTERN_FROM), p.name(QUEUE_PATTERN_TO));
            }
            return 1;
        }
        if (from == null || to == null) {
            p.add(QUEUE_PATTERN, "%s needs %s and %s; for example %1$s 'perf-test-%%d' %2$s 1 %3$s 10",
                    p.name(QUEUE_PATTERN_FROM), p.name(QUEUE_PATTERN_TO));
            return 1;
        }
        try {
            String first = String.format(Locale.ROOT, pattern, from);
            if (first.equals(String.format(Locale.ROOT, pattern, from + 1))) {
                throw new IllegalArgumentException("the pattern does not use the number");
            }
        } catch (IllegalArgumentException e) { // includes IllegalFormatException
            p.add(QUEUE_PATTERN, "%s '%s' must contain one %%d for the queue number; for example "
                    + "%1$s 'perf-test-%%d'", pattern);
            return 1;
        }
        long count = (long) to - from + 1;
        if (count < 1 || count > Scenario.MAX_QUEUES) {
            p.add(QUEUE_PATTERN_TO, "%s must be between %s and %s + %d, got %d; for example %1$s %d",
                    p.name(QUEUE_PATTERN_FROM), p.name(QUEUE_PATTERN_FROM), Scenario.MAX_QUEUES - 1,
                    to, from + 9);
            return 1;
        }
        return (int) count;
    }

    private static void declaration(ScenarioDraft<?> d, Problems p, QueueType type, int queueCount) {
        boolean replicated = type == QueueType.QUORUM || type == QueueType.STREAM;
        long consumers = (long) d.integer(CONSUMERS) * d.integer(CONSUMER_CHANNELS);
        if (d.on(TRANSIENT_QUEUE) && replicated) {
            p.add(TRANSIENT_QUEUE, "%s only applies to classic queues: %s queues are always durable",
                    type.argumentValue());
        }
        if (d.on(EXCLUSIVE) && replicated) {
            p.add(EXCLUSIVE, "%s only applies to classic queues", type.argumentValue());
        } else if (d.on(EXCLUSIVE) && consumers > queueCount) {
            p.add(EXCLUSIVE, "%s gives each queue to one consumer, but %d consumers share %d queue(s); "
                    + "use as many queues as consumers", consumers, queueCount);
        } else if (d.on(EXCLUSIVE) && consumers == 0) {
            p.add(EXCLUSIVE, "%s queues are declared by their consumer, and %s is 0", p.name(CONSUMERS));
        }
        if (d.on(AUTO_DELETE) && type == QueueType.STREAM) {
            p.add(AUTO_DELETE, "%s does not apply to streams");
        }
        shortcut(d, p, LAZY, type == QueueType.CLASSIC, "classic queues (RabbitMQ 3.x)");
        shortcut(d, p, MAX_AGE, type == QueueType.STREAM, "streams");
        shortcut(d, p, QUORUM_GROUP_SIZE, type == QueueType.QUORUM, "quorum queues");
        shortcut(d, p, STREAM_SEGMENT_SIZE, type == QueueType.STREAM, "streams");
        shortcut(d, p, MAX_LENGTH, type != QueueType.STREAM,
                "classic and quorum queues (streams use --max-length-bytes)");
        String locator = d.text(LEADER_LOCATOR);
        if (locator != null && !locator.equals("balanced") && !locator.equals("client-local")) {
            p.add(LEADER_LOCATOR, "%s must be balanced or client-local, got '%s'; for example %1$s balanced", locator);
        }
        String maxAge = d.text(MAX_AGE);
        if (maxAge != null && !StreamOffset.INTERVAL.matcher(maxAge).matches()) {
            p.add(MAX_AGE, "%s must be a number followed by Y, M, D, h, m or s, got '%s'; for example %1$s 7D", maxAge);
        }
        if (below(d.number(MAX_LENGTH), 0) || below(d.number(MAX_LENGTH_BYTES), 0)
                || below(d.integer(QUORUM_GROUP_SIZE), 1) || below(d.number(STREAM_SEGMENT_SIZE), 1)) {
            p.addSentence("Queue limits (" + p.name(MAX_LENGTH) + ", " + p.name(MAX_LENGTH_BYTES) + ", "
                    + p.name(QUORUM_GROUP_SIZE) + ", " + p.name(STREAM_SEGMENT_SIZE)
                    + ") must be positive numbers");
        }
        for (Map.Entry<Setting, String> e : QueueShortcuts.set(d)) {
            if (d.map(QUEUE_ARGS).containsKey(e.getValue())) {
                p.add(e.getKey(), "%s sets %s and so does %s; use one of them", e.getValue(), p.name(QUEUE_ARGS));
            }
        }
        boolean declares = !d.map(QUEUE_ARGS).isEmpty() || !QueueShortcuts.set(d).isEmpty() || d.on(TRANSIENT_QUEUE)
                || d.on(AUTO_DELETE) || d.on(EXCLUSIVE) || d.given(EXCHANGE_TYPE) || d.given(BINDING_KEY)
                || !d.map(BINDING_ARGS).isEmpty();
        if (d.on(PREDECLARED) && declares) {
            p.add(PREDECLARED, "%s declares nothing, so queue, exchange and binding options have no effect; "
                    + "drop them or drop %1$s");
        }
    }

    private static void shortcut(ScenarioDraft<?> d, Problems p, Setting s, boolean applies, String what) {
        if (QueueShortcuts.isSet(d, s) && !applies) {
            p.add(s, "%s only applies to %s", what);
        }
    }

    private static boolean below(Number value, long min) {
        return value != null && value.longValue() < min;
    }

    private static boolean tooLong(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length > 255;
    }
}
