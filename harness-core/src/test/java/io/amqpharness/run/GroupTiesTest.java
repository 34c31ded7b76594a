package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.scenario.Scenario;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How the groups of one run are tied: names, own publishers, the start together, the end together. */
class GroupTiesTest {
    @Test
    void groupsShareARunIdPrefixSoEveryGroupsPublishersAreOwn() {
        GroupTies ties = new GroupTies("k3x9pq", 2, () -> { });
        GroupTies.Tie probe = ties.tie("probe");
        assertThat(probe.runId()).isEqualTo("k3x9pq-probe");
        assertThat(probe.ownPrefix("k3x9pq-probe")).isEqualTo("k3x9pq-");
        assertThat(probe.ownPrefix("host-1-k3x9pq-probe")).isEqualTo("host-1-k3x9pq-");
        // The other group's publisher is own; another run's is not.
        assertThat("k3x9pq-load-p0").startsWith(probe.ownPrefix("k3x9pq-probe"));
        assertThat("k3x9pr-load-p0").doesNotStartWith(probe.ownPrefix("k3x9pq-probe"));
    }

    @Test
    void noGroupStartsBeforeEveryGroupsLinksAreOpen() throws Exception {
        GroupTies ties = new GroupTies("r", 2, () -> { });
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> ties.tie("a").linksOpenAwaitAll(() -> false));
        Thread.sleep(200);
        assertThat(first).isNotDone();
        ties.tie("b").linksOpenAwaitAll(() -> false);
        first.get(5, TimeUnit.SECONDS);
    }

    @Test
    void groupsSetUpOneAtATimeAndStartTogether() throws Exception {
        GroupTies ties = new GroupTies("r", 2, () -> { });
        GroupTies.Tie a = ties.tie("a");
        GroupTies.Tie b = ties.tie("b");
        a.setUpTurn();
        CompletableFuture<Void> bSetsUp = CompletableFuture.runAsync(b::setUpTurn);
        Thread.sleep(200);
        assertThat(bSetsUp).isNotDone(); // a connects and opens its links first
        CompletableFuture<Void> aStarts = CompletableFuture.runAsync(() -> a.linksOpenAwaitAll(() -> false));
        bSetsUp.get(5, TimeUnit.SECONDS);
        assertThat(aStarts).isNotDone(); // a waits for b's links
        b.linksOpenAwaitAll(() -> false);
        aStarts.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aGroupThatNeverOpensItsLinksReleasesAndStopsTheOthers() throws Exception {
        AtomicInteger stops = new AtomicInteger();
        GroupTies ties = new GroupTies("r", 2, stops::incrementAndGet);
        GroupTies.Tie a = ties.tie("a");
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> a.linksOpenAwaitAll(() -> false));
        CompletableFuture<Void> failed = CompletableFuture.runAsync(() -> ties.tie("b").drainedAwaitAll());
        waiting.get(5, TimeUnit.SECONDS);
        assertThat(stops.get()).isEqualTo(1);
        assertThat(failed).isNotDone(); // it waits for a to drain before anything is deleted
        a.drainedAwaitAll();
        failed.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aFailedGroupStopsEveryGroupAndAPassedOneDoesNot() {
        AtomicInteger stops = new AtomicInteger();
        GroupTies ties = new GroupTies("r", 2, stops::incrementAndGet);
        ties.tie("a").ended(false);
        assertThat(stops.get()).isZero();
        ties.tie("b").ended(true);
        assertThat(stops.get()).isEqualTo(1);
    }

    @Test
    void aMessageRefusedToOneGroupsPublisherIsNotLostToAnotherGroupsConsumerOfTheQueue() {
        GroupTies ties = new GroupTies("r", 2, () -> { });
        GroupTies.Tie pub = ties.tie("pub");
        GroupTies.Tie sub = ties.tie("sub");
        SequenceCheckers published = new SequenceCheckers(new io.amqpharness.measure.Counters(), "r-", false, false,
                false);
        io.amqpharness.measure.Counters counts = new io.amqpharness.measure.Counters();
        SequenceCheckers consumed = new SequenceCheckers(counts, "r-", false, false, false);
        pub.reads(published, List.of("shared", "pub-only"));
        sub.reads(consumed, List.of("shared"));
        io.amqpharness.measure.Integrity checker = consumed.forConsumer("shared", 0);
        published.refusals(List.of("shared", "pub-only"), "r-pub-p0").accept(2);
        published.inDoubt(List.of("shared"), "r-pub-p0").accept(4);
        checker.arrive("r-pub-p0", 1, false);
        checker.arrive("r-pub-p0", 3, false);
        checker.arrive("r-pub-p0", 4, false);
        assertThat(consumed.missing()).isZero();
        assertThat(counts.snapshot().inDoubtArrived()).isEqualTo(1);
        // Without the tie, the refused message 2 would be missing, and 4 an expected delivery.
        SequenceCheckers alone = new SequenceCheckers(new io.amqpharness.measure.Counters(), "r-", false, false, false);
        io.amqpharness.measure.Integrity unaware = alone.forConsumer("shared", 0);
        unaware.arrive("r-pub-p0", 1, false);
        unaware.arrive("r-pub-p0", 3, false);
        unaware.arrive("r-pub-p0", 4, false);
        assertThat(alone.missing()).isEqualTo(1);
    }

    @Test
    void groupNamesGoIntoQueueNamesAndAreUnique() {
        LoadRunner runner = new LoadRunner(Scenario.builder().build());
        assertThatThrownBy(() -> new GroupedRun.Group("Probe", runner)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GroupedRun(List.of(new GroupedRun.Group("a", runner),
                new GroupedRun.Group("a", new LoadRunner(Scenario.builder().build())))))
                .hasMessageContaining("two groups are named a");
        assertThatThrownBy(() -> new GroupedRun(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
