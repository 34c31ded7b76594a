package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link BrokerMetricsChecks} whose answers differ on RabbitMQ 4.x (management on 15673,
 * Prometheus on 15693 locally): the queue depth and per-queue counters of a classic and a quorum queue
 * as the management API reports them, and the Prometheus source. The ones that only exercise the
 * harness's side run once, on 3.x: overriding them without {@code @Test} leaves them out here.
 */
// Alone, as BrokerMetricsIT: a run whose new queue has no statistics yet is checked against the node-wide
// counters, which other classes' runs on the same broker add to (5,010 for 5,000 once beside them).
@org.junit.jupiter.api.parallel.Isolated
@WithRabbitMQ4
class BrokerMetricsOnRabbitMQ4IT extends BrokerMetricsChecks {
    BrokerMetricsOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    void anotherPublisherOnTheRunsQueueMakesTheCountsDifferAndTheNoteSaysByHowMuch() {
        // The same per-queue publish counter that theBrokerSeesTheQueueFill and countsAgree read on 4.x; the
        // difference is the harness's arithmetic (CrossCheckTest), and the 3.x run covers it and its note end to end.
    }

    @Override
    void queuesThatGrowWhilePublishingGetANoteWithTheRateAndWhatToDo() {
        // Growth by the harness's own counts, and the note from them: broker-independent, BrokerMetricsIT covers it
    }

    @Override
    void messagesAFullQueueRefusedAreNotCountedAsGrowth() {
        // Growth by the harness's counts, the publishes the broker refused left out (x-overflow reject-publish,
        // unchanged in 4.x): BrokerMetricsIT covers it
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
