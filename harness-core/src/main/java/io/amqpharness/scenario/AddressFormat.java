package io.amqpharness.scenario;

/**
 * How AMQP 1.0 addresses are written. RabbitMQ 3.x understands only v1 ({@code /amq/queue/Q},
 * {@code /exchange/X/RK}); 4.x prefers v2 ({@code /queues/Q}, {@code /exchanges/X/RK},
 * percent-encoded) and 4.3 refuses v1 by default.
 */
public enum AddressFormat {
    /** v1 on a 3.x broker, v2 on 4.x, chosen from the version the broker announces. */
    AUTO,
    /** {@code /amq/queue/Q}, {@code /exchange/X/RK}. */
    V1,
    /** {@code /queues/Q}, {@code /exchanges/X/RK}, percent-encoded. */
    V2
}
