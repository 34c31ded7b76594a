package io.amqpharness.scenario;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The protocol-neutral checks of {@link Scenario.Builder#build()}; each adds a sentence to {@link Problems}. */
final class ScenarioValidator {
    private static final Duration MIN_INTERVAL = Duration.ofMillis(100);

    private ScenarioValidator() {
    }

    static void validateGeneric(Scenario.Builder b, Problems p) {
        if (b.protocol() == null || b.protocol().isBlank()) {
            p.add(Setting.PROTOCOL, "%s must name a protocol, for example %1$s amqp091");
        }
        counts(b, p);
        publishing(b, p);
        consuming(b, p);
        topology(b, p);
        run(b, p);
    }

    private static void counts(Scenario.Builder b, Problems p) {
        if (b.producers() < 0) {
            p.add(Setting.PRODUCERS, "%s must be 0 or more, got %d; for example %1$s 2", b.producers());
        }
        if (b.consumers() < 0) {
            p.add(Setting.CONSUMERS, "%s must be 0 or more, got %d; for example %1$s 2", b.consumers());
        }
        if (b.producers() == 0 && b.consumers() == 0) {
            p.addSentence(p.name(Setting.PRODUCERS) + " and " + p.name(Setting.CONSUMERS)
                    + " are both 0, so the run would do nothing; set at least one of them to 1 or more");
        }
    }

    private static void publishing(Scenario.Builder b, Problems p) {
        if (b.size() < 12) {
            p.add(Setting.SIZE, "%s must be at least 12 bytes (the sequence and timestamp header), got %d; "
                    + "for example %1$s 1000", b.size());
        } else if (b.size() > Scenario.MAX_MESSAGE_SIZE) {
            p.add(Setting.SIZE, "%s must be at most 128mb (the broker's default limit), got %d bytes; "
                    + "for example %1$s 1mb", b.size());
        }
        Double rate = b.rate();
        if (rate != null && (rate.isNaN() || rate.isInfinite() || rate < 0)) {
            p.add(Setting.RATE, "%s must be 0 or more messages per second, got %s; for example %1$s 1000", rate);
        }
        Long pm = b.producerMessages();
        if (pm != null && pm < 1) {
            p.add(Setting.PRODUCER_MESSAGES, "%s must be at least 1, got %d; for example %1$s 100000", pm);
        } else if (pm != null && b.producers() == 0) {
            p.add(Setting.PRODUCER_MESSAGES, "%s needs at least one producer, but %s is 0", p.name(Setting.PRODUCERS));
        } else if (pm != null && rate != null && rate == 0) {
            p.add(Setting.PRODUCER_MESSAGES, "%s can never be reached with %s 0 (idle producers); "
                    + "drop one of them", p.name(Setting.RATE));
        }
        Integer confirm = b.confirm();
        if (confirm != null && (confirm < 1 || confirm > Scenario.MAX_CONFIRM_WINDOW)) {
            p.add(Setting.CONFIRM, "%s must be between 1 and %d unconfirmed messages, got %d; for example %1$s 200",
                    Scenario.MAX_CONFIRM_WINDOW, confirm);
        }
        if (!positive(b.confirmTimeout())) {
            p.add(Setting.CONFIRM_TIMEOUT, "%s must be a positive duration; for example %1$s 30s");
        }
    }

    private static void consuming(Scenario.Builder b, Problems p) {
        Integer qos = b.qos();
        if (qos != null && (qos < 1 || qos > 65535)) {
            p.add(Setting.QOS, "%s must be between 1 and 65535, got %d; for example %1$s 200", qos);
        }
        int every = b.multiAckEvery();
        if (every < 1) {
            p.add(Setting.MULTI_ACK_EVERY, "%s must be at least 1, got %d; for example %1$s 50", every);
        } else if (b.autoAck() && every > 1) {
            p.add(Setting.MULTI_ACK_EVERY, "%s cannot be used with %s: with automatic acknowledgements "
                    + "the consumer sends no acks", p.name(Setting.AUTOACK));
        } else if (qos != null && qos >= 1 && every > qos) {
            p.add(Setting.MULTI_ACK_EVERY, "%s (%d) must not exceed %s (%d): the consumer would wait for "
                    + "messages the broker never sends; for example %1$s %d", every, p.name(Setting.QOS), qos,
                    Math.max(1, qos / 10));
        }
        if (b.ackTimeout() != null) {
            if (!positive(b.ackTimeout())) {
                p.add(Setting.ACK_TIMEOUT, "%s must be a positive duration; for example %1$s 50ms");
            } else if (b.autoAck()) {
                p.add(Setting.ACK_TIMEOUT, "%s cannot be used with %s: with automatic acknowledgements "
                        + "the consumer sends no acks", p.name(Setting.AUTOACK));
            }
        }
        Long cm = b.consumerMessages();
        if (cm != null && cm < 1) {
            p.add(Setting.CONSUMER_MESSAGES, "%s must be at least 1, got %d; for example %1$s 100000", cm);
        } else if (cm != null && b.consumers() == 0) {
            p.add(Setting.CONSUMER_MESSAGES, "%s needs at least one consumer, but %s is 0", p.name(Setting.CONSUMERS));
        }
    }

    private static void topology(Scenario.Builder b, Problems p) {
        QueueType type = b.queueType();
        if (type == null) {
            p.add(Setting.QUEUE_TYPE, "%s must be classic, quorum or stream");
        }
        String queue = b.queue();
        if (queue != null && (queue.isEmpty() || queue.getBytes(StandardCharsets.UTF_8).length > 255)) {
            p.add(Setting.QUEUE, "%s must be a name of 1 to 255 bytes; for example %1$s my-queue");
        } else if (queue != null && queue.startsWith("amq.") && !b.predeclared()) {
            p.add(Setting.QUEUE, "%s cannot declare '%s': the amq. prefix is reserved by the broker", queue);
        }
        if (b.exchange() == null) {
            p.add(Setting.EXCHANGE, "%s must be an exchange name or amq.default");
        } else if (b.exchange().getBytes(StandardCharsets.UTF_8).length > 255) {
            p.add(Setting.EXCHANGE, "%s must be at most 255 bytes long");
        }
        if (b.routingKey() != null && b.routingKey().getBytes(StandardCharsets.UTF_8).length > 255) {
            p.add(Setting.ROUTING_KEY, "%s must be at most 255 bytes long");
        }
        if (type == QueueType.STREAM && b.autoAck() && b.consumers() > 0) {
            p.add(Setting.AUTOACK, "%s cannot be used with %s stream: stream consumers must acknowledge "
                    + "messages to get more", p.name(Setting.QUEUE_TYPE));
        }
        if (b.streamOffset() != null && type != QueueType.STREAM) {
            p.add(Setting.STREAM_OFFSET, "%s only applies to %s stream", p.name(Setting.QUEUE_TYPE));
        }
        boolean defaultExchange = b.exchange() == null || b.exchange().isEmpty() || "amq.default".equals(b.exchange());
        if (b.predeclared() && queue == null && (b.consumers() > 0 || defaultExchange)) {
            p.add(Setting.PREDECLARED, "%s needs %s NAME: the harness cannot guess which existing queue to use",
                    p.name(Setting.QUEUE));
        }
    }

    private static void run(Scenario.Builder b, Problems p) {
        if (b.time() != null && !positive(b.time())) {
            p.add(Setting.TIME, "%s must be a positive duration; for example %1$s 30s");
        }
        if (b.interval() == null || b.interval().compareTo(MIN_INTERVAL) < 0) {
            p.add(Setting.INTERVAL, "%s must be at least 100ms; for example %1$s 1s");
        }
        if (b.drainTimeout() == null || b.drainTimeout().isNegative()) {
            p.add(Setting.DRAIN_TIMEOUT, "%s must be 0 or a positive duration; for example %1$s 10s");
        }
    }

    private static boolean positive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }
}
