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
}
