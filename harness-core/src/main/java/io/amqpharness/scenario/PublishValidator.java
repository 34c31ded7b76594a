package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.CONFIRM;
import static io.amqpharness.scenario.Setting.CONFIRM_TIMEOUT;
import static io.amqpharness.scenario.Setting.MESSAGE_HEADERS;
import static io.amqpharness.scenario.Setting.MESSAGE_PROPERTIES;
import static io.amqpharness.scenario.Setting.PRODUCERS;
import static io.amqpharness.scenario.Setting.PRODUCER_MESSAGES;
import static io.amqpharness.scenario.Setting.RATE;
import static io.amqpharness.scenario.Setting.SIZE;
import static io.amqpharness.scenario.Setting.TOTAL_RATE;
import static io.amqpharness.scenario.Setting.TX_SIZE;
import static io.amqpharness.scenario.Setting.VARIABLE_RATE;
import static io.amqpharness.scenario.Setting.VARIABLE_SIZE;

import java.time.Duration;
import java.util.Map;

/**
 * Checks of the publishing settings against each other; each option's own range is checked by its
 * {@link Declaration}.
 */
final class PublishValidator {
    private PublishValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        size(d, p);
        rate(d, p);
        if (d.valid(PRODUCER_MESSAGES) && d.integer(PRODUCERS) == 0) {
            p.add(PRODUCER_MESSAGES, "%s needs at least one producer, but %s is 0", p.name(PRODUCERS));
        } else if (d.valid(PRODUCER_MESSAGES) && d.decimal(RATE) != null && d.decimal(RATE) == 0) {
            p.add(PRODUCER_MESSAGES, "%s can never be reached with %s 0 (idle producers); drop one of them",
                    p.name(RATE));
        }
        if (!ScenarioValidator.positive(d.duration(CONFIRM_TIMEOUT))) {
            p.add(CONFIRM_TIMEOUT, "%s must be a positive duration; for example %1$s 30s");
        }
        if (d.valid(TX_SIZE) && d.given(CONFIRM)) {
            p.add(TX_SIZE, "%s and %s are two ways to get the broker's verdict; use one of them", p.name(CONFIRM));
        }
        properties(d, p);
        ShapeValidator.validate(d, p);
    }

    private static void size(ScenarioDraft<?> d, Problems p) {
        SizeMix mix = d.raw(SIZE);
        Long size = mix == null ? null : (long) mix.minBytes();
        if (mix != null && mix.minBytes() < 12) {
            p.add(SIZE, "%s must be at least 12 bytes (the sequence and timestamp header), got %d; "
                    + "for example %1$s " + (mix.isFixed() ? "1000" : "100:50%%,1kb:40%%,64kb:10%%"), mix.minBytes());
        } else if (mix != null && mix.maxBytes() > Scenario.MAX_MESSAGE_SIZE) {
            p.add(SIZE, "%s must be at most 128mb (the broker's default limit), got %d bytes; "
                    + "for example %1$s " + (mix.isFixed() ? "1mb" : "100:50%%,1kb:40%%,64kb:10%%"), mix.maxBytes());
        } else if (mix != null && !mix.sumsTo100()) {
            p.add(SIZE, "%s shares must add up to 100%%, got %s%%; for example %1$s 100:50%%,1kb:40%%,64kb:10%%",
                    ValueType.DECIMAL.format(mix.totalPercent()));
        }
        if (!d.list(VARIABLE_SIZE).isEmpty()) {
            if (size != null) {
                p.add(VARIABLE_SIZE, "%s and %s both set the body size; use one of them", p.name(SIZE));
            }
            for (SizeStep s : d.<SizeStep>list(VARIABLE_SIZE)) {
                if (s.bytes() < 12 || s.bytes() > Scenario.MAX_MESSAGE_SIZE || !ScenarioValidator.positive(s.duration())) {
                    p.add(VARIABLE_SIZE, "%s steps need sizes from 12 bytes to 128mb and positive durations, "
                            + "got %s; for example %1$s 1000:30s,10kb:30s", s);
                    break;
                }
            }
        }
    }

    private static void rate(ScenarioDraft<?> d, Problems p) {
        int given = (d.given(RATE) ? 1 : 0) + (d.given(TOTAL_RATE) ? 1 : 0) + (d.list(VARIABLE_RATE).isEmpty() ? 0 : 1);
        if (given > 1) {
            p.addSentence(p.name(RATE) + ", " + p.name(TOTAL_RATE) + " and "
                    + p.name(VARIABLE_RATE) + " each set the publishing rate; use only one of them");
        }
    }

    private static void properties(ScenarioDraft<?> d, Problems p) {
        Map<String, Object> props = d.map(MESSAGE_PROPERTIES);
        Integer priority = (Integer) props.get("priority");
        Duration expiration = (Duration) props.get("expiration");
        if (priority != null && (priority < 0 || priority > 255)) {
            p.add(MESSAGE_PROPERTIES, "%s priority must be between 0 and 255, got %d; for example "
                    + "%1$s priority=5", priority);
        }
        if (expiration != null && !ScenarioValidator.positive(expiration)) {
            p.add(MESSAGE_PROPERTIES, "%s expiration must be a positive duration; for example "
                    + "%1$s expiration=60s");
        }
        if (d.map(MESSAGE_HEADERS).keySet().stream().anyMatch(String::isBlank)) {
            p.add(MESSAGE_HEADERS, "%s needs a name for every header; for example %1$s region=eu,tier=1");
        }
    }
}
