package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Parsing the management API's answers, as captured from RabbitMQ 3.10.8 and 4.0.5. */
class ManagementJsonTest {

    @Test
    void queueListGivesDepthCountersRatesAndLeaderOfTheRunsQueuesInTheirOrder() {
        List<QueueSample> q = ManagementJson.queues(Fixtures.read("management-3.10-queues.json"),
                List.of("i16-probe-q", "missing", "i16-fixture-q"));
        assertThat(q).extracting(QueueSample::name).containsExactly("i16-probe-q", "i16-fixture-q");
        QueueSample quorum = q.get(0);
        assertThat(quorum.ready()).hasValue(3);
        assertThat(quorum.unacked()).hasValue(0);
        assertThat(quorum.published()).hasValue(3);
        assertThat(quorum.delivered()).as("message_stats without deliveries yet count 0").hasValue(0);
        assertThat(quorum.publishRate()).hasValue(0.0);
        assertThat(quorum.leader()).hasValue("rabbit@localhost");
        QueueSample classic = q.get(1);
        assertThat(classic.published()).hasValue(1000);
        assertThat(classic.delivered()).hasValue(1000);
        assertThat(classic.leader()).as("a classic queue's node").hasValue("rabbit@localhost");
    }

    @Test
    void amqp10QueueOnRabbitMQ4HasDepthButNoMessageCounters() {
        List<QueueSample> q = ManagementJson.queues(Fixtures.read("management-4.0-queues.json"), List.of("i16-amqp10-q"));
        assertThat(q).singleElement().satisfies(s -> {
            assertThat(s.depth()).hasValue(0);
            assertThat(s.published()).isEmpty();
            assertThat(s.delivered()).isEmpty();
            assertThat(s.leader()).hasValue("rabbit4@localhost");
        });
    }

    @Test
    void nodesGiveMemoryLimitAndAlarms() {
        List<NodeSample> nodes = ManagementJson.nodes(Fixtures.read("management-3.10-nodes.json"));
        assertThat(nodes).singleElement().satisfies(n -> {
            assertThat(n.name()).isEqualTo("rabbit@localhost");
            assertThat(n.memoryBytes().getAsLong()).isPositive();
            assertThat(n.memoryLimitBytes().getAsLong()).isGreaterThan(n.memoryBytes().getAsLong());
            assertThat(n.alarms()).isEmpty();
        });
        List<NodeSample> alarmed = ManagementJson.nodes("[{\"name\":\"rabbit@a\",\"running\":true,\"mem_used\":10,"
                + "\"mem_limit\":5,\"mem_alarm\":true,\"disk_free_alarm\":true,\"uptime\":394832},"
                + "{\"name\":\"rabbit@b\",\"running\":false}]");
        assertThat(alarmed).singleElement().satisfies(n -> {
            assertThat(n.alarms()).containsExactly("memory", "disk");
            assertThat(n.uptime()).hasValue(java.time.Duration.ofMillis(394_832));
        });
        assertThat(nodes.get(0).uptime()).as("not asked for in this capture").isEmpty();
    }

    @Test
    void overviewGivesConnectionAndChannelTotals() {
        OptionalLong[] totals = ManagementJson.totals(Fixtures.read("management-4.0-overview.json"));
        assertThat(totals[0]).isPresent();
        assertThat(totals[1]).isPresent();
        assertThat(ManagementJson.totals("{}")[0]).isEmpty();
    }

    @Test
    void anAnswerThatIsNotTheExpectedJsonIsOneSentence() {
        assertThatThrownBy(() -> ManagementJson.queues("<html>login</html>", List.of("q")))
                .isInstanceOf(BrokerMetricsException.class).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> ManagementJson.nodes("{\"error\":\"x\"}"))
                .isInstanceOf(BrokerMetricsException.class).hasMessageContaining("not a JSON array");
    }
}
