/**
 * The broker's side of a run, read once per interval ({@code BrokerMonitor}, on its own thread) from
 * its management API or Prometheus endpoint, one node after another on a cluster
 * ({@code FailoverSource}): queue depth, memory, CPU, connections, the quorum leader; leaders that
 * moved and nodes that dropped out ({@code ClusterEvents}); how much the queues grew while publishing
 * ({@code QueueGrowth}); and a cross-check of the broker's message counts against the harness's
 * ({@code CrossCheck}), told to the user in sentences ({@code BrokerNotes}).
 */
package io.amqpharness.broker;
