package io.amqpharness.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class (or method) that needs a RabbitMQ broker: registers {@link BrokerExtension}
 * and tags the tests {@code integration}. Declare a {@link RabbitMQBroker} parameter to get it.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(BrokerExtension.class)
@Tag("integration")
public @interface WithRabbitMQ {
}
