package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Many connections over AMQP 1.0 through the protocol-neutral core: concurrent opening with links
 * spread over connections, idle connections and connection churn. Short runs, few connections.
 */
@WithRabbitMQ
class Amqp10ScaleIT {
    private final RabbitMQBroker broker;

    Amqp10ScaleIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().protocol("amqp10").uri(broker.uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true);
    }

    @Test
    void connectionsOpenAtOnceWithTheirLinksSpreadAndIdleOnesHeld() {
        RunResult r = new LoadRunner(scenario().producers(10).producerChannelCount(2).consumers(10).rate(10).confirm(10)
                .idleConnections(20).idleChannels(2).time(Duration.ofSeconds(2)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.connections().opened()).isEqualTo(40);
        assertThat(r.connections().idle()).isEqualTo(20);
        assertThat(r.counts().published()).as("20 publishers x 10 msg/s x 2 s").isEqualTo(400);
        assertThat(r.counts().confirmed()).isEqualTo(400);
        assertThat(r.counts().consumed()).isEqualTo(400);
    }

    @Test
    void churnOpensAndClosesConnectionsWhileTrafficRuns() {
        RunResult r = new LoadRunner(scenario().producers(1).consumers(1).rate(50).churnRate(20)
                .churnHold(Duration.ofMillis(300)).time(Duration.ofSeconds(2)).build()).run();
        assertThat(r.failure()).isEmpty();
        ConnectionStats.Churn churn = r.connections().churn().orElseThrow();
        // 20/s for 2 s: at most 41 (a busy machine, with other test classes beside this one, opens fewer), and some.
        assertThat(churn.opened()).as("20/s for 2 s").isBetween(1L, 41L);
        assertThat(churn.closed()).isEqualTo(churn.opened());
        assertThat(churn.failed()).isZero();
        assertThat(r.latency(Metric.CHURN_OPEN).count()).isEqualTo(churn.opened());
        assertThat(r.counts().published()).isEqualTo(100);
        assertThat(r.counts().consumed()).isEqualTo(100);
    }
}
