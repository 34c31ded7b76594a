package io.amqpharness.cli;

import io.amqpharness.scenario.Durations;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import io.amqpharness.scenario.ScenarioException;
import java.util.List;

/** Maps {@code --message-properties key=value,...} onto the builder, one known property at a time. */
final class MessagePropertyOptions {
    static final String KNOWN = "contentType, contentEncoding, priority, expiration, type";

    private MessagePropertyOptions() {
    }

    static void apply(Map<String, Object> properties, Scenario.Builder b) {
        properties.forEach((key, value) -> {
            String text = String.valueOf(value);
            switch (key.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "")) {
                case "contenttype" -> b.contentType(text);
                case "contentencoding" -> b.contentEncoding(text);
                case "priority" -> b.priority(integer(key, text));
                case "expiration", "ttl" -> b.expiration(duration(key, text));
                case "type" -> b.messageType(text);
                case "appid" -> throw problem("appId carries the publisher identity the harness checks "
                        + "sequences with and cannot be set");
                default -> throw problem("'" + key + "' is not a message property; use " + KNOWN
                        + ", for example --message-properties contentType=application/json,priority=5");
            }
        });
    }

    private static ScenarioException problem(String text) {
        return new ScenarioException(List.of("--message-properties: " + text + "."));
    }

    private static int integer(String key, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw problem(key + " must be a whole number, got '" + text + "'");
        }
    }

    /** A duration such as 60s, or a bare number of milliseconds as in AMQP 0.9.1's expiration. */
    private static Duration duration(String key, String text) {
        if (text.matches("[0-9]+")) {
            return Duration.ofMillis(Long.parseLong(text));
        }
        return Durations.parse(text).orElseThrow(() -> problem(
                key + " must be a duration such as 60s or a number of milliseconds, got '" + text + "'"));
    }
}
