package io.amqpharness.junit;

/** How the {@link BrokerExtension} obtained the broker a test runs against. */
public enum BrokerSource {
    /** The address in the {@code RABBITMQ_URI} environment variable or system property. */
    ENVIRONMENT,
    /** A throwaway Testcontainers {@code RabbitMQContainer} ({@link WithRabbitMQContainer}, or no broker configured or local). */
    CONTAINER,
    /** A broker already listening on {@code localhost:5672}. */
    LOCAL
}
