package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.ClockMode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PayloadClockTest {
    private static final Instant EPOCH_AT_BASE = Instant.parse("2026-11-21T10:00:00.000123456Z");

    @Test
    void monotonicStampsAreTheClockItself() {
        PayloadClock c = new PayloadClock(ClockMode.MONOTONIC, 500, EPOCH_AT_BASE);
        assertThat(c.stamp(1_000)).isEqualTo(1_000);
        assertThat(c.latencyNanos(1_000, 4_000)).isEqualTo(3_000);
    }

    @Test
    void wallStampsAreEpochNanosDerivedFromTheMonotonicClock() {
        PayloadClock c = new PayloadClock(ClockMode.WALL, 500, EPOCH_AT_BASE);
        long base = EPOCH_AT_BASE.getEpochSecond() * 1_000_000_000L + EPOCH_AT_BASE.getNano();
        assertThat(c.stamp(1_500)).isEqualTo(base + 1_000);
        assertThat(c.latencyNanos(c.stamp(1_500), 2_500)).isEqualTo(1_000);
    }

    @Test
    void anotherProcessWithASkewedClockShowsNegativeLatency() {
        PayloadClock publisher = new PayloadClock(ClockMode.WALL, 0, EPOCH_AT_BASE.plusMillis(5));
        PayloadClock consumer = new PayloadClock(ClockMode.WALL, 0, EPOCH_AT_BASE);
        assertThat(consumer.latencyNanos(publisher.stamp(1_000_000), 2_000_000)).isEqualTo(1_000_000 - 5_000_000);
    }

    @Test
    void wallMillisMatchesPerfTestUseMillis() {
        PayloadClock c = new PayloadClock(ClockMode.WALL_MILLIS, 0, EPOCH_AT_BASE);
        assertThat(c.stamp(0)).isEqualTo(EPOCH_AT_BASE.toEpochMilli());
        assertThat(c.latencyNanos(EPOCH_AT_BASE.toEpochMilli() - 3, 0)).isBetween(3_000_000L, 4_000_000L);
    }
}
