package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.amqpharness.junit.BrokerIndependent.Why;
import io.amqpharness.junit.BrokerIndependent;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The workload model's options over AMQP 1.0, checked against the broker. */
@WithRabbitMQ
class Amqp10WorkloadIT {
    private final RabbitMQBroker broker;

    Amqp10WorkloadIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).protocol("amqp10").interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20));
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void randomRoutingKeysTravelAsTheSubjectToAnExchange() {
        RunResult r = new LoadRunner(scenario().exchange(unique("it10-topic")).exchangeType(ExchangeType.TOPIC)
                .bindingKey("#").randomRoutingKey(true).producerMessageCount(300).confirm(50).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(300);
        assertThat(r.counts().consumed()).as("every random key matched '#'").isEqualTo(300);
    }

    @Test
    void fanoutToSeveralQueuesOverAmqp10() {
        RunResult r = new LoadRunner(scenario().exchange(unique("it10-fanout")).exchangeType(ExchangeType.FANOUT)
                .queues(List.of(unique("it10-a"), unique("it10-b"))).consumers(2).producerMessageCount(200)
                .confirm(20).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(400);
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void messagePropertiesReachTheBroker() throws Exception {
        String queue = unique("it10-props");
        try {
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(2).confirm(2)
                    .contentType("application/json").priority(5).build()).run();
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                GetResponse m = ch.basicGet(queue, true);
                assertThat(m.getProps().getContentType()).isEqualTo("application/json");
                assertThat(m.getProps().getPriority()).isEqualTo(5);
            }
        } finally {
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                ch.queueDelete(queue);
            }
        }
    }

    @Test
    void creditWindowAndConfirmWindowStepLive() {
        RunResult r = new LoadRunner(scenario().rate(200).step(StepSetting.QOS, 5, 100).step(StepSetting.CONFIRM, 2, 50)
                .stepDuration(Duration.ofSeconds(1)).warmup(Duration.ZERO).build()).run(); // totals: the two steps'
        assertThat(r.failure()).isEmpty();
        assertThat(r.steps()).hasSize(2);
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published()).isEqualTo(400);
    }

    @Test
    void rejectedAndReleasedDeliveries() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).producerMessageCount(300).confirm(50)
                .qos(50).rejectRate(20).nackRate(10).requeueRate(50).drainTimeout(Duration.ofSeconds(5)).build()).run();
        assertThat(r.counts().unique()).isEqualTo(300);
        assertThat(r.counts().consumerRejected() + r.counts().consumerNacked()).isPositive();
        assertThat(r.counts().redelivered()).isPositive();
        assertThat(r.counts().duplicated()).isZero();
    }

    @Test
    void anAutoAckConsumerThatLeavesKeepsWhatTheBrokerSentItPreSettled() {
        // With auto-ack the broker settles each delivery as it sends it: what was on its way to the
        // consumer that leaves after the first step is not coming back, so dropping it counted as lost.
        RunResult r = new LoadRunner(scenario().autoAck(true).rate(2_000).step(StepSetting.CONSUMERS, 2, 1)
                .stepDuration(Duration.ofSeconds(2)).warmup(Duration.ZERO).build()).run(); // no 5 s warm-up: not tested here
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().unique()).isEqualTo(r.counts().published());
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    @BrokerIndependent(Why.NO_BROKER) // the scenario's validation
    void optionsWithoutMeaningInAmqp10AreRejected() {
        Scenario s = scenario().txSize(10).polling(true).build();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> io.amqpharness.run.Preflight.check(s))
                .hasMessageContaining("--tx-size only applies to --protocol amqp091")
                .hasMessageContaining("--polling only applies to --protocol amqp091");
    }
}
