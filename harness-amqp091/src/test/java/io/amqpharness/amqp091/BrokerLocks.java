package io.amqpharness.amqp091;

/**
 * Names of the brokers this module's integration test classes lock, for {@code @ResourceLock}: failsafe runs the
 * classes beside each other (pom.xml). A class that reads a broker's node-wide counters, which every run on that
 * broker adds to, holds its broker's lock for writing; every other class holds the lock of the broker it runs on
 * for reading. So the two classes of broker metrics, one on each broker, run beside each other, but beside no
 * other class on their broker.
 */
final class BrokerLocks {
    /** The local RabbitMQ 3.10 broker ({@code @WithRabbitMQ}). */
    static final String RABBITMQ_3 = "rabbitmq-3.10";
    /** The RabbitMQ 4.0 of {@code scripts/rabbitmq4.sh} ({@code @WithRabbitMQ4}). */
    static final String RABBITMQ_4 = "rabbitmq-4.0";

    private BrokerLocks() {
    }
}
