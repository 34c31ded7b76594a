package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * AMQP 0.9.1 where RabbitMQ 4.x changed the defaults, against a real 4.x broker. The rest of the
 * 0.9.1 run tests (every queue type, stream reading) run on 4.x through Amqp091RunOnRabbitMQ4IT.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_4, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ4
class Amqp091RabbitMQ4IT {
    private final RabbitMQBroker broker;

    Amqp091RabbitMQ4IT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** No broker metrics: these tests do not test them (BrokerMetricsIT does). */
    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500)).drainTimeout(Duration.ofSeconds(20))
                .noBrokerMetrics(true);
    }

    @Test
    void aQuorumQueueDropsAMessageRequeuedMoreOftenThanItsDeliveryLimit() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).queueArgument("x-delivery-limit", 2L)
                .producerMessageCount(10).confirm(10).nackRate(100).requeueRate(100).qos(10)
                .exitWhen(ExitWhen.EMPTY).time(Duration.ofSeconds(10)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).as("each message delivered 1 + 2 times").isEqualTo(30);
        assertThat(r.counts().redelivered()).isEqualTo(20);
        assertThat(r.leftInQueues()).hasValue(0);
    }

    @Test
    void quorumQueuesHaveADefaultDeliveryLimitOf20() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).producerMessageCount(2).confirm(2)
                .nackRate(100).requeueRate(100).qos(2).exitWhen(ExitWhen.EMPTY).time(Duration.ofSeconds(10)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).as("3.x would redeliver for ever").isEqualTo(2 * 21);
        assertThat(r.leftInQueues()).hasValue(0);
    }
}
