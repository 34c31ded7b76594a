/**
 * What a driver over RabbitMQ's stream protocol shares with the others' {@code BrokerControl}: the run's
 * streams (or super stream) created unless they exist and deleted if the run created them
 * ({@code StreamControl}), the {@code --barrier} rendezvous on a stream ({@code StreamRendezvous}), and
 * the sentences for the stream client's failures ({@code StreamErrors}). It needs stream-client, an
 * optional dependency of this module that the stream driver brings; it does not see the package of
 * the AMQP 0.9.1 control beside it.
 */
package io.amqpharness.topology.stream;
