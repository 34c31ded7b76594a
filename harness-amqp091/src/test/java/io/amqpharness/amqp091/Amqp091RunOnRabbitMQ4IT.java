package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * The tests of {@link Amqp091RunIT} whose outcome depends on the broker's generation, against a RabbitMQ 4.x
 * broker: the queue types (4.x changed classic queue storage, quorum defaults and streams) and stream offsets.
 * AMQP 0.9.1 itself did not change, so the tests of the harness's own side (confirm and ack windows, goals,
 * time limits, returns, topology declared and kept, error sentences) run once, on 3.x: overriding them without
 * {@code @Test} leaves them out here. 4.x's changed defaults have tests of their own in Amqp091RabbitMQ4IT.
 */
@WithRabbitMQ4
class Amqp091RunOnRabbitMQ4IT extends Amqp091RunIT {
    Amqp091RunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    protected void theConfirmWindowBoundsWhatIsInFlight() {
        // the harness's confirm window: Amqp091RunIT covers it
    }

    @Override
    protected void aTimeLimitSendsRateTimesTimeAndTheDrainReceivesEverything() {
        // the harness's time limit and ack batching: Amqp091RunIT covers it
    }

    @Override
    void ackTimeoutAcknowledgesAWindowThatNeverFills() {
        // the harness's ack timer: Amqp091RunIT covers it
    }

    @Override
    void autoAckConsumesWithoutAcks() {
        // basic.consume with no-ack, unchanged in 4.x: Amqp091RunIT covers it
    }

    @Override
    protected void aConsumersMessageGoalEndsTheRun() {
        // the harness's goal: Amqp091RunIT covers it
    }

    @Override
    void persistentMessagesCarryDeliveryModeTwoAndThePublisherIdentity() {
        // message properties the harness sets, passed through unchanged by 4.x: Amqp091RunIT covers it
    }

    @Override
    void mandatoryUnroutableMessagesAreReturnedAndCounted() {
        // basic.return, unchanged in 4.x: Amqp091RunIT covers it
    }

    @Override
    void exchangeAndRoutingKeyAreDeclaredBoundAndDeleted() {
        // exchange declare, bind and delete, unchanged in 4.x: Amqp091RunIT covers it
    }

    @Override
    void bindingIsWhatTheRunAskedFor() {
        // as above: Amqp091RunIT covers it
    }

    @Override
    void predeclaredTopologyIsUsedAndKept() {
        // the harness not declaring: Amqp091RunIT covers it; a quorum queue on 4.x: eachQueueType... (QUORUM) here
    }

    @Override
    protected void aPredeclaredQueueThatIsNotThereIsOneSentence() {
        // the passive declare's 404, unchanged in 4.x: Amqp091RunIT covers it
    }

    @Override
    void existingQueueIsUsedButNotDeleted() {
        // the harness's topology bookkeeping: Amqp091RunIT covers it
    }

    @Override
    protected void aPortWhereNothingListensIsOneSentenceWithinSecondsWithoutThePassword() {
        // no broker involved (port 1): Amqp091RunIT covers it
    }

    @Override
    protected void aWrongPasswordIsOneSentenceWithoutThePassword() {
        // the 0.9.1 PLAIN refusal (ACCESS_REFUSED), unchanged in 4.x: Amqp091RunIT covers it
    }
}
