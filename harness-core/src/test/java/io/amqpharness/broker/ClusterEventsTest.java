package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ClusterEventsTest {
    private static BrokerSample sample(int seconds, String leader, String... nodes) {
        QueueSample q = new QueueSample("q", OptionalLong.of(0), OptionalLong.of(0), OptionalLong.empty(),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), Optional.ofNullable(leader));
        List<NodeSample> n = java.util.Arrays.stream(nodes).map(name -> new NodeSample(name, OptionalLong.empty(),
                OptionalLong.empty(), List.of(), Optional.empty())).toList();
        return new BrokerSample(Duration.ofSeconds(seconds), List.of(q), n, OptionalLong.empty(), OptionalLong.empty(),
                OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty());
    }

    @Test
    void aLeaderThatMovesAndANodeThatLeavesAndComesBackAreEachOneSentence() {
        List<String> events = ClusterEvents.of(List.of(
                sample(0, "a", "a", "b", "c"),
                sample(6, "a", "a", "b", "c"),
                sample(7, null, "b", "c"),
                sample(8, "c", "b", "c"),
                sample(15, "c", "a", "b", "c")));
        assertThat(events).containsExactly(
                "The leader of queue q moved from a to c (seen 8.0 s into the run).",
                "Node a was down (missing from the broker's node list) from 7.0 s to 15.0 s into the run.");
    }

    @Test
    void aNodeStillDownAtTheEndIsSaidSoAndASteadyClusterSaysNothing() {
        assertThat(ClusterEvents.of(List.of(sample(0, "a", "a", "b"), sample(1, "a", "a", "b")))).isEmpty();
        assertThat(ClusterEvents.of(List.of(sample(0, "b", "a", "b"), sample(3, "b", "b"))))
                .containsExactly("Node a was down (missing from the broker's node list) from 3.0 s into the run to its end.");
    }
}
