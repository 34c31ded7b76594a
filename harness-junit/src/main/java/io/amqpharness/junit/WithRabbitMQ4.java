package io.amqpharness.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class (or method) that needs a RabbitMQ <b>4.x</b> broker: registers
 * {@link BrokerExtension}, tags the tests {@code integration} and {@code rabbitmq4}, and makes every
 * {@link RabbitMQBroker} parameter resolve to a 4.x broker, found once per test run in this order:
 * <ol>
 *   <li>{@code RABBITMQ4_URI} (environment variable or system property), with its HTTP API at
 *       {@code RABBITMQ4_MANAGEMENT_URI} ({@code http://host:15672}) if set;</li>
 *   <li>a broker already listening on {@code localhost:5673} (guest/guest, HTTP API on 15673), as
 *       {@code scripts/rabbitmq4.sh start} runs one;</li>
 *   <li>a Testcontainers container ({@code RABBITMQ4_IMAGE}, else {@code HARNESS_RABBITMQ_IMAGE}, else
 *       {@value #DEFAULT_IMAGE}) when Docker is available;</li>
 *   <li>otherwise the test is skipped, with a message saying why.</li>
 * </ol>
 * A broker found there that is not 4.x fails the test. Inherited: a subclass of a
 * {@link WithRabbitMQ} test class annotated with this runs the same tests against RabbitMQ 4.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(BrokerExtension.class)
@Tag("integration")
@Tag("rabbitmq4")
public @interface WithRabbitMQ4 {
    /** The image started when Docker is available and no 4.x broker is configured or local. */
    String DEFAULT_IMAGE = "rabbitmq:4.0-management";
    /** Where {@code scripts/rabbitmq4.sh} runs its broker: AMQP port. */
    int LOCAL_AMQP_PORT = 5673;
    /** Where {@code scripts/rabbitmq4.sh} runs its broker: stream protocol port. */
    int LOCAL_STREAM_PORT = 5553;
    /** Where {@code scripts/rabbitmq4.sh} runs its broker: HTTP API port. */
    int LOCAL_MANAGEMENT_PORT = 15673;
}
