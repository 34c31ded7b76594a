package io.amqpharness.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class (or method) that runs against a <b>throwaway RabbitMQ container</b>, even
 * where a broker is configured or running locally: registers {@link BrokerExtension}, tags the tests
 * {@code integration} and {@code container}, and makes every {@link RabbitMQBroker} parameter
 * resolve to one Testcontainers container per test run, shared by every test so marked:
 * <ul>
 *   <li>its image is {@code HARNESS_RABBITMQ_IMAGE} (environment variable or system property; the
 *       older {@code RABBITMQ_IMAGE} is still read first), else {@code rabbitmq:4.1-management}; where
 *       no registry can be reached, {@code scripts/build-images.sh} makes {@code amqp-harness/rabbitmq:4.0.5};</li>
 *   <li>it has the stream, AMQP 1.0, management and Prometheus plugins, and its ports are published
 *       on 127.0.0.1 only;</li>
 *   <li>it is removed at the end of the test run, and by a shutdown hook if the JVM is stopped first;</li>
 *   <li>without a Docker engine, or when the image is not there and cannot be pulled, the tests are
 *       skipped with a sentence saying why; a container that never becomes ready fails them with the
 *       last lines of its log.</li>
 * </ul>
 * Combined with {@link WithRabbitMQ4}, the image defaults to that annotation's and must be a 4.x one.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(BrokerExtension.class)
@Tag("integration")
@Tag("container")
public @interface WithRabbitMQContainer {
}
