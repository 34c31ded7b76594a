package io.amqpharness.cli;

import io.amqpharness.junit.WithRabbitMQ4;

/** The request/reply tests again on RabbitMQ 4 (AMQP 1.0 v2 addresses, native AMQP 1.0). */
@WithRabbitMQ4
class RequestReplyRabbitMQ4IT extends RequestReplyIT {
}
