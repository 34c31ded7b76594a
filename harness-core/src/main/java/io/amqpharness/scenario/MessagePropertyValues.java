package io.amqpharness.scenario;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code --message-properties key=value,...}: the known properties, to a builder and back. */
final class MessagePropertyValues {
    static final String KNOWN = "contentType, contentEncoding, priority, expiration, type";

    private MessagePropertyValues() {
    }

    /** The properties set in {@code m}, as {@code --message-properties} writes them. */
    static Map<String, Object> of(MessageProperties m) {
        Map<String, Object> props = new LinkedHashMap<>();
        m.contentType().ifPresent(v -> props.put("contentType", v));
        m.contentEncoding().ifPresent(v -> props.put("contentEncoding", v));
        m.priority().ifPresent(v -> props.put("priority", v));
        m.expiration().ifPresent(v -> props.put("expiration", Durations.format(v)));
        m.type().ifPresent(v -> props.put("type", v));
        return props;
    }

    /**
     * Sets each property on the builder.
     *
     * @throws ScenarioException naming an unknown property or a bad value
     */
    static void apply(Scenario.Builder b, Map<String, Object> properties) {
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
