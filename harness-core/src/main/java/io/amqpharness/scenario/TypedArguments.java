package io.amqpharness.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code key=value[,key=value...]} lists for queue, consumer and binding arguments and message
 * headers. Values are typed the way the broker expects them: whole numbers become {@code Long},
 * {@code true}/{@code false} become {@code Boolean}, anything else stays a {@code String}
 * ({@code x-max-age=7D}). A value cannot contain a comma.
 */
public final class TypedArguments {
    private TypedArguments() {
    }

    /** Parses the list; empty if an entry has no {@code =} or no key. */
    public static Optional<Map<String, Object>> parse(String text) {
        Map<String, Object> args = new LinkedHashMap<>();
        if (text.isBlank()) {
            return Optional.of(args);
        }
        for (String entry : text.split(",")) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                return Optional.empty();
            }
            args.put(entry.substring(0, eq).trim(), value(entry.substring(eq + 1).trim()));
        }
        return Optional.of(args);
    }

    /** Types one value: {@code Long}, {@code Boolean} or {@code String}. */
    public static Object value(String v) {
        if (v.matches("-?[0-9]{1,18}")) {
            return Long.parseLong(v);
        }
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        return v;
    }

    /** Renders a map back as {@code key=value,...}. */
    public static String format(Map<String, Object> args) {
        StringBuilder b = new StringBuilder();
        args.forEach((k, v) -> {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(k).append('=').append(v);
        });
        return b.toString();
    }
}
