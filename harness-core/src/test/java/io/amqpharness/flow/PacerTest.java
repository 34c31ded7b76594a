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
