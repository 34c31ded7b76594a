package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.ACK_TIMEOUT;
import static io.amqpharness.scenario.Setting.AUTOACK;
import static io.amqpharness.scenario.Setting.CONSUMERS;
import static io.amqpharness.scenario.Setting.CONSUMER_ARGS;
import static io.amqpharness.scenario.Setting.CONSUMER_MESSAGES;
import static io.amqpharness.scenario.Setting.EXIT_WHEN;
import static io.amqpharness.scenario.Setting.MULTI_ACK_EVERY;
import static io.amqpharness.scenario.Setting.NACK_RATE;
import static io.amqpharness.scenario.Setting.POLLING;
import static io.amqpharness.scenario.Setting.POLLING_INTERVAL;
import static io.amqpharness.scenario.Setting.PREDECLARED;
import static io.amqpharness.scenario.Setting.PRODUCERS;
import static io.amqpharness.scenario.Setting.PROTOCOL;
import static io.amqpharness.scenario.Setting.QOS;
import static io.amqpharness.scenario.Setting.QUEUE_TYPE;
import static io.amqpharness.scenario.Setting.REJECT_RATE;
import static io.amqpharness.scenario.Setting.REQUEST_REPLY;
import static io.amqpharness.scenario.Setting.REQUEUE;
import static io.amqpharness.scenario.Setting.STREAM_OFFSET;

/**
 * Checks of the consuming settings against each other; each option's own range is checked by its
 * {@link Declaration}.
 */
final class ConsumeValidator {
    private ConsumeValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        acks(d, p);
        int consumers = d.integer(CONSUMERS);
        if (d.valid(CONSUMER_MESSAGES) && consumers == 0) {
            p.add(CONSUMER_MESSAGES, "%s needs at least one consumer, but %s is 0", p.name(CONSUMERS));
        }
        polling(d, p);
        if (d.map(CONSUMER_ARGS).containsKey("x-stream-offset") && d.given(STREAM_OFFSET)) {
            p.add(CONSUMER_ARGS, "%s sets x-stream-offset and so does %s; use one of them", p.name(STREAM_OFFSET));
        }
        ReplyMode reply = d.get(REQUEST_REPLY);
        String protocol = d.text(PROTOCOL);
        if (reply != null && (consumers == 0 || d.integer(PRODUCERS) == 0)) {
            p.add(REQUEST_REPLY, "%s needs publishers to send requests and consumers to answer them, but %s "
                    + "is 0", p.name(consumers == 0 ? CONSUMERS : PRODUCERS));
        } else if (reply != null && d.on(PREDECLARED)) {
            p.add(REQUEST_REPLY, "%s declares a reply queue, which %s forbids; drop one of them", p.name(PREDECLARED));
        } else if (reply == ReplyMode.DIRECT && !ProtocolTraits.of(protocol).directReplyTo()) {
            p.add(REQUEST_REPLY, "%s direct uses AMQP 0.9.1 direct reply-to, which %s %s does not have; use "
                    + "%1$s queue", p.name(PROTOCOL), protocol);
        } else if (reply != null && d.get(QUEUE_TYPE) == QueueType.STREAM) {
            p.add(REQUEST_REPLY, "%s answers each message once, which a stream (read by every consumer) "
                    + "does not fit; use --queue-type classic or quorum");
        }
        if (d.given(EXIT_WHEN) && consumers == 0) {
            p.add(EXIT_WHEN, "%s needs at least one consumer, but %s is 0", p.name(CONSUMERS));
        }
    }

    /** The ack interval against automatic acks and the prefetch; the settle percentages together. */
    private static void acks(ScenarioDraft<?> d, Problems p) {
        int every = d.integer(MULTI_ACK_EVERY);
        Integer qos = prefetch(d);
        if (d.on(AUTOACK) && every > 1) {
            p.add(MULTI_ACK_EVERY, "%s cannot be used with %s: with automatic acknowledgements "
                    + "the consumer sends no acks", p.name(AUTOACK));
        } else if (qos != null && !ackWithinPrefetch(every, (double) qos)) {
            p.add(MULTI_ACK_EVERY, "%s (%d) must not exceed %s (%d): the consumer would wait for "
                    + "messages the broker never sends; for example %1$s %d", every,
                    d.given(QOS) ? p.name(QOS) : "the prefetch stream consumers get without " + p.name(QOS), qos,
                    Math.max(1, qos / 10));
        }
        if (d.valid(ACK_TIMEOUT) && d.on(AUTOACK)) {
            p.add(ACK_TIMEOUT, "%s cannot be used with %s: with automatic acknowledgements "
                    + "the consumer sends no acks", p.name(AUTOACK));
        }
        double nack = d.decimal(NACK_RATE);
        double reject = d.decimal(REJECT_RATE);
        if (nack + reject > 100) {
            p.addSentence(p.name(NACK_RATE) + " and " + p.name(REJECT_RATE)
                    + " add up to more than 100 percent of deliveries");
        }
        if (d.on(AUTOACK) && (nack > 0 || reject > 0)) {
            p.addSentence(p.name(NACK_RATE) + " and " + p.name(REJECT_RATE) + " cannot be used with "
                    + p.name(AUTOACK) + ": the broker has already settled every delivery");
        }
        if (d.decimal(REQUEUE) > 0 && nack == 0 && reject == 0) {
            p.add(REQUEUE, "%s applies to nacked and rejected deliveries; add %s or %s", p.name(NACK_RATE),
                    p.name(REJECT_RATE));
        }
    }

    /**
     * The prefetch the ack interval must stay within: {@code --qos} as given, when it passes its own
     * checks, else the one consumers of a stream queue get without it
     * ({@link Scenario#DEFAULT_STREAM_PREFETCH}); null for none, and with a protocol whose consumers do not
     * settle ({@link ProtocolTraits#settles()}: the stream protocol, which counts its credit in chunks).
     */
    static Integer prefetch(DraftValues d) {
        if (d.given(QOS)) {
            return d.valid(QOS) ? d.raw(QOS) : null;
        }
        return ProtocolTraits.of(d.text(PROTOCOL)).settles() ? d.get(QOS) : null;
    }

    /**
     * The consumer acknowledges every {@code every} messages, and the broker sends at most
     * {@code prefetch} unacknowledged ones (null: no limit); above it, the consumer would wait forever.
     */
    static boolean ackWithinPrefetch(double every, Double prefetch) {
        return prefetch == null || every <= prefetch;
    }

    private static void polling(ScenarioDraft<?> d, Problems p) {
        if (d.given(POLLING_INTERVAL) && !d.on(POLLING)) {
            p.add(POLLING_INTERVAL, "%s only applies with %s", p.name(POLLING));
        } else if (d.given(POLLING_INTERVAL) && d.duration(POLLING_INTERVAL).isNegative()) {
            p.add(POLLING_INTERVAL, "%s must be 0 or a positive duration; for example %1$s 10ms");
        }
        if (d.on(POLLING) && d.get(QUEUE_TYPE) == QueueType.STREAM) {
            p.add(POLLING, "%s cannot read a stream (basic.get is not supported on streams)");
        }
        if (d.on(POLLING) && d.given(QOS)) {
            p.add(QOS, "%s has no effect with %s: basic.get fetches one message at a time", p.name(POLLING));
        }
    }
}
