package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.*;

import java.time.Duration;

/** Checks of {@code --backlog}, {@code --backlog-then} and {@code --consumer-arrival} against the rest. */
final class BacklogValidator {
    /** Options whose own way of ending or holding back the run contradicts a backlog's phases. */
    private static final Setting[] EXCLUSIVE = {STEP, CONSUMER_START_DELAY, PRODUCER_MESSAGES, CONSUMER_MESSAGES,
            EXIT_WHEN, REQUEST_REPLY};

    private BacklogValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        BacklogSize size = d.get(BACKLOG);
        if (size == null) {
            for (Setting s : new Setting[] {BACKLOG_THEN, CONSUMER_ARRIVAL}) {
                if (d.given(s)) {
                    p.add(s, "%s applies to a backlog run only; add for example %s 100000", p.name(BACKLOG));
                }
            }
            return;
        }
        if (size.amount() == 0) {
            p.add(BACKLOG, "%s must be above 0 messages or bytes; for example %1$s 100000 or %1$s 50mb");
        }
        if (d.get(QUEUE_TYPE) == QueueType.STREAM) {
            p.add(BACKLOG, "%s fills queues for consumers to drain, but reading a stream removes nothing from it; "
                    + "to measure consumers catching up with a stream use %s with %s first",
                    p.name(CONSUMER_START_DELAY), p.name(STREAM_OFFSET));
            return;
        }
        Integer consumers = d.integer(CONSUMERS);
        if (consumers == null || consumers == 0) {
            p.add(BACKLOG, "%s needs consumers to drain it, but %s is 0; for example %s 10", p.name(CONSUMERS),
                    p.name(CONSUMERS));
        }
        Integer producers = d.integer(PRODUCERS);
        if (producers == null || producers == 0) {
            p.add(BACKLOG, "%s needs publishers to fill the queues, but %s is 0", p.name(PRODUCERS));
        }
        for (Setting s : EXCLUSIVE) {
            if (d.given(s) && !(s == STEP && d.list(STEP).isEmpty())) {
                p.add(BACKLOG, "%s has phases of its own (fill, then drain) and cannot be combined with %s; drop "
                        + "one of them", p.name(s));
            }
        }
        Duration warmup = d.duration(WARMUP);
        if (d.given(WARMUP) && warmup != null && !warmup.isZero()) {
            p.add(BACKLOG, "%s measures from the first message (the fill is part of the result), so %s cannot be "
                    + "used with it; drop %2$s", p.name(WARMUP));
        }
    }
}
