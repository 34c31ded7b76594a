package io.amqpharness.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.testing.FakeClock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConfirmTrackerTest {
    private final FakeClock clock = new FakeClock();
    private final Counters counters = new Counters();
    private final LatencyRecorder latency = new LatencyRecorder("confirm");

    private ConfirmTracker tracker(int window) {
        return new ConfirmTracker(window, window, 5_000_000_000L, counters, latency, clock);
    }

    private void send(ConfirmTracker t, long seq) {
        assertThat(t.awaitCapacity(seq, () -> false)).as("capacity for %d", seq).isTrue();
        t.register(seq, clock.nanoTime());
    }

    @Test
    void singleAcksConfirmAndRecordLatencyFromTheSend() {
        ConfirmTracker t = tracker(10);
        send(t, 1);
        clock.advanceMillis(3);
        send(t, 2);
        clock.advanceMillis(2);
        t.settled(1, false, PublishOutcome.CONFIRMED);
        t.settled(2, false, PublishOutcome.CONFIRMED);
        assertThat(counters.confirmed.sum()).isEqualTo(2);
        assertThat(t.pending()).isZero();
        var h = latency.sampleInterval();
        assertThat(h.getMaxValue()).isBetween(4_990_000L, 5_010_000L);
        assertThat(h.getMinValue()).isBetween(1_990_000L, 2_010_000L);
    }

    @Test
    void multipleAckResolvesEverythingUpToTheTagOnce() {
        ConfirmTracker t = tracker(100);
        for (long s = 1; s <= 50; s++) {
            send(t, s);
        }
        t.settled(10, false, PublishOutcome.CONFIRMED); // out of order, single
        t.settled(30, true, PublishOutcome.CONFIRMED);
        assertThat(counters.confirmed.sum()).isEqualTo(30);
        assertThat(t.pending()).isEqualTo(20);
        t.settled(30, true, PublishOutcome.CONFIRMED); // duplicate: nothing more
        t.settled(50, true, PublishOutcome.CONFIRMED);
        assertThat(counters.confirmed.sum()).isEqualTo(50);
        assertThat(t.pending()).isZero();
    }

    @Test
    void nacksAreCountedApartAndFreeTheWindow() {
        ConfirmTracker t = tracker(4);
        for (long s = 1; s <= 4; s++) {
            send(t, s);
        }
        assertThat(t.awaitCapacity(5, () -> false)).isFalse();
        t.settled(2, true, PublishOutcome.NACKED);
        t.settled(3, false, PublishOutcome.CONFIRMED);
        t.settled(4, false, PublishOutcome.NACKED);
        assertThat(counters.nacked.sum()).isEqualTo(3);
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        assertThat(latency.sampleInterval().getTotalCount()).as("nacks record no confirm latency").isEqualTo(1);
        assertThat(t.awaitCapacity(5, () -> false)).isTrue();
    }

    @Test
    void refusedMessagesAreReportedSoConsumersDoNotExpectThem() {
        java.util.List<Long> refused = new java.util.ArrayList<>();
        ConfirmTracker t = new ConfirmTracker(10, 10, 5_000_000_000L, counters, latency, clock, refused::add);
        for (long s = 1; s <= 6; s++) {
            send(t, s);
        }
        byte[] body = new byte[12];
        PayloadCodec.write(body, 5, 0);
        t.returned(body, 0, body.length);
        t.settled(2, true, PublishOutcome.NACKED);
        t.settled(3, false, PublishOutcome.CONFIRMED);
        t.settled(4, false, PublishOutcome.RELEASED);
        t.settled(6, true, PublishOutcome.CONFIRMED);
        assertThat(refused).containsExactly(1L, 2L, 4L, 5L);
    }

    @Test
    void returnedMessageIsCountedAsReturnedWhenItsAckArrives() {
        ConfirmTracker t = tracker(10);
        send(t, 1);
        send(t, 2);
        byte[] body = new byte[12];
        PayloadCodec.write(body, 2, 0);
        t.returned(body, 0, body.length);
        t.settled(2, true, PublishOutcome.CONFIRMED);
        assertThat(counters.returned.sum()).isEqualTo(1);
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        assertThat(t.pending()).isZero();
    }

    @Test
    void timeoutCountsOnceAndALateAckIsReportedAsLate() {
        ConfirmTracker t = tracker(10);
        send(t, 1);
        send(t, 2);
        clock.advanceMillis(4_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isZero();
        clock.advanceMillis(1_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(2);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isZero();
        assertThat(t.pending()).isZero();
        t.settled(2, true, PublishOutcome.CONFIRMED);
        assertThat(counters.timedOut.sum()).isEqualTo(2);
        assertThat(counters.confirmed.sum()).isZero();
        assertThat(counters.lateOutcomes.sum()).isEqualTo(2);
    }

    @Test
    void aRefusalThatComesAfterTheTimeoutIsStillReportedSoConsumersDoNotExpectTheMessage() {
        java.util.List<Long> refused = new java.util.ArrayList<>();
        ConfirmTracker t = new ConfirmTracker(10, 10, 5_000_000_000L, counters, latency, clock, refused::add);
        send(t, 1);
        send(t, 2);
        send(t, 3);
        clock.advanceMillis(5_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(3);
        t.settled(1, false, PublishOutcome.NACKED);
        t.settled(2, false, PublishOutcome.CONFIRMED);
        byte[] body = new byte[12];
        PayloadCodec.write(body, 3, 0);
        t.returned(body, 0, body.length); // a mandatory return, then its ack
        t.settled(3, false, PublishOutcome.CONFIRMED);
        assertThat(refused).containsExactly(1L, 3L);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(3);
        assertThat(counters.timedOut.sum()).isEqualTo(3);
        assertThat(counters.nacked.sum() + counters.returned.sum()).isZero(); // each counted once, as timed out
    }

    @Test
    void aLateRefusalIsReportedEvenAfterALaterMessageTookItsSlot() {
        java.util.List<Long> refused = new java.util.ArrayList<>();
        ConfirmTracker t = new ConfirmTracker(2, 2, 5_000_000_000L, counters, latency, clock, refused::add);
        for (long s = 1; s <= 6; s += 2) { // 4 slots: 5 takes 1's, 6 takes 2's
            send(t, s);
            send(t, s + 1);
            clock.advanceMillis(5_000);
            assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(2);
        }
        send(t, 7); // takes the slot of 3
        t.settled(1, false, PublishOutcome.RELEASED);
        byte[] body = new byte[12];
        PayloadCodec.write(body, 2, 0);
        t.returned(body, 0, body.length);
        t.settled(2, false, PublishOutcome.CONFIRMED);
        t.settled(4, true, PublishOutcome.NACKED); // 3 and 4, one multiple nack
        t.settled(7, false, PublishOutcome.CONFIRMED);
        assertThat(refused).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(4);
    }

    @Test
    void aLateVerdictCountsAsLateEvenAfterALaterMessageTookItsSlot() {
        ConfirmTracker t = tracker(2); // 4 slots: message 5 takes message 1's slot
        for (long s = 1; s <= 4; s += 2) {
            send(t, s);
            send(t, s + 1);
            clock.advanceMillis(5_000);
            assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(2);
        }
        send(t, 5); // slot of 1, timed out
        send(t, 6); // slot of 2, timed out
        t.settled(1, false, PublishOutcome.CONFIRMED);
        t.settled(2, true, PublishOutcome.CONFIRMED);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(2);
        t.settled(2, false, PublishOutcome.CONFIRMED); // said twice: counted once
        assertThat(counters.lateOutcomes.sum()).isEqualTo(2);
        t.settled(6, true, PublishOutcome.CONFIRMED);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(4);
        assertThat(counters.timedOut.sum()).isEqualTo(4);
        assertThat(counters.confirmed.sum()).isEqualTo(2);
    }

    @Test
    void fuzzEveryTimedOutMessageAnsweredLaterIsOneLateOutcome() {
        ConfirmTracker t = new ConfirmTracker(4, 4, 1_000_000L, counters, latency, clock);
        java.util.Random random = new java.util.Random(12);
        java.util.ArrayDeque<Long> owed = new java.util.ArrayDeque<>();
        long seq = 0;
        for (int round = 0; round < 200_000; round++) {
            while (t.hasCapacity(seq + 1)) {
                seq++;
                t.register(seq, clock.nanoTime());
                owed.add(seq);
            }
            clock.advanceNanos(random.nextInt(700_000));
            t.sweepTimeouts(clock.nanoTime());
            int answers = Math.min(owed.size(), random.nextInt(3));
            if (answers > 1 && random.nextBoolean()) {
                long tag = 0;
                for (int i = 0; i < answers; i++) {
                    tag = owed.poll();
                }
                t.settled(tag, true, PublishOutcome.CONFIRMED);
            } else {
                for (int i = 0; i < answers; i++) {
                    t.settled(owed.poll(), false, PublishOutcome.CONFIRMED);
                }
            }
        }
        while (!owed.isEmpty()) {
            t.settled(owed.poll(), false, PublishOutcome.CONFIRMED);
        }
        assertThat(counters.timedOut.sum()).isGreaterThan(10_000);
        assertThat(counters.confirmed.sum() + counters.timedOut.sum()).isEqualTo(seq);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(counters.timedOut.sum());
        assertThat(t.pending()).isZero();
    }

    @Test
    void abandonedMessagesAreInDoubtAndFreeTheWindow() {
        ConfirmTracker t = tracker(4);
        for (long s = 1; s <= 4; s++) {
            send(t, s);
        }
        t.settled(1, false, PublishOutcome.CONFIRMED);
        clock.advanceMillis(5_000);
        send(t, 5);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(3); // 2, 3, 4 timed out; 5 is new
        assertThat(t.abandonPending()).isEqualTo(1); // 5: the timed-out ones are counted already
        assertThat(counters.inDoubt.sum()).isEqualTo(1);
        assertThat(t.pending()).isZero();
        t.settled(5, true, PublishOutcome.CONFIRMED); // a verdict from the dead link, late: ignored
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        assertThat(counters.lateOutcomes.sum()).isZero();
        for (long s = 6; s <= 9; s++) {
            send(t, s); // the window is free for the new link
        }
        t.settled(9, true, PublishOutcome.CONFIRMED);
        assertThat(counters.confirmed.sum()).isEqualTo(5);
    }

    @Test
    void theMessageTheOldLinkNeverTookStaysPendingAndANewLinksMultipleAckResolvesIt() {
        ConfirmTracker t = tracker(10);
        for (long s = 1; s <= 3; s++) {
            send(t, s);
        }
        assertThat(t.abandonPending(3)).as("1 and 2 were on the old link; 3 never was").isEqualTo(2);
        assertThat(counters.inDoubt.sum()).isEqualTo(2);
        assertThat(t.pending()).isEqualTo(1);
        t.settled(3, true, PublishOutcome.CONFIRMED); // the new link confirms it
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        assertThat(t.pending()).isZero();
    }

    @Test
    void windowBlocksThePublisherUntilAConfirmArrives() throws Exception {
        ConfirmTracker t = tracker(2);
        send(t, 1);
        send(t, 2);
        CompletableFuture<Boolean> third = CompletableFuture.supplyAsync(() -> t.awaitCapacity(3, () -> true));
        Thread.sleep(50);
        assertThat(third).isNotDone();
        t.settled(1, false, PublishOutcome.CONFIRMED);
        assertThat(third.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aWaitingPublisherIsWokenOnceNotByEachVerdictThatFollowsBeforeItRuns() throws Exception {
        ConfirmTracker t = tracker(2);
        send(t, 1);
        send(t, 2);
        CompletableFuture<Thread> waiting = new CompletableFuture<>();
        CompletableFuture<Boolean> third = CompletableFuture.supplyAsync(() -> {
            waiting.complete(Thread.currentThread());
            return t.awaitCapacity(3, () -> true);
        });
        Thread publisher = waiting.get(5, TimeUnit.SECONDS);
        while (t.waiter() != publisher || publisher.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
        t.settled(1, false, PublishOutcome.CONFIRMED);
        // taken off by the verdict that woke it, before it ran: the next verdict does not unpark it again
        assertThat(t.waiter()).isNull();
        t.settled(2, false, PublishOutcome.CONFIRMED);
        assertThat(third.get(5, TimeUnit.SECONDS)).isTrue();
        assertThat(t.waiter()).isNull();
    }

    @Test
    void aSlowMessageHoldsItsSlotEvenWhenTheCountWouldAllowMore() {
        ConfirmTracker t = tracker(2); // ring of 4 slots
        send(t, 1);
        for (long s = 2; s <= 4; s++) {
            send(t, s);
            t.settled(s, false, PublishOutcome.CONFIRMED);
        }
        // only message 1 is pending (1 < window), but 5 would reuse its slot
        assertThat(t.awaitCapacity(5, () -> false)).isFalse();
        t.settled(1, false, PublishOutcome.CONFIRMED);
        assertThat(t.awaitCapacity(5, () -> false)).isTrue();
    }

    @Test
    void windowCanShrinkAndGrowLive() {
        ConfirmTracker t = new ConfirmTracker(1, 8, 1_000_000_000L, counters, latency, clock);
        send(t, 1);
        assertThat(t.awaitCapacity(2, () -> false)).isFalse();
        t.setWindow(8);
        assertThat(t.awaitCapacity(2, () -> false)).isTrue();
    }

    @Test
    void failureReleasesAWaitingPublisher() throws Exception {
        ConfirmTracker t = tracker(1);
        send(t, 1);
        CompletableFuture<Boolean> next = CompletableFuture.supplyAsync(() -> t.awaitCapacity(2, () -> true));
        t.failed(new RuntimeException("channel closed"));
        assertThat(next.get(5, TimeUnit.SECONDS)).isFalse();
        assertThat(t.failure()).hasMessage("channel closed");
    }

    @Test
    void releasedAndModifiedOutcomesAreCountedApartAndAReleaseIsARefusal() {
        ConfirmTracker t = tracker(10);
        java.util.List<Long> refused = new java.util.ArrayList<>();
        t = new ConfirmTracker(10, 10, 5_000_000_000L, counters, latency, clock, refused::add);
        send(t, 1);
        send(t, 2);
        t.settled(1, false, PublishOutcome.RELEASED);
        t.settled(2, false, PublishOutcome.MODIFIED);
        assertThat(counters.released.sum()).isEqualTo(1);
        assertThat(counters.modified.sum()).isEqualTo(1);
        assertThat(refused).as("released is a refusal; modified is not told as one").containsExactly(1L);
    }

    @Test
    void abandonedMessagesAreInDoubtAndToldOnceEach() {
        ConfirmTracker t = tracker(10);
        java.util.List<Long> doubted = new java.util.ArrayList<>();
        t.reportInDoubtTo(doubted::add);
        send(t, 1);
        send(t, 2);
        send(t, 3);
        t.settled(2, false, PublishOutcome.CONFIRMED);
        t.abandon(1);
        assertThat(t.abandonPending()).isEqualTo(1);
        assertThat(doubted).containsExactlyInAnyOrder(1L, 3L);
        assertThat(counters.inDoubt.sum()).isEqualTo(2);
        assertThat(t.pending()).isZero();
        assertThat(t.registered()).isEqualTo(3);
    }

    @Test
    void theWindowCanBeChangedWithinItsLimitsOnly() {
        ConfirmTracker t = new ConfirmTracker(4, 8, 5_000_000_000L, counters, latency, clock);
        t.setWindow(8);
        assertThat(t.window()).isEqualTo(8);
        for (long s = 1; s <= 8; s++) {
            send(t, s);
        }
        assertThat(t.hasCapacity(9)).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> t.setWindow(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnregisteredSendFreesItsPermitOnceAndOnlyItsOwn() {
        ConfirmTracker t = tracker(2);
        send(t, 1);
        send(t, 2);
        assertThat(t.hasCapacity(3)).isFalse();
        t.unregister(2);
        assertThat(t.pending()).isEqualTo(1);
        t.unregister(2); // once only
        t.unregister(7); // never registered
        assertThat(t.pending()).isEqualTo(1);
        assertThat(t.hasCapacity(3)).isTrue();
        t.settled(2, false, PublishOutcome.CONFIRMED); // a verdict for the unsent message counts nothing
        assertThat(counters.confirmed.sum()).isZero();
        t.settled(1, false, PublishOutcome.CONFIRMED);
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        assertThat(t.pending()).isZero();
    }

    @Test
    void abandoningOneMessageCountsItInDoubtOnceAndLeavesOthersPending() {
        ConfirmTracker t = tracker(2);
        java.util.List<Long> doubted = new java.util.ArrayList<>();
        t.reportInDoubtTo(doubted::add);
        send(t, 1);
        send(t, 2);
        t.abandon(2);
        t.abandon(2);
        t.abandon(9);
        assertThat(doubted).containsExactly(2L);
        assertThat(counters.inDoubt.sum()).isEqualTo(1);
        assertThat(t.pending()).isEqualTo(1);
        assertThat(t.hasCapacity(3)).isTrue();
        t.settled(1, false, PublishOutcome.CONFIRMED);
        assertThat(counters.confirmed.sum()).isEqualTo(1);
    }

    @Test
    void blocksAndCreditWaitsReachTheGateAndNothingWithoutOne() {
        ConfirmTracker t = tracker(2);
        t.blocked(true, "low on memory"); // no gate yet: ignored
        t.creditWait(true, java.time.Duration.ofMillis(5));
        io.amqpharness.measure.FlowBlocks blocks = new io.amqpharness.measure.FlowBlocks(clock);
        t.reportBlocksTo(blocks.gate());
        t.blocked(true, "low on disk");
        clock.advanceMillis(100);
        t.blocked(false, null);
        t.creditWait(true, java.time.Duration.ofMillis(20));
        clock.advanceMillis(30);
        t.creditWait(false, java.time.Duration.ZERO);
        var summary = blocks.summary();
        assertThat(summary.episodes()).isEqualTo(1);
        assertThat(summary.reasons()).containsExactly("low on disk");
        assertThat(summary.time()).isEqualTo(java.time.Duration.ofMillis(100));
        assertThat(summary.creditWaits()).isEqualTo(1);
        assertThat(summary.creditWait()).isEqualTo(java.time.Duration.ofMillis(50));
    }

    @Test
    void aSweepWithNothingPendingTimesNothingOutAndAReturnedMessageThatTimesOutCountsAsReturned() {
        java.util.List<Long> refused = new java.util.ArrayList<>();
        ConfirmTracker t = new ConfirmTracker(10, 10, 5_000_000_000L, counters, latency, clock, refused::add);
        clock.advanceMillis(10_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isZero();
        send(t, 1);
        send(t, 2);
        byte[] body = new byte[12];
        PayloadCodec.write(body, 1, 0);
        t.returned(body, 0, body.length); // its ack never comes
        t.settled(2, false, PublishOutcome.CONFIRMED);
        clock.advanceMillis(5_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(1);
        assertThat(counters.returned.sum()).isEqualTo(1);
        assertThat(counters.timedOut.sum()).isZero();
        assertThat(refused).containsExactly(1L);
        assertThat(t.pending()).isZero();
    }

    @Test
    void aReturnForATimedOutMessageWhoseSlotALaterMessageTookIsARefusalAndLeavesTheLaterOneAlone() {
        java.util.List<Long> refused = new java.util.ArrayList<>();
        ConfirmTracker t = new ConfirmTracker(2, 2, 5_000_000_000L, counters, latency, clock, refused::add);
        send(t, 1);
        send(t, 2);
        clock.advanceMillis(5_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(2);
        send(t, 3);
        send(t, 4);
        clock.advanceMillis(5_000);
        assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(2);
        send(t, 5); // 4 slots: takes timed-out 1's slot, which is now remembered apart
        byte[] body = new byte[12];
        PayloadCodec.write(body, 1, 0);
        t.returned(body, 0, body.length);
        assertThat(refused).containsExactly(1L);
        PayloadCodec.write(body, 6, 0); // never sent: nobody's
        t.returned(body, 0, body.length);
        assertThat(refused).containsExactly(1L);
        t.settled(5, false, PublishOutcome.CONFIRMED); // 5 was not flagged returned by 1's return
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        assertThat(counters.returned.sum()).isZero();
    }

    @Test
    void aMultipleRefusalExcusesTimedOutMessagesUpToItsTagOnly() {
        java.util.List<Long> refused = new java.util.ArrayList<>();
        ConfirmTracker t = new ConfirmTracker(2, 2, 5_000_000_000L, counters, latency, clock, refused::add);
        for (long s = 1; s <= 4; s += 2) {
            send(t, s);
            send(t, s + 1);
            clock.advanceMillis(5_000);
            assertThat(t.sweepTimeouts(clock.nanoTime())).isEqualTo(2);
        }
        send(t, 5); // 1 remembered apart
        send(t, 6); // 2 remembered apart
        t.settled(5, false, PublishOutcome.CONFIRMED);
        t.settled(6, false, PublishOutcome.CONFIRMED);
        send(t, 7); // 3 remembered apart
        send(t, 8); // 4 remembered apart
        t.settled(2, true, PublishOutcome.NACKED); // 1 and 2 only
        assertThat(refused).containsExactly(1L, 2L);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(2);
        t.settled(3, false, PublishOutcome.CONFIRMED);
        t.settled(4, false, PublishOutcome.CONFIRMED);
        assertThat(refused).containsExactly(1L, 2L);
        assertThat(counters.lateOutcomes.sum()).isEqualTo(4);
    }

    @Test
    void aFailedLinkRefusesTheNextSendEvenWithRoomInTheWindow() {
        ConfirmTracker t = tracker(4);
        send(t, 1);
        t.failed(new java.io.IOException("connection reset"));
        assertThat(t.hasCapacity(2)).isTrue();
        assertThat(t.awaitCapacity(2, () -> true)).isFalse();
        assertThat(t.failure()).hasMessage("connection reset");
    }

    @Test
    void abandoningReachesTheMessageInTheLastSlot() {
        ConfirmTracker t = tracker(2); // 4 slots: message 3 sits in the last one
        send(t, 1);
        send(t, 2);
        t.settled(2, true, PublishOutcome.CONFIRMED);
        send(t, 3);
        assertThat(t.abandonPending()).isEqualTo(1);
        assertThat(t.pending()).isZero();
    }

    @Test
    void theWindowStaysWithinOneAndItsMaximum() {
        ConfirmTracker t = new ConfirmTracker(4, 8, 5_000_000_000L, counters, latency, clock);
        t.setWindow(1);
        assertThat(t.window()).isEqualTo(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> t.setWindow(9))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("window 9 must be in 1..8");
        assertThat(t.window()).isEqualTo(1);
    }
}
