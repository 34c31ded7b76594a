package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.scenario.BacklogSize;
import io.amqpharness.scenario.BacklogThen;
import io.amqpharness.scenario.Scenario;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The arithmetic of a backlog run: arrivals, when it counts as drained, how full the queues are. */
class BacklogControllerTest {

    @Test
    void consumersArriveAllAtOnceOrTheFirstAtOnceAndTheRestAtTheirRate() {
        assertThat(BacklogController.due(10, OptionalDouble.empty(), 0)).isEqualTo(10);
        assertThat(BacklogController.due(10, OptionalDouble.of(4), 0)).isEqualTo(1);
        assertThat(BacklogController.due(10, OptionalDouble.of(4), 249_000_000L)).isEqualTo(1);
        assertThat(BacklogController.due(10, OptionalDouble.of(4), 250_000_000L)).isEqualTo(2);
        assertThat(BacklogController.due(10, OptionalDouble.of(4), 2_000_000_000L)).isEqualTo(9);
        assertThat(BacklogController.due(10, OptionalDouble.of(4), 60_000_000_000L)).isEqualTo(10);
        assertThat(BacklogController.due(3, OptionalDouble.of(0.5), 1_999_000_000L)).isEqualTo(1);
    }

    @Test
    void aStoppedPublisherDrainsToEmptyAKeptOneToOnePercent() {
        assertThat(BacklogController.drainedAt(BacklogThen.DRAIN, 20_000)).isZero();
        assertThat(BacklogController.drainedAt(BacklogThen.KEEP_PUBLISHING, 20_000)).isEqualTo(200);
        assertThat(BacklogController.drainedAt(BacklogThen.KEEP_PUBLISHING, 50)).isZero();
    }

    @Test
    void theLevelIsWhatEnteredTheQueuesLessWhatArrivedByTheCountsWhenTheTopologyTells() {
        // published 1,000 of which 10 nacked and 5 returned; fanout to 2 queues; 300 first deliveries
        CountSnapshot c = new CountSnapshot(1_000, 990, 10, 5, 0, 0, 0, 0, 300, 0, 0, 0, 0, 300, 300, 0, 0, 0, 0,
                0, 0, 0, 0, 0);
        assertThat(BacklogController.BacklogLevel.ofCounts(c, 2)).isEqualTo((1_000 - 15) * 2 - 300);
        AtomicInteger reads = new AtomicInteger();
        BacklogController.BacklogLevel byCounts = new BacklogController.BacklogLevel(() -> c, OptionalInt.of(2), () -> {
            reads.incrementAndGet();
            return OptionalLong.of(7);
        });
        assertThat(byCounts.now(1)).hasValue(1_670);
        assertThat(reads).as("the broker is not asked when the counts tell").hasValue(0);
    }

    @Test
    void withoutKnownCopiesTheBrokersDepthIsReadAtMostEveryHundredMilliseconds() {
        AtomicInteger reads = new AtomicInteger();
        BacklogController.BacklogLevel byDepth = new BacklogController.BacklogLevel(() -> CountSnapshot.ZERO,
                OptionalInt.empty(), () -> OptionalLong.of(reads.incrementAndGet()));
        assertThat(byDepth.now(1_000)).hasValue(1);
        assertThat(byDepth.now(1_000 + BacklogController.DEPTH_POLL_NANOS - 1)).hasValue(1);
        assertThat(byDepth.now(1_000 + BacklogController.DEPTH_POLL_NANOS)).hasValue(2);
    }

    @Test
    void aSizeInBytesIsThatManyBodiesOfTheMeanSize() {
        assertThat(BacklogSize.parse("100000")).hasValue(BacklogSize.ofMessages(100_000));
        assertThat(BacklogSize.parse("50mb")).hasValue(BacklogSize.ofBytes(50L * 1024 * 1024));
        assertThat(BacklogSize.ofBytes(50L * 1024 * 1024).messages(1024)).isEqualTo(51_200);
        assertThat(BacklogSize.ofBytes(1000).messages(300)).isEqualTo(4);
        assertThat(BacklogSize.parse("-1")).isEmpty();
        assertThat(Scenario.builder().backlog(BacklogSize.ofMessages(500)).consumers(2).build().run().backlog())
                .hasValueSatisfying(b -> assertThat(b.then()).isEqualTo(BacklogThen.KEEP_PUBLISHING));
    }
}
