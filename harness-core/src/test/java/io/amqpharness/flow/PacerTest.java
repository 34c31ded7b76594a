package io.amqpharness.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PacerTest {

    @Test
    void scheduleFollowsTheRateFromTheStart() {
        Pacer p = new Pacer(1000, 5_000);
        assertThat(p.nextIntendedNanos()).isEqualTo(5_000);
        assertThat(p.nextIntendedNanos()).isEqualTo(5_000 + 1_000_000);
        assertThat(p.nextIntendedNanos()).isEqualTo(5_000 + 2_000_000);
    }

    @Test
    void fractionalRatesSpaceMessagesBySeconds() {
        Pacer p = new Pacer(0.5, 0);
        p.nextIntendedNanos();
        assertThat(p.nextIntendedNanos()).isEqualTo(2_000_000_000L);
    }

    @Test
    void scheduleDoesNotDriftOverManyMessages() {
        Pacer p = new Pacer(3, 0); // 333,333,333.33 ns apart: rounding must not accumulate
        long last = 0;
        for (int i = 0; i <= 3_000; i++) {
            last = p.nextIntendedNanos();
        }
        assertThat(last).isEqualTo(1_000_000_000_000L);
    }

    @Test
    void rateChangeKeepsPastSlotsAndSpacesFutureOnesAnew() {
        Pacer p = new Pacer(1000, 0);
        p.nextIntendedNanos(); // 0
        p.nextIntendedNanos(); // 1 ms
        p.setRate(100);
        assertThat(p.nextIntendedNanos()).isEqualTo(2_000_000); // the slot the old rate reached
        assertThat(p.nextIntendedNanos()).isEqualTo(12_000_000);
    }

    @Test
    void aRateStepKeepsALaggingPublishersBacklogAtTheOldRate() {
        // 10k/s from 0; the publisher is 1,000 messages in (100 ms) when a step at 10 s sets 1k/s:
        // everything due before 10 s stays due at 10k/s, and 1k/s starts at 10 s.
        for (double newRate : new double[] {1_000, 20_000}) {
            Pacer p = new Pacer(10_000, 0);
            for (int i = 0; i < 1_000; i++) {
                p.nextIntendedNanos();
            }
            p.setRate(newRate, 10_000_000_000L);
            long owed = 0;
            long t;
            while ((t = p.nextIntendedNanos()) < 10_000_000_000L) {
                owed++;
            }
            assertThat(owed).as("backlog when stepped to %s/s", newRate).isEqualTo(99_000);
            assertThat(t).isEqualTo(10_000_000_000L);
            assertThat(p.nextIntendedNanos()).isEqualTo(10_000_000_000L + (long) (1e9 / newRate));
        }
    }

    @Test
    void aSecondRateChangeDoesNotReplaceOneTheLaggingScheduleHasNotReachedYet() {
        // 10k/s from 0; 1k/s from 10 s; 2k/s from 20 s. The publisher has sent at most one message when
        // both changes are made: 100,000 are owed before 10 s and 10,000 between 10 s and 20 s.
        for (boolean pollBetween : new boolean[] {true, false}) {
            Pacer p = new Pacer(10_000, 0);
            p.setRate(1_000, 10_000_000_000L);
            long below = 0;
            if (pollBetween) {
                p.nextIntendedNanos();
                below++;
            }
            p.setRate(2_000, 20_000_000_000L);
            long t;
            while ((t = p.nextIntendedNanos()) < 20_000_000_000L) {
                below++;
            }
            assertThat(below).as("intended times below 20 s (polled between the changes: %s)", pollBetween)
                    .isEqualTo(110_000);
            assertThat(t).isEqualTo(20_000_000_000L);
            assertThat(p.nextIntendedNanos()).isEqualTo(20_000_000_000L + 500_000);
        }
    }

    @Test
    void everyChangeMadeWhileThePublisherWasBlockedAppliesFromItsOwnTime() {
        // Blocked in a send (an alarm, say) across three steps: none is lost, each owes its stretch.
        Pacer p = new Pacer(1_000, 0);
        p.nextIntendedNanos();
        p.setRate(2_000, 1_000_000_000L);
        p.setRate(4_000, 2_000_000_000L);
        p.setRate(500, 3_000_000_000L);
        long below = 1;
        while (p.nextIntendedNanos() < 5_000_000_000L) {
            below++;
        }
        assertThat(below).isEqualTo(1_000 + 2_000 + 4_000 + 1_000);
    }

    @Test
    void aChangeMadeLaterForAnEarlierTimeReplacesTheOnesAfterIt() {
        Pacer p = new Pacer(1_000, 0);
        p.setRate(2_000, 2_000_000_000L);
        p.setRate(100, 1_000_000_000L);
        long below = 0;
        while (p.nextIntendedNanos() < 3_000_000_000L) {
            below++;
        }
        assertThat(below).isEqualTo(1_000 + 200);
    }

    @Test
    void aChangeBeforeTheScheduleBeganStartsAtItsStart() {
        Pacer p = new Pacer(1_000, 5_000_000_000L);
        p.setRate(10, 1_000_000_000L);
        assertThat(p.nextIntendedNanos()).isEqualTo(5_000_000_000L);
        assertThat(p.nextIntendedNanos()).isEqualTo(5_100_000_000L);
    }

    @Test
    void aMessageHandedOutBeforeAChangeThatPrecedesItIsRetimedOnTheNewSchedule() {
        Pacer p = new Pacer(1, 0); // 1 msg/s
        assertThat(p.nextIntendedNanos()).isZero();
        long waitingFor = p.nextIntendedNanos();
        assertThat(waitingFor).isEqualTo(1_000_000_000L);
        p.setRate(100, 200_000_000L); // while the publisher waits for 1 s
        assertThat(p.retime(waitingFor)).isEqualTo(200_000_000L);
        assertThat(p.nextIntendedNanos()).isEqualTo(210_000_000L);
    }

    @Test
    void aMessageDueBeforeTheChangeKeepsItsTime() {
        Pacer p = new Pacer(1, 0);
        p.nextIntendedNanos();
        long waitingFor = p.nextIntendedNanos();
        p.setRate(100, 1_500_000_000L);
        assertThat(p.retime(waitingFor)).isEqualTo(waitingFor);
        assertThat(p.retime(waitingFor)).as("no change: nothing moves").isEqualTo(waitingFor);
        assertThat(p.nextIntendedNanos()).isEqualTo(1_500_000_000L);
    }

    @Test
    void aRateStepDuringAPauseKeepsWhatTheStepsAfterThePauseOwe() {
        Pacer p = new Pacer(java.util.List.of(
                new io.amqpharness.scenario.RateStep(0, java.time.Duration.ofSeconds(5)),
                new io.amqpharness.scenario.RateStep(1_000, java.time.Duration.ofSeconds(100))), 0);
        p.setRate(10, 8_000_000_000L);
        long owed = 0;
        long t;
        while ((t = p.nextIntendedNanos()) < 8_000_000_000L) {
            owed++;
        }
        assertThat(owed).as("5 s to 8 s at 1k/s").isEqualTo(3_000);
        assertThat(t).isEqualTo(8_000_000_000L);
    }

    @Test
    void variableRateStepsRepeatAndZeroPauses() {
        Pacer p = new Pacer(java.util.List.of(
                new io.amqpharness.scenario.RateStep(2, java.time.Duration.ofSeconds(1)),
                new io.amqpharness.scenario.RateStep(0, java.time.Duration.ofSeconds(1)),
                new io.amqpharness.scenario.RateStep(1, java.time.Duration.ofSeconds(2))), 0);
        long[] expected = {0, 500_000_000L, 2_000_000_000L, 3_000_000_000L, 4_000_000_000L, 4_500_000_000L,
            6_000_000_000L};
        for (long e : expected) {
            assertThat(p.nextIntendedNanos()).isEqualTo(e);
        }
    }

    @Test
    void rejectsRatesThatCannotBePaced() {
        assertThatThrownBy(() -> new Pacer(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Pacer(Double.POSITIVE_INFINITY, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
