package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;

/**
 * {@link BrokerMetricsChecks} on RabbitMQ 3.10, alone: beside other classes a cold CI machine's 3.10 broker kept a
 * run's queue counter at 2,252 of 3,000 through the whole 30 s wait (Amqp10BrokerMetricsIT), and agreed at once on
 * the rerun, alone. The broker's statistics under load, not the harness's reading of them.
 */
@org.junit.jupiter.api.parallel.ResourceLock(BrokerLocks.RABBITMQ_3) // beside no other class on its broker (BrokerLocks)
@org.junit.jupiter.api.Tag("alone") // run-tests runs it after the other modules' classes, not beside them
@WithRabbitMQ
class BrokerMetricsIT extends BrokerMetricsChecks {
    BrokerMetricsIT(RabbitMQBroker broker) {
        super(broker);
    }
}
