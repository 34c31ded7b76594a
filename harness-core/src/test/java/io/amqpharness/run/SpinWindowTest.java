package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpinWindowTest {
    private static final long DEFAULT = 100_000;

    @Test
    void theDefaultIsAtMostATenthOfTheGapBetweenMessages() {
        SpinWindow w = new SpinWindow(DEFAULT, true);
        assertThat(w.nanos()).as("before the first message: no gap known yet").isEqualTo(DEFAULT);
        w.next(0);
        assertThat(w.nanos()).isEqualTo(DEFAULT);
        w.next(1_000_000); // 1,000 msg/s: the whole default window
        assertThat(w.nanos()).isEqualTo(DEFAULT);
        w.next(1_100_000); // 10,000 msg/s: a 100 µs gap, 10 µs of it spun
        assertThat(w.nanos()).isEqualTo(10_000);
        w.next(1_100_000 + 500_000); // 2,000 msg/s
        assertThat(w.nanos()).isEqualTo(50_000);
        w.next(1_600_000 + 20_000_000); // 50 msg/s: never more than the default
        assertThat(w.nanos()).isEqualTo(DEFAULT);
    }

    @Test
    void aWindowTheUserGaveIsKeptWhateverTheRate() {
        SpinWindow w = new SpinWindow(DEFAULT, false);
        w.next(0);
        w.next(100_000);
        w.next(200_000);
        assertThat(w.nanos()).isEqualTo(DEFAULT);
    }

    @Test
    void aRetimedScheduleThatRunsBackwardsNeverGivesANegativeWindow() {
        SpinWindow w = new SpinWindow(DEFAULT, true);
        w.next(1_000_000);
        w.next(900_000);
        assertThat(w.nanos()).isZero();
    }
}
