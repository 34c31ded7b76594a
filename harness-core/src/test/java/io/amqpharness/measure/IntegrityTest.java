package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which sequences a stream reader's checks expect, for this run's publishers and for others'. */
class IntegrityTest {
    private final Counters counters = new Counters();

    @Test
    void readingFromTheFirstOffsetAFirstMessageInDoubtThatNeverArrivedIsLost() {
        // The broker restarted right after the first two messages: both in doubt, only the second stored.
        Integrity checks = new Integrity(counters, "harness-run1-p", true, true);
        checks.inDoubt("harness-run1-p0", 1);
        checks.inDoubt("harness-run1-p0", 2);
        for (long seq = 2; seq <= 5; seq++) {
            checks.arrive("harness-run1-p0", seq, false);
        }
        assertThat(checks.missing()).isEqualTo(1);
        assertThat(counters.snapshot().inDoubtArrived()).isEqualTo(1);
    }

    @Test
    void anotherRunsPublisherIsStillExpectedFromItsFirstMessageThatArrives() {
        // Retention dropped the start of another run's messages: what is gone is not this run's loss.
        Integrity checks = new Integrity(counters, "harness-run1-p", true, true);
        for (long seq = 50; seq <= 55; seq++) {
            checks.arrive("harness-run0-p0", seq, false);
        }
        assertThat(checks.missing()).isZero();
    }

    @Test
    void fromAnyOtherOffsetThisRunsPublishersAreExpectedFromTheirFirstMessageThatArrives() {
        Integrity checks = new Integrity(counters, "harness-run1-p", true, false);
        for (long seq = 2; seq <= 5; seq++) {
            checks.arrive("harness-run1-p0", seq, false);
        }
        assertThat(checks.missing()).isZero();
    }

    @Test
    void aTrackerRemembersWhetherItsPublisherIsThisRunsSoAFirstArrivalNeedNotCompareTheIdentityAgain() {
        Integrity checks = new Integrity(counters, "harness-run1-p");
        SequenceTracker ours = checks.tracker("harness-run1-p0");
        SequenceTracker theirs = checks.tracker("harness-run0-p0");
        // the identity given with the tracker is not read: the tracker's own finding counts
        checks.arrive(ours, "x", 1, false);
        checks.arrive(theirs, "harness-run1-p9", 1, false);
        assertThat(counters.snapshot().unique()).isEqualTo(2);
        assertThat(counters.snapshot().ownUnique()).isEqualTo(1);
        // a tracker another made: the identity decides
        checks.arrive(new SequenceTracker(), "harness-run1-p5", 1, false);
        assertThat(counters.snapshot().ownUnique()).isEqualTo(2);
    }

    @Test
    void firstDeliveriesOfAnotherRunsMessagesCountInUniqueButNotInOwnUnique() {
        Integrity checks = new Integrity(counters, "harness-run1-p");
        checks.arrive("harness-run1-p0", 1, false);
        checks.arrive("harness-run1-p0", 2, false);
        checks.arrive("harness-run0-p0", 1, false);
        assertThat(checks.arrive("harness-run1-p0", 2, false)).as("a duplicate: neither")
                .isEqualTo(SequenceTracker.Arrival.DUPLICATE);
        assertThat(checks.arrive("harness-run0-p0", 1, true)).as("a redelivery: neither")
                .isEqualTo(SequenceTracker.Arrival.REDELIVERY);
        CountSnapshot s = counters.snapshot();
        assertThat(s.unique()).isEqualTo(3);
        assertThat(s.ownUnique()).isEqualTo(2);
        assertThat(s.duplicated()).isEqualTo(1);
        assertThat(checks.publishers()).isEqualTo(2);
        assertThat(checks.own("harness-run1-p7")).isTrue();
        assertThat(checks.own("harness-run0-p7")).isFalse();
    }

    @Test
    void missingSettledAddsUpEveryPublishersSettledGaps() {
        Integrity checks = new Integrity(counters, "harness-run1-p");
        assertThat(checks.publishers()).isZero();
        for (String p : new String[] {"harness-run1-p0", "harness-run1-p1"}) {
            checks.arrive(p, 1, false);
            checks.arrive(p, 4, false); // 2 and 3 missing
        }
        assertThat(checks.missingSettled()).as("gaps younger than the previous call are left out").isZero();
        checks.arrive("harness-run1-p0", 6, false);
        checks.arrive("harness-run1-p1", 6, false);
        assertThat(checks.missingSettled()).isEqualTo(4);
        assertThat(checks.missing()).isEqualTo(6);
    }

    @Test
    void aLateArrivalCountsAsAFirstDeliveryAndAsLate() {
        Integrity checks = new Integrity(counters, "harness-run1-p");
        SequenceTracker t = checks.tracker("harness-run1-p0");
        assertThat(checks.tracker("harness-run1-p0")).isSameAs(t);
        checks.arrive(t, "harness-run1-p0", 1, false);
        for (long seq = 3; seq <= 70_000; seq++) { // far enough for 2 to be declared lost
            checks.arrive(t, "harness-run1-p0", seq, false);
        }
        long uniqueBefore = counters.snapshot().unique();
        assertThat(checks.arrive(t, "harness-run1-p0", 2, false)).isEqualTo(SequenceTracker.Arrival.LATE);
        assertThat(counters.snapshot().late()).isEqualTo(1);
        assertThat(counters.snapshot().unique()).isEqualTo(uniqueBefore + 1);
        assertThat(counters.snapshot().ownUnique()).isEqualTo(uniqueBefore + 1);
    }
}
