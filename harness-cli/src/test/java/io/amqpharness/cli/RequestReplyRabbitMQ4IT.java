package io.amqpharness.cli;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request/reply over AMQP 1.0 again on RabbitMQ 4 (v2 addresses for the reply queue, native AMQP 1.0). Left out
 * (overridden with other annotations or none): the AMQP 0.9.1 runs (a reply queue and direct reply-to, unchanged
 * in 4.x) and the usage errors, which never reach a broker; RequestReplyIT covers them on 3.x.
 */
@ResourceLock(value = SharedBrokers.RABBITMQ_4, mode = ResourceAccessMode.READ)
@WithRabbitMQ4
class RequestReplyRabbitMQ4IT extends RequestReplyIT {
    @Override
    @ParameterizedTest
    @ValueSource(strings = "amqp10")
    void everyRequestIsAnsweredAndTheRoundTripMeasured(String protocol, RabbitMQBroker broker) throws Exception {
        super.everyRequestIsAnsweredAndTheRoundTripMeasured(protocol, broker);
    }

    @Override
    void directReplyToAnswersEveryRequestWithoutAQueue(RabbitMQBroker broker) {
        // AMQP 0.9.1 direct reply-to, unchanged in 4.0: RequestReplyIT covers it
    }

    @Override
    void requestReplyNeedsConsumersAndARoundTripGateNeedsRequestReply() {
        // usage errors, no broker involved: RequestReplyIT covers them
    }
}
