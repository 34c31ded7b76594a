package io.amqpharness.amqp091;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.RunsAgain;
import io.amqpharness.junit.WithRabbitMQ4;

/**
 * {@link BacklogIT} against a RabbitMQ 4.x broker: the quorum queue's backlog drained by ten consumers
 * arriving at once (4.x changed how quorum queues deliver to many consumers); the harness-side tests are
 * left out ({@code @BrokerIndependent}).
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_4, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ4
@RunsAgain
class BacklogOnRabbitMQ4IT extends BacklogIT {
    BacklogOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }
}
