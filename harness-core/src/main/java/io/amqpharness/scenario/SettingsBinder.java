package io.amqpharness.scenario;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Builds a settings record from a draft through its canonical constructor: a component marked
 * {@link FilledFrom} takes its setting's value, converted to the component's type; every other
 * component takes the value the caller derived for it by name. A component that is neither, or a
 * derived name that is no component, is a mistake in this module and fails the first build.
 * Runs before the validation result is known, so it never throws on bad values.
 */
final class SettingsBinder {
    private SettingsBinder() {
    }

    /**
     * @param type    the settings record
     * @param d       the draft
     * @param derived the values of the components made from several settings, by component name
     */
    static <R extends Record> R bind(Class<R> type, DraftValues d, Map<String, Object> derived) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        Set<String> used = new HashSet<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            types[i] = c.getType();
            FilledFrom from = c.getAnnotation(FilledFrom.class);
            if (from != null) {
                args[i] = convert(d, from.value(), c.getType(), c.getGenericType());
            } else if (derived.containsKey(c.getName())) {
                args[i] = derived.get(c.getName());
                used.add(c.getName());
            } else {
                throw new IllegalStateException(type.getSimpleName() + "." + c.getName()
                        + " is neither @FilledFrom a setting nor derived by the assembler");
            }
        }
        if (!used.containsAll(derived.keySet())) {
            Set<String> extra = new HashSet<>(derived.keySet());
            extra.removeAll(used);
            throw new IllegalStateException(type.getSimpleName() + " has no derived components named " + extra);
        }
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    private static Object convert(DraftValues d, Setting s, Class<?> type, Type generic) {
        if (type == boolean.class) {
            return d.on(s);
        }
        if (List.class.equals(type)) {
            return d.list(s);
        }
        if (Map.class.equals(type)) {
            return d.map(s);
        }
        Object value = d.get(s);
        if (type == Optional.class) {
            if (value == null) {
                return Optional.empty();
            }
            boolean path = generic instanceof ParameterizedType p && Path.class.equals(p.getActualTypeArguments()[0]);
            return Optional.of(path && value instanceof String text ? Path.of(text) : value);
        }
        if (type == OptionalInt.class) {
            return value == null ? OptionalInt.empty() : OptionalInt.of(((Number) value).intValue());
        }
        if (type == OptionalLong.class) {
            return value == null ? OptionalLong.empty() : OptionalLong.of(((Number) value).longValue());
        }
        if (type == OptionalDouble.class) {
            return value == null ? OptionalDouble.empty() : OptionalDouble.of(((Number) value).doubleValue());
        }
        if (value == null) {
            // Given as null (validation refuses that): the declared default, so the record can still be made.
            value = s.declaration().defaultValue().orElse(null);
        }
        if (type == int.class) {
            return value == null ? 0 : ((Number) value).intValue();
        }
        if (type == long.class) {
            return value == null ? 0L : ((Number) value).longValue();
        }
        if (type == double.class) {
            return value == null ? 0.0 : ((Number) value).doubleValue();
        }
        return value;
    }
}
