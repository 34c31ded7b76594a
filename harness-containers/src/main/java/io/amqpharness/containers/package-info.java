/**
 * Throwaway RabbitMQ brokers in Docker, through Testcontainers: {@code Containers} starts them
 * (removed when the JVM exits), {@code StartedBroker} is one with its ports, and {@code Brokers}
 * probes an address over AMQP 0.9.1, tells whether Docker is there and starts a container.
 */
package io.amqpharness.containers;
