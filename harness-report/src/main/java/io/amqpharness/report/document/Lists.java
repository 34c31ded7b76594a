package io.amqpharness.report.document;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Absent lists and maps of an older file read as empty ones; present ones are kept unmodifiable.
 * Free-form JSON values (the scenario's settings) are kept with one number type per kind, so that
 * the same text reads as equal values however it was parsed: whole numbers as {@link Long},
 * others as {@link Double}.
 */
final class Lists {
    private Lists() {
    }

    static <T> List<T> of(List<T> list) {
        return list == null ? List.of() : Collections.unmodifiableList(new java.util.ArrayList<>(list));
    }

    static <K, V> Map<K, V> of(Map<K, V> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    /** A settings group: its values normalised, in its order, unmodifiable. */
    static Map<String, Object> values(Map<String, Object> map) {
        if (map == null) {
            return Map.of();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(k, value(v)));
        return Collections.unmodifiableMap(out);
    }

    private static Object value(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), value(x)));
            return Collections.unmodifiableMap(out);
        }
        if (v instanceof List<?> l) {
            List<Object> out = new java.util.ArrayList<>();
            l.forEach(x -> out.add(value(x)));
            return Collections.unmodifiableList(out);
        }
        return v;
    }
}
