package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The broker's counts next to the harness's: agreement, both numbers in a note when they differ, the basis. */
class CrossCheckTest {

    private static QueueSample queue(String name, Long published, Long delivered) {
        return new QueueSample(name, OptionalLong.of(0), OptionalLong.of(0),
                published == null ? OptionalLong.empty() : OptionalLong.of(published),
                delivered == null ? OptionalLong.empty() : OptionalLong.of(delivered),
                OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty());
    }

    private static BrokerSample sample(List<QueueSample> queues, Long received, Long deliveredOnNode) {
        return new BrokerSample(Duration.ZERO, queues, List.of(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalDouble.empty(), received == null ? OptionalLong.empty() : OptionalLong.of(received),
                deliveredOnNode == null ? OptionalLong.empty() : OptionalLong.of(deliveredOnNode));
    }

    private static CrossCheck.HarnessCounts harness(long published, long delivered) {
        return new CrossCheck.HarnessCounts(published, OptionalLong.of(published), delivered, true, Optional.empty());
    }

    @Test
    void queueCountersFromTheStartOfTheRunAgreeWithTheHarness() {
        BrokerSample before = sample(List.of(queue("a", 100L, 100L)), null, null);
        BrokerSample after = sample(List.of(queue("a", 1100L, 1100L)), null, null);
        CrossCheck c = CrossCheck.of(before, after, harness(1000, 1000)).orElseThrow();
        assertThat(c.basis()).isEqualTo("queues");
        assertThat(c.agrees()).isTrue();
        assertThat(c.notes()).isEmpty();
        assertThat(c.line()).contains("published 1,000 (harness 1,000)").endsWith("agree (counters of the run's queues)");
    }

    @Test
    void aDifferenceIsANoteWithBothNumbers() {
        BrokerSample before = sample(List.of(queue("a", null, null)), null, null);
        BrokerSample after = sample(List.of(queue("a", 990L, 1000L)), null, null);
        CrossCheck c = CrossCheck.of(before, after, harness(1000, 1000)).orElseThrow();
        assertThat(c.agrees()).isFalse();
        assertThat(c.notes()).singleElement().asString()
                .contains("990 messages published into the run's queues, the harness 1,000 (difference -10)");
        assertThat(c.line()).contains("DIFFER");
    }

    @Test
    void withoutQueueCountersNodeWideCountersAreUsedAndSaidToBeNodeWide() {
        BrokerSample before = sample(List.of(queue("a", null, null)), 50L, 40L);
        BrokerSample after = sample(List.of(queue("a", null, null)), 1050L, 1540L);
        CrossCheck c = CrossCheck.of(before, after, harness(1000, 1000)).orElseThrow();
        assertThat(c.basis()).isEqualTo("node");
        assertThat(c.brokerPublished()).hasValue(1000);
        assertThat(c.notes()).singleElement().asString().contains("1,500 deliveries by the node (node-wide")
                .contains("received 1,000");
    }

    @Test
    void liveNodeWideCountersThatAgreeSettleItWhileTheQueuesCountersStillLag() {
        BrokerSample before = sample(List.of(queue("a", 0L, 0L)), 50L, 40L);
        BrokerSample lagging = sample(List.of(queue("a", 600L, 500L)), 1050L, 1040L);
        assertThat(CrossCheck.of(before, lagging, harness(1000, 1000)).orElseThrow().basis()).isEqualTo("node");
        BrokerSample busy = sample(List.of(queue("a", 1000L, 1000L)), 1250L, 1040L);
        assertThat(CrossCheck.of(before, busy, harness(1000, 1000)).orElseThrow().basis())
                .as("the run's queues when they agree and the node saw other traffic").isEqualTo("queues");
    }

    @Test
    void noCountersNoCrossCheck() {
        BrokerSample none = sample(List.of(queue("a", null, null)), null, null);
        assertThat(CrossCheck.of(none, none, harness(1, 1))).isEmpty();
    }

    @Test
    void growthFromTheBrokersDepthWhilePublishing() {
        QueueSample empty = new QueueSample("a", OptionalLong.of(0), OptionalLong.of(0), OptionalLong.empty(),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty());
        QueueSample full = new QueueSample("a", OptionalLong.of(19_000), OptionalLong.of(1_000), OptionalLong.empty(),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty());
        List<BrokerSample> samples = List.of(sample(List.of(empty), null, null),
                sample(List.of(full), null, null).at(Duration.ofSeconds(2)),
                sample(List.of(empty), null, null).at(Duration.ofSeconds(9)));
        QueueGrowth g = QueueGrowth.ofSamples(samples, Duration.ofSeconds(5)).orElseThrow();
        assertThat(g.messages()).isEqualTo(20_000);
        assertThat(g.perSecond()).isEqualTo(10_000.0);
        assertThat(g.notable()).isTrue();
        assertThat(QueueGrowth.ofCounts(100_000, 40_000, Duration.ofSeconds(10)).orElseThrow().perSecond()).isEqualTo(6_000.0);
    }
}
