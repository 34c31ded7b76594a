package io.amqpharness.scenario;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a settings-record component as the value of one {@link Setting}: building a {@link Scenario}
 * fills it from that setting (its declared default where it was not given), converted to the
 * component's type ({@code Optional} and {@code OptionalInt}-like types are empty where the setting
 * has no value, a {@code Path} is made from its text). Components without it are made from several
 * settings by the scenario's assembler.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface FilledFrom {
    /** The setting whose value the component holds. */
    Setting value();
}
