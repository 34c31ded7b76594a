package io.amqpharness.report.document;

import io.amqpharness.scenario.FilledFrom;
import io.amqpharness.scenario.Setting;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * The names the scenario section of {@code result.json} gives its settings: the components of the
 * core's settings records ({@code PublishSettings}, {@code RunSettings}...), which the section
 * writes by name. A reader names a field by the setting that fills it ({@link FilledFrom}) or by
 * the record's component, checked against the record, so that a renamed or removed component fails
 * at once instead of reading {@code null} from every file. Thread-safe: stateless.
 */
final class SettingFields {
    private SettingFields() {
    }

    /** The field of {@code record}'s component filled from {@code setting}. */
    static String of(Class<? extends Record> record, Setting setting) {
        return Arrays.stream(record.getRecordComponents())
                .filter(c -> c.isAnnotationPresent(FilledFrom.class) && c.getAnnotation(FilledFrom.class).value() == setting)
                .map(RecordComponent::getName).findFirst()
                .orElseThrow(() -> new IllegalStateException(record.getSimpleName() + " has no component filled from "
                        + setting.optionName()));
    }

    /** The field of {@code record}'s component {@code name}, made from several settings. */
    static String of(Class<? extends Record> record, String name) {
        return Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).filter(name::equals)
                .findFirst().orElseThrow(() -> new IllegalStateException(record.getSimpleName() + " has no component "
                        + name));
    }
}
