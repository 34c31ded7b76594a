package io.amqpharness.cli;

/**
 * Names of the brokers that integration test classes lock, for {@code @ResourceLock}: failsafe runs
 * the classes beside each other (pom.xml). A class that stops, restarts or alarms a broker holds its
 * lock for writing, a class that only uses it holds it for reading. The RabbitMQ 3.10 broker the
 * other classes use has no lock: no class in this module changes anything on it that another class
 * would see (queues, exchanges and instances have names of their own). The longest classes start
 * first ({@code @Order}), so that the others fill the time beside them.
 */
final class SharedBrokers {
    /** The RabbitMQ 4.0 of {@code scripts/rabbitmq4.sh} (AMQP 5673, TLS 5674, stream 5553). */
    static final String RABBITMQ_4 = "rabbitmq-4.0";
    /** The 3-node RabbitMQ 4.0 cluster of {@code scripts/rabbitmq-cluster.sh} (5681-5683). */
    static final String CLUSTER = "rabbitmq-cluster";

    private SharedBrokers() {
    }
}
