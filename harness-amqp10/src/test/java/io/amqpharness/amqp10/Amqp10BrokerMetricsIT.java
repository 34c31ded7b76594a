package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.broker.BrokerMetricsReport;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The broker's side of an AMQP 1.0 run. RabbitMQ 3.x's AMQP 1.0 plugin works through internal
 * channels, so the run's queues have message counters; RabbitMQ 4.x keeps none for AMQP 1.0, so the
 * cross-check falls back to the node-wide counters of the Prometheus endpoint.
 */
// Alone (the RabbitMQ 4 subclass too): beside other classes a cold CI machine's 3.10 broker kept this run's queue
// counter at 2,252 of 3,000 through the whole 30 s wait; alone it agreed on the rerun at once.
@org.junit.jupiter.api.parallel.Isolated
@org.junit.jupiter.api.Tag("alone") // run-tests runs it after the other modules' classes, not beside them
@WithRabbitMQ
class Amqp10BrokerMetricsIT {
    private final RabbitMQBroker broker;

    Amqp10BrokerMetricsIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    @Test
    void theBrokersCountsAreCheckedAgainstTheHarnessesOverAmqp10() throws Exception {
        if (broker.management().isPresent()) { // its statistics may be behind after the classes before this one
            broker.management().get().awaitStatistics(Duration.ofSeconds(30));
        }
        Scenario.Builder b = Scenario.builder().protocol("amqp10").uri(broker.uri()).interval(Duration.ofMillis(500))
                .queueType(QueueType.QUORUM).producerMessageCount(3_000).confirm(100).qos(500)
                // ends as soon as the counts agree: a limit above the default 6 s costs time only when the broker lags
                .brokerMetricsWait(Duration.ofSeconds(30));
        broker.managementUri().ifPresent(u -> b.brokerMetrics(u.toString()));
        RunResult r = new LoadRunner(b.build()).run();
        assertThat(r.counts().consumed()).isEqualTo(3_000);
        BrokerMetricsReport m = r.brokerMetrics().orElseThrow();
        assertThat(m.unavailable()).isEmpty();
        assertThat(m.last().orElseThrow().leader()).as("the quorum queue's leader").isPresent();
        if (broker.majorVersion() >= 4 && m.cpuUrl().isEmpty()) {
            // No Prometheus endpoint beside the management API (a container maps its ports elsewhere): on 4.x
            // nothing counts AMQP 1.0 messages then, so there is no cross-check.
            assertThat(m.crossCheck()).isEmpty();
            return;
        }
        CrossCheck c = m.crossCheck().orElseThrow();
        if (broker.majorVersion() >= 4) {
            assertThat(c.basis()).as("no per-queue counters for AMQP 1.0 on 4.x").isEqualTo("node");
            assertThat(m.last().orElseThrow().published()).isEmpty();
            // Node-wide: other clients of a shared broker can only add to the broker's counts.
            assertThat(c.brokerPublished().getAsLong()).isGreaterThanOrEqualTo(3_000);
            assertThat(c.brokerDelivered().getAsLong()).isGreaterThanOrEqualTo(3_000);
        } else {
            assertThat(c.basis()).as("the queues' counters when the broker keeps them, else the node's").isIn("queues", "node");
            assertThat(c.brokerPublished()).hasValue(3_000);
            assertThat(c.brokerDelivered()).hasValue(3_000);
            assertThat(c.agrees()).isTrue();
        }
    }
}
