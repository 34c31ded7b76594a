/**
 * RabbitMQ's stream protocol over stream-client, registered as {@code stream}: the four classes of the
 * driver SPI ({@code StreamDriverProvider}, {@code StreamDriver}, {@code StreamPublisher},
 * {@code StreamConsumer}), with its {@code BrokerControl} from harness-topology
 * ({@code io.amqpharness.topology.stream.StreamControl}: streams created and deleted over the stream
 * protocol, the {@code --barrier} rendezvous on a stream, the sentences for the client's errors); the
 * AMQP 1.0 message sections its messages carry; and what the broker can do ({@code BrokerCapabilities}).
 */
package io.amqpharness.stream;
