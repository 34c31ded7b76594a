package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.RunsAgain;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link BrokerMetricsChecks} whose answers differ on RabbitMQ 4.x (management on 15673,
 * Prometheus on 15693 locally): the queue depth and per-queue counters of a classic and a quorum queue
 * as the management API reports them, and the Prometheus source. The ones that only exercise the
 * harness's side run once, on 3.x: they are marked {@code @BrokerIndependent} in BrokerMetricsChecks, and
 * {@code @RunsAgain} leaves them out here (skipped, saying so).
 */
// Alone, as BrokerMetricsIT: a run whose new queue has no statistics yet is checked against the node-wide
// counters, which other classes' runs on the same broker add to (5,010 for 5,000 once beside them).
@org.junit.jupiter.api.parallel.ResourceLock(BrokerLocks.RABBITMQ_4) // beside no other class on its broker (BrokerLocks)
@org.junit.jupiter.api.Tag("alone") // run-tests runs it after the other modules' classes, not beside them
@WithRabbitMQ4
@RunsAgain
class BrokerMetricsOnRabbitMQ4IT extends BrokerMetricsChecks {
    BrokerMetricsOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
