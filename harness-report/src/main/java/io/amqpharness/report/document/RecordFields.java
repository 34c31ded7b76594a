package io.amqpharness.report.document;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A section's fields by their JSON names, in the file's order, for tables that list every field
 * (so a count added to {@link Counts} shows without changes there).
 */
public final class RecordFields {
    private RecordFields() {
    }

    /** Each component of {@code section} by name, in declaration order. */
    public static Map<String, Object> of(Record section) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent c : section.getClass().getRecordComponents()) {
            try {
                out.put(c.getName(), c.getAccessor().invoke(section));
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("Cannot read " + c.getName() + " of " + section.getClass(), e);
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
