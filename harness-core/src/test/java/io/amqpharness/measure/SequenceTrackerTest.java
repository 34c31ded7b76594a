package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.SequenceTracker.Arrival;
import org.junit.jupiter.api.Test;

class SequenceTrackerTest {

    @Test
    void inOrderArrivalsAreFirstAndNothingIsMissing() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 1; s <= 10_000; s++) {
            assertThat(t.arrive(s, false)).isEqualTo(Arrival.FIRST);
        }
        assertThat(t.missing()).isZero();
        assertThat(t.highest()).isEqualTo(10_000);
    }

    @Test
    void secondArrivalIsADuplicateUnlessFlaggedRedelivered() {
        SequenceTracker t = new SequenceTracker();
        t.arrive(1, false);
        t.arrive(2, false);
        assertThat(t.arrive(2, false)).isEqualTo(Arrival.DUPLICATE);
        assertThat(t.arrive(1, true)).isEqualTo(Arrival.REDELIVERY);
        assertThat(t.arrive(1, false)).isEqualTo(Arrival.DUPLICATE);
    }

    @Test
    void gapsBelowTheHighestAreMissingUntilTheyArrive() {
        SequenceTracker t = new SequenceTracker();
        for (long s : new long[] {1, 2, 5, 6, 9}) {
            t.arrive(s, false);
        }
        assertThat(t.missing()).isEqualTo(4); // 3, 4, 7, 8
        assertThat(t.arrive(4, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.missing()).isEqualTo(3);
    }

    @Test
    void windowGrowsForReorderingAndGivesUpOnlyBeyondTheMaximum() {
        SequenceTracker t = new SequenceTracker();
        // 1 is late by 50k messages: within the maximum window, it is not declared lost.
        for (long s = 2; s <= 50_000; s++) {
            t.arrive(s, false);
        }
        assertThat(t.declaredLost()).isZero();
        assertThat(t.arrive(1, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.missing()).isZero();
    }

    @Test
    void aMessageFarTooLateIsDeclaredLostThenTakenBack() {
        SequenceTracker t = new SequenceTracker();
        long far = SequenceTracker.MAX_WINDOW + 10L;
        for (long s = 2; s <= far; s++) {
            t.arrive(s, false);
        }
        assertThat(t.declaredLost()).isEqualTo(1);
        assertThat(t.missing()).isEqualTo(1);
        assertThat(t.arrive(1, false)).isEqualTo(Arrival.LATE);
        assertThat(t.missing()).isZero();
        assertThat(t.arrive(1, false)).isEqualTo(Arrival.DUPLICATE);
    }

    @Test
    void sequencesWrapAt32Bits() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 1; s <= 100; s++) {
            t.arrive(s, false);
        }
        // Jump close to the wrap through losses is impractical; check extension keeps continuity instead.
        assertThat(PayloadCodec.extend(0, 0xFFFF_FFFFL)).isEqualTo(1L << 32);
    }

    @Test
    void aReaderThatStartsMidStreamExpectsSequencesFromItsFirstArrival() {
        SequenceTracker fromOne = new SequenceTracker();
        SequenceTracker fromFirst = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), true);
        for (long s = 901; s <= 1_000; s++) {
            fromOne.arrive(s, false);
            assertThat(fromFirst.arrive(s, false)).isEqualTo(Arrival.FIRST);
        }
        assertThat(fromOne.missing()).as("a reader expected to see everything").isEqualTo(900);
        assertThat(fromFirst.missing()).isZero();
        fromFirst.arrive(1_002, false);
        assertThat(fromFirst.missing()).as("a gap after the first arrival is still a loss").isEqualTo(1);
        assertThat(fromFirst.arrive(950, false)).isEqualTo(Arrival.DUPLICATE);
    }

    @Test
    void aReaderThatStartsMidStreamStillExcusesWhatWasRefusedBeforeItsFirstArrival() {
        // A stream consumer that joined at the tail: refusals come before anything reached it.
        SequenceTracker t = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), true);
        t.excuse(5); // before where the reader starts: not expected either way
        t.excuse(105);
        t.excuse(2_000); // beyond the first window
        for (long s = 100; s <= 2_100; s++) {
            if (s != 105 && s != 2_000) {
                assertThat(t.arrive(s, false)).as("sequence %d", s).isEqualTo(Arrival.FIRST);
            }
        }
        assertThat(t.missing()).isZero();
        assertThat(t.arrive(5, false)).isEqualTo(Arrival.DUPLICATE); // below the first arrival, as before
    }

    @Test
    void refusedSequencesAreNotMissingButCountIfTheyArriveAfterAll() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 1; s <= 10; s++) {
            if (s % 3 == 0) {
                t.excuse(s); // 3, 6, 9 refused by the broker
            } else {
                t.arrive(s, false);
            }
        }
        assertThat(t.missing()).isZero();
        t.excuse(12);
        assertThat(t.arrive(12, false)).as("refused by one queue, delivered by another").isEqualTo(Arrival.FIRST);
        t.arrive(13, false);
        assertThat(t.missing()).as("11 is a real gap").isEqualTo(1);
    }

    @Test
    void aRefusalTakesBackASequenceDeclaredLost() {
        java.util.concurrent.atomic.LongAdder lost = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(lost);
        long far = SequenceTracker.MAX_WINDOW + 10L;
        for (long s = 2; s <= far; s++) {
            t.arrive(s, false);
        }
        assertThat(lost.sum()).isEqualTo(1);
        t.excuse(1);
        assertThat(lost.sum()).isZero();
        assertThat(t.missing()).isZero();
    }

    @Test
    void aJumpOfMillionsIsOneLostRangeWhoseSequencesCanStillArriveLate() {
        java.util.concurrent.atomic.LongAdder lost = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(lost);
        t.arrive(1, false);
        long jump = 5_000_000L;
        t.arrive(jump, false);
        // Everything between 1 and the window below the jump was given up on, in one step.
        long givenUp = jump - SequenceTracker.MAX_WINDOW - 1;
        assertThat(t.declaredLost()).isEqualTo(givenUp);
        assertThat(lost.sum()).isEqualTo(givenUp);
        assertThat(t.missing()).isEqualTo(jump - 2);
        // The oldest of them is still remembered: it arrives late, not as a duplicate.
        assertThat(t.arrive(2, false)).isEqualTo(Arrival.LATE);
        assertThat(t.arrive(2_500_000L, false)).isEqualTo(Arrival.LATE);
        assertThat(t.arrive(2_500_000L, false)).isEqualTo(Arrival.DUPLICATE);
        assertThat(t.declaredLost()).isEqualTo(givenUp - 2);
        assertThat(lost.sum()).isEqualTo(givenUp - 2);
        assertThat(t.missing()).isEqualTo(jump - 4);
    }

    @Test
    void lossesBetweenArrivalsAreDeclaredAsTheWindowMovesPastThem() {
        SequenceTracker t = new SequenceTracker();
        // Every third sequence never comes, far past the window: each gap is declared lost once.
        long top = 3L * SequenceTracker.MAX_WINDOW;
        for (long s = 1; s <= top; s++) {
            if (s % 3 != 0) {
                t.arrive(s, false);
            }
        }
        // top itself is a multiple of 3: the highest to arrive is top - 1.
        assertThat(t.missing()).isEqualTo(top / 3 - 1);
        assertThat(t.declaredLost()).isBetween(top / 3 - SequenceTracker.MAX_WINDOW / 3 - 1, top / 3 - 1);
        assertThat(t.arrive(3, false)).isEqualTo(Arrival.LATE);
        assertThat(t.arrive(top - 3, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.missing()).isEqualTo(top / 3 - 3);
    }

    @Test
    void aRefusalFarAheadDoesNotMoveTheWindowOrDeclareAnythingLost() {
        java.util.concurrent.atomic.LongAdder lost = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(lost);
        for (long s = 1; s <= 10; s++) {
            t.arrive(s, false);
        }
        t.excuse(200_000);
        assertThat(t.declaredLost()).isZero();
        assertThat(lost.sum()).isZero();
        assertThat(t.missing()).isZero();
        assertThat(t.arrive(11, false)).as("still expected, not declared lost").isEqualTo(Arrival.FIRST);
    }

    @Test
    void aRefusedSequenceTheWindowPassedStillArrivesFirstFromAnotherQueue() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 1; s <= 10; s++) {
            t.arrive(s, false);
        }
        t.excuse(11);
        assertThat(t.arrive(11, false)).as("refused by one queue, delivered by another (fanout)")
                .isEqualTo(Arrival.FIRST);
        assertThat(t.arrive(11, false)).isEqualTo(Arrival.DUPLICATE);
        assertThat(t.missing()).isZero();
    }

    @Test
    void aBacklogBeyondTheWindowWithRefusalsFarAheadOfTheConsumerHasNoLossAndNoLateArrival() {
        // One queue holding 100,000 messages (more than the 65,536 window): while the consumer is at
        // the start of the backlog, the broker refuses every 7th message at the queue's tail.
        java.util.concurrent.atomic.LongAdder lost = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(lost);
        long backlog = 100_000;
        long total = 400_000;
        long refusedUpTo = 0;
        for (long s = 1; s <= total; s++) {
            while (refusedUpTo < Math.min(total, s + backlog)) {
                refusedUpTo++;
                if (refusedUpTo % 7 == 0) {
                    t.excuse(refusedUpTo); // the queue is full: refused far ahead of the consumer
                }
            }
            if (s % 7 != 0) {
                assertThat(t.arrive(s, false)).isEqualTo(Arrival.FIRST);
                assertThat(lost.sum()).isZero();
            }
        }
        assertThat(t.declaredLost()).isZero();
        assertThat(t.missing()).isZero();
    }

    @Test
    void messagesInDoubtAreCountedWhenTheyArriveBeforeOrAfterTheyAreMarked() {
        java.util.concurrent.atomic.LongAdder inDoubtArrived = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), false, inDoubtArrived);
        for (long s = 1; s <= 5; s++) {
            t.arrive(s, false);
        }
        t.inDoubt(4); // arrived before the publisher's connection dropped
        t.inDoubt(6); // not yet
        t.inDoubt(7); // never comes
        assertThat(inDoubtArrived.sum()).isEqualTo(1);
        assertThat(t.arrive(6, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.arrive(6, false)).isEqualTo(Arrival.DUPLICATE);
        t.arrive(8, false);
        assertThat(inDoubtArrived.sum()).as("a duplicate and an expected message are not counted").isEqualTo(2);
        assertThat(t.missing()).as("7 never came").isEqualTo(1);
    }

    @Test
    void settledGapsAreThoseBehindWhatHadArrivedByThePreviousCall() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 1; s <= 200; s++) {
            if (s != 50 && s != 150) {
                t.arrive(s, false);
            }
        }
        assertThat(t.missingSettled()).as("nothing had arrived at the previous call").isZero();
        t.arrive(150, false); // overtaken, not lost
        for (long s = 201; s <= 300; s++) {
            t.arrive(s, false);
        }
        assertThat(t.missingSettled()).as("50 is behind 200, which had arrived").isEqualTo(1);
        assertThat(t.missing()).isEqualTo(1);
        t.arrive(50, false);
        assertThat(t.missingSettled()).isZero();
    }

    @Test
    void aMessageInDoubtBeforeAnyArrivalCountsOnlyWhenItArrives() {
        java.util.concurrent.atomic.LongAdder arrived = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), false, arrived);
        t.inDoubt(1);
        t.inDoubt(3);
        assertThat(arrived.sum()).isZero();
        t.arrive(1, false);
        assertThat(arrived.sum()).isEqualTo(1);
        t.arrive(2, false);
        t.arrive(3, false);
        assertThat(arrived.sum()).isEqualTo(2);
        t.inDoubt(2); // arrived before it was known to be in doubt: counted at once
        assertThat(arrived.sum()).isEqualTo(3);
    }

    @Test
    void aMessageInDoubtThatArrivesAfterTheWindowDeclaredItLostIsLateAndCountedAsArrived() {
        java.util.concurrent.atomic.LongAdder arrived = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), false, arrived);
        t.inDoubt(1);
        t.arrive(200_000, false); // the window moves past 1: declared lost
        assertThat(t.declaredLost()).isGreaterThan(0);
        assertThat(t.arrive(1, false)).isEqualTo(SequenceTracker.Arrival.LATE);
        assertThat(arrived.sum()).isEqualTo(1);
    }

    @Test
    void aReaderFromItsFirstArrivalKeepsEarlyRefusalsApartAndForgetsThoseBelowWhereItStarts() {
        SequenceTracker t = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), true);
        t.excuse(5);
        t.excuse(12);
        t.arrive(10, false);
        t.arrive(11, false);
        t.arrive(13, false);
        assertThat(t.missing()).as("12 was refused; 5 lies below where the reader started").isZero();
        assertThat(t.arrive(5, false)).isEqualTo(SequenceTracker.Arrival.DUPLICATE);
    }

    @Test
    void theWindowMovesOnOnlyOverWhatArrivedOrWasRefused() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 1; s <= 70_000; s++) {
            if (s != 3) {
                t.arrive(s, false);
            }
        }
        assertThat(t.missing()).isEqualTo(1);
        assertThat(t.declaredLost()).as("3 is still in the window's reach or declared lost once passed")
                .isBetween(0L, 1L);
        assertThat(t.arrive(3, false)).isIn(SequenceTracker.Arrival.FIRST, SequenceTracker.Arrival.LATE);
        assertThat(t.missing()).isZero();
        assertThat(t.arrive(69_999, false)).isEqualTo(SequenceTracker.Arrival.DUPLICATE);
    }

    @Test
    void aRepeatAboveAnOpenGapIsADuplicateUnlessFlaggedAndSequenceZeroIsNeverAFirstArrival() {
        SequenceTracker t = new SequenceTracker();
        t.arrive(1, false);
        assertThat(t.arrive(3, false)).isEqualTo(Arrival.FIRST);
        // 3 is still inside the window (2 has not come): the repeat is told by its bit, not by the base.
        assertThat(t.arrive(3, false)).isEqualTo(Arrival.DUPLICATE);
        assertThat(t.arrive(3, true)).isEqualTo(Arrival.REDELIVERY);
        // Publishers number their messages from 1: a 0 never counts as a message that arrived.
        assertThat(t.arrive(0, false)).isEqualTo(Arrival.DUPLICATE);
        assertThat(t.arrive(0, true)).isEqualTo(Arrival.REDELIVERY);
        assertThat(t.missing()).as("only 2").isEqualTo(1);
    }

    @Test
    void whatArrivedAndWhatWasRefusedInsideTheWindowSurviveItsGrowing() {
        SequenceTracker t = new SequenceTracker();
        t.arrive(1, false);
        t.excuse(3);
        t.arrive(5, false);
        // 2,000 is beyond the first window (1,024 from 2): the window doubles and re-places 3's refusal and 5's arrival.
        assertThat(t.arrive(2_000, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.missing()).as("2, 4 and 6 to 1,999").isEqualTo(1 + 1 + 1_994);
        assertThat(t.arrive(5, false)).isEqualTo(Arrival.DUPLICATE);
        assertThat(t.arrive(2, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.arrive(4, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.missing()).as("6 to 1,999; 3 was refused").isEqualTo(1_994);
        for (long s = 6; s < 2_000; s++) {
            t.arrive(s, false);
        }
        assertThat(t.missing()).as("3's refusal kept its own place").isZero();
        assertThat(t.declaredLost()).isZero();
    }

    @Test
    void aMessageReportedInDoubtAfterTheWindowPassedItCountsAsArrivedOnlyIfItDid() {
        java.util.concurrent.atomic.LongAdder arrived = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), false, arrived);
        t.arrive(1, false);
        t.arrive(200_000, false); // the window moves past 2 to 134,464: declared lost
        t.inDoubt(5);
        assertThat(arrived.sum()).as("5 never arrived").isZero();
        t.inDoubt(1);
        assertThat(arrived.sum()).as("1 arrived before the window passed it").isEqualTo(1);

        java.util.concurrent.atomic.LongAdder fromFirstArrived = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker fromFirst = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), true,
                fromFirstArrived);
        fromFirst.arrive(10, false);
        fromFirst.arrive(11, false);
        fromFirst.inDoubt(5); // below where this reader started: it never read 5
        fromFirst.inDoubt(10);
        fromFirst.inDoubt(11);
        assertThat(fromFirstArrived.sum()).as("10 and 11, not 5").isEqualTo(2);

        // Inside the window, above a gap the window has not passed: 3 arrived, 2 did not.
        java.util.concurrent.atomic.LongAdder inWindowArrived = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker inWindow = new SequenceTracker(new java.util.concurrent.atomic.LongAdder(), false,
                inWindowArrived);
        inWindow.arrive(1, false);
        inWindow.arrive(3, false);
        inWindow.inDoubt(3);
        inWindow.inDoubt(2);
        assertThat(inWindowArrived.sum()).as("3 only").isEqualTo(1);
        assertThat(inWindow.arrive(2, false)).isEqualTo(Arrival.FIRST);
        assertThat(inWindowArrived.sum()).as("and 2 once it came").isEqualTo(2);
    }

    @Test
    void aJumpOfMillionsPastRefusalsInsideAndBeyondTheWindowDeclaresLostAroundThem() {
        java.util.concurrent.atomic.LongAdder lost = new java.util.concurrent.atomic.LongAdder();
        SequenceTracker t = new SequenceTracker(lost);
        t.arrive(1, false);
        t.excuse(3); // inside the window: its flag
        t.excuse(200_000); // far beyond the window: kept apart
        long jump = 5_000_000L;
        t.arrive(jump, false);
        // Given up on: 2 up to the window below the jump, except the refused 3 and 200,000.
        long givenUp = jump - SequenceTracker.MAX_WINDOW - 1 - 2;
        assertThat(t.declaredLost()).isEqualTo(givenUp);
        assertThat(lost.sum()).isEqualTo(givenUp);
        assertThat(t.missing()).isEqualTo(jump - 4);
        // The refused messages are not among the lost: delivered from another queue, each is a first arrival.
        assertThat(t.arrive(3, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.arrive(200_000, false)).isEqualTo(Arrival.FIRST);
        assertThat(t.arrive(2, false)).isEqualTo(Arrival.LATE);
        assertThat(t.arrive(4, false)).isEqualTo(Arrival.LATE);
        assertThat(t.arrive(199_999, false)).isEqualTo(Arrival.LATE);
        assertThat(t.arrive(200_001, false)).isEqualTo(Arrival.LATE);
        assertThat(t.declaredLost()).isEqualTo(givenUp - 4);
    }
}
