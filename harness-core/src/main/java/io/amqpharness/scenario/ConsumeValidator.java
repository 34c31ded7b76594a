package io.amqpharness.scenario;

/** Checks of the consuming settings. */
final class ConsumeValidator {
    private ConsumeValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        Integer qos = d.qos;
        if (qos != null && (qos < 1 || qos > 65535)) {
            p.add(Setting.QOS, "%s must be between 1 and 65535, got %d; for example %1$s 200", qos);
        }
        acks(d, p, qos);
        if (d.consumerMessages != null && d.consumerMessages < 1) {
            p.add(Setting.CONSUMER_MESSAGES, "%s must be at least 1, got %d; for example %1$s 100000", d.consumerMessages);
        } else if (d.consumerMessages != null && d.consumers == 0) {
            p.add(Setting.CONSUMER_MESSAGES, "%s needs at least one consumer, but %s is 0", p.name(Setting.CONSUMERS));
        }
        if (d.consumerRate != null && !(d.consumerRate > 0 && !d.consumerRate.isInfinite())) {
            p.add(Setting.CONSUMER_RATE, "%s must be above 0 messages per second, got %s; for example %1$s 500",
                    d.consumerRate);
        }
        polling(d, p);
        if (d.consumerArgs.containsKey("x-stream-offset") && d.streamOffset != null) {
            p.add(Setting.CONSUMER_ARGS, "%s sets x-stream-offset and so does %s; use one of them",
                    p.name(Setting.STREAM_OFFSET));
        }
        if (d.requestReply != null && (d.consumers == 0 || d.producers == 0)) {
            p.add(Setting.REQUEST_REPLY, "%s needs publishers to send requests and consumers to answer them, but %s "
                    + "is 0", p.name(d.consumers == 0 ? Setting.CONSUMERS : Setting.PRODUCERS));
        } else if (d.requestReply != null && d.predeclared) {
            p.add(Setting.REQUEST_REPLY, "%s declares a reply queue, which %s forbids; drop one of them",
                    p.name(Setting.PREDECLARED));
        } else if (d.requestReply == ReplyMode.DIRECT && !"amqp091".equals(d.protocol)) {
            p.add(Setting.REQUEST_REPLY, "%s direct uses AMQP 0.9.1 direct reply-to, which %s %s does not have; use "
                    + "%1$s queue", p.name(Setting.PROTOCOL), d.protocol);
        } else if (d.requestReply != null && d.queueType == QueueType.STREAM) {
            p.add(Setting.REQUEST_REPLY, "%s answers each message once, which a stream (read by every consumer) "
                    + "does not fit; use --queue-type classic or quorum");
        }
        if (d.exitWhen != null && d.consumers == 0) {
            p.add(Setting.EXIT_WHEN, "%s needs at least one consumer, but %s is 0", p.name(Setting.CONSUMERS));
        }
    }

    private static void acks(ScenarioDraft<?> d, Problems p, Integer qos) {
        int every = d.multiAckEvery;
        if (every < 1) {
            p.add(Setting.MULTI_ACK_EVERY, "%s must be at least 1, got %d; for example %1$s 50", every);
        } else if (d.autoAck && every > 1) {
            p.add(Setting.MULTI_ACK_EVERY, "%s cannot be used with %s: with automatic acknowledgements "
                    + "the consumer sends no acks", p.name(Setting.AUTOACK));
        } else if (qos != null && qos >= 1 && every > qos) {
            p.add(Setting.MULTI_ACK_EVERY, "%s (%d) must not exceed %s (%d): the consumer would wait for "
                    + "messages the broker never sends; for example %1$s %d", every, p.name(Setting.QOS), qos,
                    Math.max(1, qos / 10));
        }
        if (d.ackTimeout != null) {
            if (!ScenarioValidator.positive(d.ackTimeout)) {
                p.add(Setting.ACK_TIMEOUT, "%s must be a positive duration; for example %1$s 50ms");
            } else if (d.autoAck) {
                p.add(Setting.ACK_TIMEOUT, "%s cannot be used with %s: with automatic acknowledgements "
                        + "the consumer sends no acks", p.name(Setting.AUTOACK));
            }
        }
        for (Setting s : new Setting[] {Setting.NACK_RATE, Setting.REJECT_RATE, Setting.REQUEUE}) {
            double v = s == Setting.NACK_RATE ? d.nackPercent : s == Setting.REJECT_RATE ? d.rejectPercent
                    : d.requeuePercent;
            if (!ScenarioValidator.percent(v)) {
                p.add(s, "%s must be a percentage from 0 to 100, got %s; for example %1$s 10", v);
            }
        }
        if (d.nackPercent + d.rejectPercent > 100) {
            p.addSentence(p.name(Setting.NACK_RATE) + " and " + p.name(Setting.REJECT_RATE)
                    + " add up to more than 100 percent of deliveries");
        }
        if (d.autoAck && (d.nackPercent > 0 || d.rejectPercent > 0)) {
            p.addSentence(p.name(Setting.NACK_RATE) + " and " + p.name(Setting.REJECT_RATE) + " cannot be used with "
                    + p.name(Setting.AUTOACK) + ": the broker has already settled every delivery");
        }
        if (d.requeuePercent > 0 && d.nackPercent == 0 && d.rejectPercent == 0) {
            p.add(Setting.REQUEUE, "%s applies to nacked and rejected deliveries; add %s or %s", p.name(Setting.NACK_RATE),
                    p.name(Setting.REJECT_RATE));
        }
    }

    private static void polling(ScenarioDraft<?> d, Problems p) {
        if (d.pollingInterval != null && !d.polling) {
            p.add(Setting.POLLING_INTERVAL, "%s only applies with %s", p.name(Setting.POLLING));
        } else if (d.pollingInterval != null && d.pollingInterval.isNegative()) {
            p.add(Setting.POLLING_INTERVAL, "%s must be 0 or a positive duration; for example %1$s 10ms");
        }
        if (d.polling && d.queueType == QueueType.STREAM) {
            p.add(Setting.POLLING, "%s cannot read a stream (basic.get is not supported on streams)");
        }
        if (d.polling && d.qos != null) {
            p.add(Setting.QOS, "%s has no effect with %s: basic.get fetches one message at a time",
                    p.name(Setting.POLLING));
        }
    }
}
