package io.amqpharness.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Parses {@code --metrics-tags}: {@code key=value} pairs separated by commas. */
public final class MetricTags {
    /** A valid example for messages. */
    public static final String EXAMPLE = "env=test,host=node-1";
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    /** Labels the exported series use themselves. */
    private static final Set<String> RESERVED = Set.of("le", "quantile", "run_id", "protocol", "queue_type",
            "broker_version");

    private MetricTags() {
    }

    /**
     * Parses {@code key=value,key=value}. Keys are Prometheus label names (letters, digits and
     * underscores, not starting with a digit or {@code __}); values are any non-empty text without
     * commas.
     *
     * @return the tags in the order given
     * @throws IllegalArgumentException with a sentence naming the bad part and showing {@link #EXAMPLE}
     */
    public static Map<String, String> parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no tags given; use key=value pairs separated by commas, for example "
                    + EXAMPLE);
        }
        Map<String, String> tags = new LinkedHashMap<>();
        for (String pair : text.split(",", -1)) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw bad(pair, "is not key=value");
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            if (!NAME.matcher(key).matches() || key.startsWith("__")) {
                throw bad(pair, "has a key that is not a Prometheus label name (letters, digits and underscores)");
            }
            if (RESERVED.contains(key)) {
                throw bad(pair, "uses the label " + key + ", which the harness sets itself");
            }
            if (value.isEmpty()) {
                throw bad(pair, "has an empty value");
            }
            if (tags.put(key, value) != null) {
                throw bad(pair, "repeats the key " + key);
            }
        }
        return Collections.unmodifiableMap(tags);
    }

    private static IllegalArgumentException bad(String pair, String problem) {
        return new IllegalArgumentException("'" + pair.trim() + "' " + problem + "; use key=value pairs separated by "
                + "commas, for example " + EXAMPLE);
    }
}
