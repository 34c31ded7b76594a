package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The settings a {@link ScenarioDraft} was given, one map entry per {@link Setting}, and how the
 * assembler and the validators read them: a setting not given has the default its
 * {@link Declaration} states. Mutable, not thread-safe.
 */
abstract class DraftValues {
    /** Each setting given; repeatable settings and those made of key-value pairs hold a mutable list or map. */
    private final Map<Setting, Object> values = new EnumMap<>(Setting.class);

    /** Sets {@code setting} to {@code value}; null counts as not given, yet hides the default. */
    void store(Setting setting, Object value) {
        values.put(setting, value);
    }

    /** Adds {@code value} to the list of a repeatable setting. */
    @SuppressWarnings("unchecked")
    void storeElement(Setting setting, Object value) {
        ((List<Object>) values.computeIfAbsent(setting, k -> new ArrayList<>())).add(value);
    }

    /** Puts {@code key=value} into the map of a key-value setting. */
    @SuppressWarnings("unchecked")
    void storeEntry(Setting setting, String key, Object value) {
        ((Map<String, Object>) values.computeIfAbsent(setting, k -> new LinkedHashMap<>())).put(key, value);
    }

    /** True if {@code setting} was given a value (not null), even its default value. */
    boolean given(Setting setting) {
        return values.get(setting) != null;
    }

    /**
     * The value of {@code setting}: as given, else its declared default for this draft (null when
     * it has none). Repeatable settings give an empty list or map when not given.
     */
    @SuppressWarnings("unchecked")
    <T> T get(Setting setting) {
        if (values.containsKey(setting)) {
            return (T) values.get(setting);
        }
        return (T) setting.declaration().defaultIn(this);
    }

    /** The value of {@code setting} as given; null when it was not given. */
    @SuppressWarnings("unchecked")
    <T> T raw(Setting setting) {
        return (T) values.get(setting);
    }

    /** True if {@code setting} was given a value that passes the checks its {@link Declaration} makes of it. */
    boolean valid(Setting setting) {
        return given(setting) && setting.declaration().accepts(values.get(setting));
    }

    /** Sets {@code setting} unless it was given: a default that depends on another setting. */
    void putDefault(Setting setting, Object value) {
        if (!values.containsKey(setting)) {
            values.put(setting, value);
        }
    }

    /** {@link #get} for a switch: false when not given. */
    boolean on(Setting setting) {
        return Boolean.TRUE.equals(get(setting));
    }

    Integer integer(Setting setting) {
        return get(setting);
    }

    Long number(Setting setting) {
        return get(setting);
    }

    Double decimal(Setting setting) {
        return get(setting);
    }

    Duration duration(Setting setting) {
        return get(setting);
    }

    String text(Setting setting) {
        return get(setting);
    }

    /** The values of a repeatable setting, or of one holding a list; empty when not given. */
    <E> List<E> list(Setting setting) {
        List<E> l = get(setting);
        return l == null ? List.of() : l;
    }

    /** The key-value pairs of a setting holding a map; empty when not given. */
    Map<String, Object> map(Setting setting) {
        Map<String, Object> m = get(setting);
        return m == null ? Map.of() : m;
    }

    /** The value of a stepped setting in the first step, else as given or by default. */
    <T> T first(StepSetting setting, Function<Double, T> convert) {
        for (Step s : this.<Step>list(Setting.STEP)) {
            if (s.setting() == setting) {
                return convert.apply(s.values().get(0));
            }
        }
        return get(setting.setting());
    }
}
