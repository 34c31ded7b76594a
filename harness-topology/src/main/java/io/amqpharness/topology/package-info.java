/**
 * What the AMQP 0.9.1 and 1.0 drivers share: their {@code BrokerControl} ({@code TopologyControl}, which
 * declares, inspects and deletes a run's topology over an AMQP 0.9.1 connection, and opens the
 * {@code --barrier} rendezvous, {@code BrokerRendezvous}), the AMQP 0.9.1 connection pool over the
 * broker's addresses ({@code ConnectionPool}) and the sentences for AMQP errors ({@code AmqpErrors}).
 */
package io.amqpharness.topology;
