package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.BrokerSample;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The summary's broker lines say what a figure covers: every node, one node, stream entries, consumer lag. */
class BrokerLinesTest {
    private static final long MIB = 1024 * 1024;

    private static BrokerSample last(int nodes) {
        List<BrokerSample.Node> n = new java.util.ArrayList<>();
        for (int k = 1; k <= nodes; k++) {
            n.add(new BrokerSample.Node("rabbit@n" + k, OptionalLong.of(100 * MIB), OptionalLong.of(1000 * MIB),
                    List.of(), OptionalLong.empty()));
        }
        return new BrokerSample(0, List.of(), n, OptionalLong.of(1), OptionalLong.of(0), OptionalDouble.of(0.1),
                OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.of(nodes * 100 * MIB), OptionalLong.empty(), OptionalLong.empty(), List.of(),
                OptionalLong.empty());
    }

    private static BrokerMetrics metrics(int nodes, String cpuUrl, Optional<BrokerMetrics.CrossCheck> check,
                                         Optional<BrokerMetrics.Growth> growth) {
        return new BrokerMetrics(Optional.of("management"), Optional.of("http://localhost:15681/api"),
                Optional.of(cpuUrl), Optional.empty(), 8, 0, Optional.empty(), Optional.of(last(nodes)),
                OptionalLong.of(0), OptionalLong.of(nodes * 100 * MIB), OptionalLong.of(nodes * 1000 * MIB),
                OptionalDouble.of(1.5), OptionalLong.of(3), OptionalLong.of(0), List.of(), check, growth);
    }

    private static String summary(BrokerMetrics m, boolean stream) {
        StringBuilder b = new StringBuilder();
        BrokerLines.append(b, Optional.of(m), stream);
        return b.toString();
    }

    @Test
    void aClustersMemoryAndCpuAreSaidToBeOverItsNodes() {
        String s = summary(metrics(3, "http://localhost:15701/metrics http://localhost:15702/metrics "
                + "http://localhost:15703/metrics", Optional.empty(), Optional.empty()), false);
        assertThat(s).contains("memory max 300.0 MiB of 3000.0 MiB over 3 nodes")
                .contains("CPU max 1.50 cores over 3 nodes");
    }

    @Test
    void cpuReadFromOneNodeOfAClusterIsSaidToBeThatNodes() {
        String s = summary(metrics(3, "http://localhost:15701/metrics", Optional.empty(), Optional.empty()), false);
        assertThat(s).contains("CPU max 1.50 cores on the node at http://localhost:15701/metrics only");
    }

    @Test
    void aSingleNodesLineIsAsBefore() {
        String s = summary(metrics(1, "http://localhost:15692/metrics", Optional.empty(), Optional.empty()), false);
        assertThat(s).contains("memory max 100.0 MiB of 1000.0 MiB, CPU max 1.50 cores, connections max 3, "
                + "channels max 0");
    }

    @Test
    void aStreamRunSaysEntriesConsumerLagAndWhichConnectionsTheBrokerCounts() {
        BrokerMetrics.CrossCheck check = new BrokerMetrics.CrossCheck("node", OptionalLong.of(10_738),
                OptionalLong.of(25_000), OptionalLong.of(10_738), OptionalLong.of(25_000), 0, Optional.of("agree"), true,
                Optional.empty(), OptionalInt.of(10));
        BrokerMetrics.Growth growth = new BrokerMetrics.Growth("harness", 4_832, 5_000_000_000L, 966, Optional.of(true));
        String s = summary(metrics(1, "http://localhost:15692/metrics", Optional.of(check), Optional.of(growth)), true);
        assertThat(s).contains("published 10,738 entries (harness 25,000 messages: 2,500 to 25,000 entries of up to "
                + "10), delivered 10,738 entries (harness 25,000 messages: 2,500 to 25,000 entries of up to 10): agree "
                + "(node-wide counters; the broker counts stream entries, the harness messages)");
        assertThat(s).contains("consumers fell 4,832 messages behind the stream while publishing (consumer lag, ")
                .doesNotContain("queues grew");
        assertThat(s).contains("non-stream connections max 3").doesNotContain("channels");
    }
}
