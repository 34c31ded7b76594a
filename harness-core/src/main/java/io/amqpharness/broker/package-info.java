/**
 * The broker's side of a run, read once per interval from its management API or Prometheus endpoint:
 * queue depth, memory, CPU, connections, the quorum leader, and a cross-check of its message counts
 * against the harness's.
 */
package io.amqpharness.broker;
