package io.amqpharness.report.document;

import com.fasterxml.jackson.annotation.JsonValue;
import io.amqpharness.measure.Metric;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One value per latency series ({@link Metric}), the shape of {@code result.json}'s per-metric
 * sections: an object with a field per series, named by {@link Metric#jsonKey()} in the order of
 * {@link Metric#values()}, every series present (one with nothing recorded holds the empty value).
 * Reading takes a series a file lacks as empty and ignores keys no series has (a newer file's), so
 * a new {@link Metric} constant is a new field here with no code. Immutable.
 *
 * @param <T> the value per series: a {@link Ladder}, a {@link Histograms.Curve}
 */
public abstract class PerMetric<T> {
    private final Map<Metric, T> values = new EnumMap<>(Metric.class);

    /**
     * @param values the series' values; a series left out (or mapped to null) holds {@code empty}
     * @param empty  the value of a series with nothing recorded
     */
    protected PerMetric(Map<Metric, ? extends T> values, T empty) {
        Objects.requireNonNull(empty, "empty");
        for (Metric m : Metric.values()) {
            T v = values.get(m);
            this.values.put(m, v == null ? empty : v);
        }
    }

    /** The values of a JSON object keyed by {@link Metric#jsonKey()}; unknown keys are left out. */
    protected static <T> Map<Metric, T> byMetric(Map<String, T> byKey) {
        Map<Metric, T> out = new EnumMap<>(Metric.class);
        if (byKey != null) {
            Arrays.stream(Metric.values()).filter(m -> byKey.get(m.jsonKey()) != null)
                    .forEach(m -> out.put(m, byKey.get(m.jsonKey())));
        }
        return out;
    }

    /** The value of every series, computed from it: {@code of(m -> ladder(summaries.get(m)))}. */
    protected static <T> Map<Metric, T> each(Function<Metric, T> value) {
        return Arrays.stream(Metric.values()).collect(Collectors.toMap(m -> m, value, (a, b) -> a,
                () -> new EnumMap<>(Metric.class)));
    }

    /** The value of a series (the empty value if nothing was recorded). */
    public T get(Metric metric) {
        return values.get(metric);
    }

    /**
     * A series' value by its JSON key.
     *
     * @param jsonKey a {@link Metric#jsonKey()}: {@code endToEnd}, {@code endToEndFromSend}, ...
     * @throws IllegalArgumentException for any other key
     */
    public T of(String jsonKey) {
        return get(Arrays.stream(Metric.values()).filter(m -> m.jsonKey().equals(jsonKey)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no metric " + jsonKey)));
    }

    /** Every series' value, in the order of {@link Metric#values()}; unmodifiable. */
    public Map<Metric, T> asMap() {
        return Collections.unmodifiableMap(values);
    }

    /** The JSON object: every series' value under its {@link Metric#jsonKey()}, in the order of {@link Metric}. */
    @JsonValue
    public Map<String, T> byKey() {
        Map<String, T> out = new LinkedHashMap<>();
        values.forEach((m, v) -> out.put(m.jsonKey(), v));
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((PerMetric<?>) o).values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + byKey();
    }
}
