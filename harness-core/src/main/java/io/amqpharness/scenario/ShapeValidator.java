package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.HEADER;
import static io.amqpharness.scenario.Setting.MESSAGE_HEADERS;
import static io.amqpharness.scenario.Setting.MESSAGE_PROPERTIES;
import static io.amqpharness.scenario.Setting.MESSAGE_TTL;
import static io.amqpharness.scenario.Setting.PRIORITY;
import static io.amqpharness.scenario.Setting.RANDOM_ROUTING_KEY;
import static io.amqpharness.scenario.Setting.REQUEST_REPLY;
import static io.amqpharness.scenario.Setting.ROUTING_KEY;
import static io.amqpharness.scenario.Setting.ROUTING_KEYS;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks of the options that draw routing keys, priorities, TTLs and headers per message
 * ({@link MessageShape}): shares that add up to 100 %, values in range, no second way of setting
 * the same thing, and at most {@link MessageShape#MAX_VARIANTS} combinations.
 */
final class ShapeValidator {
    private ShapeValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        Shares<String> keys = d.raw(ROUTING_KEYS);
        Shares<Integer> priorities = d.raw(PRIORITY);
        Shares<Duration> ttls = d.raw(MESSAGE_TTL);
        List<HeaderShares> headers = d.list(HEADER);
        sums(p, ROUTING_KEYS, keys, "a.b:70%%,a.c:30%%");
        sums(p, PRIORITY, priorities, "0:80%%,5:15%%,9:5%%");
        sums(p, MESSAGE_TTL, ttls, "1s:90%%,100ms:10%%");
        for (HeaderShares h : headers) {
            if (!h.values().sumsTo100()) {
                p.add(HEADER, "%s %s: the shares must add up to 100%%, got %s%%; for example %1$s "
                        + "region=eu:50%%,us:50%%", h.name(), ValueType.DECIMAL.format(h.values().totalPercent()));
            }
        }
        if (priorities != null && priorities.values().stream().anyMatch(v -> v < 0 || v > 255)) {
            p.add(PRIORITY, "%s priorities must be between 0 and 255, got %s; for example %1$s 0:80%%,5:15%%,9:5%%",
                    priorities);
        }
        if (ttls != null && ttls.values().stream().anyMatch(t -> !ScenarioValidator.positive(t))) {
            p.add(MESSAGE_TTL, "%s TTLs must be positive durations; for example %1$s 1s:90%%,100ms:10%%");
        }
        if (priorities != null && d.map(MESSAGE_PROPERTIES).containsKey("priority")) {
            p.add(PRIORITY, "%s and %s priority both set the priority; use one of them", p.name(MESSAGE_PROPERTIES));
        }
        if (ttls != null && d.map(MESSAGE_PROPERTIES).containsKey("expiration")) {
            p.add(MESSAGE_TTL, "%s and %s expiration both set the TTL; use one of them", p.name(MESSAGE_PROPERTIES));
        }
        Set<String> names = new HashSet<>(d.map(MESSAGE_HEADERS).keySet());
        for (HeaderShares h : headers) {
            if (!names.add(h.name())) {
                p.add(HEADER, "%s %s is set twice (by %1$s or %s); set each header once", h.name(),
                        p.name(MESSAGE_HEADERS));
                break;
            }
        }
        if (keys != null && d.on(RANDOM_ROUTING_KEY)) {
            p.add(ROUTING_KEYS, "%s and %s both draw the routing key; use one of them", p.name(RANDOM_ROUTING_KEY));
        } else if (keys != null && d.given(ROUTING_KEY)) {
            p.add(ROUTING_KEYS, "%s and %s both set the routing key; use one of them", p.name(ROUTING_KEY));
        }
        if (d.given(REQUEST_REPLY) && (priorities != null || ttls != null || !headers.isEmpty() || keys != null)) {
            p.add(REQUEST_REPLY, "%s sends requests with the run's own key and properties; drop %s, %s, %s and %s",
                    p.name(ROUTING_KEYS), p.name(PRIORITY), p.name(MESSAGE_TTL), p.name(HEADER));
        }
        long variants = new MessageShape(java.util.Optional.empty(), java.util.Optional.ofNullable(priorities),
                java.util.Optional.ofNullable(ttls), headers).variantCount();
        if (variants > MessageShape.MAX_VARIANTS) {
            p.addSentence(p.name(PRIORITY) + ", " + p.name(MESSAGE_TTL) + " and " + p.name(HEADER) + " make "
                    + variants + " combinations of values, more than " + MessageShape.MAX_VARIANTS
                    + "; draw fewer values");
        }
    }

    private static void sums(Problems p, Setting s, Shares<?> shares, String example) {
        if (shares != null && !shares.sumsTo100()) {
            p.add(s, "%s shares must add up to 100%%, got %s%%; for example %1$s " + example,
                    ValueType.DECIMAL.format(shares.totalPercent()));
        }
    }
}
