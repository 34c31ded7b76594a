package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link BrokerMetricsIT} whose answers differ on RabbitMQ 4.x (management on 15673,
 * Prometheus on 15693 locally): depth, counters, growth and the Prometheus source. The ones that
 * only exercise the harness's side (an unreachable URL, a refused password, metrics off) run once,
 * on 3.x: overriding them without {@code @Test} leaves them out here.
 */
@WithRabbitMQ4
class BrokerMetricsOnRabbitMQ4IT extends BrokerMetricsIT {
    BrokerMetricsOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    void aMetricsUrlThatDoesNotAnswerIsOneNoteNotAFailure() {
        // broker-independent: BrokerMetricsIT covers it
    }

    @Override
    void aRefusedPasswordIsNamedAsSuchAndNeverPrinted() {
        // the management API's 401 is the same on 3.x: BrokerMetricsIT covers it
    }

    @Override
    void noBrokerMetricsMeansNoReport() {
        // broker-independent: BrokerMetricsIT covers it
    }
}
