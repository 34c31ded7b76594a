package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OutagesTest {
    private final FakeClock clock = new FakeClock();
    private final Outages outages = new Outages(clock);

    @Test
    void anOutageReportedByEveryLinkOfAConnectionCountsOnce() {
        outages.disconnected("p0", "CONNECTION_FORCED - broker forced connection closure with reason 'shutdown'");
        outages.disconnected("p0", null);
        clock.advanceMillis(500);
        outages.disconnected("c0", "CONNECTION_FORCED - broker forced connection closure with reason 'shutdown'");
        clock.advanceMillis(2_500);
        outages.reconnected("p0");
        outages.reconnected("p0");
        clock.advanceMillis(1_000);
        outages.reconnected("c0");
        Outages.Summary s = outages.summary();
        assertThat(s.disconnects()).isEqualTo(2);
        assertThat(s.downtime()).isEqualTo(Duration.ofMillis(4_000));
        assertThat(s.connections()).containsExactly(
                new Outages.Connection("p0", 1, Duration.ofMillis(3_000), Duration.ofMillis(3_000), false),
                new Outages.Connection("c0", 1, Duration.ofMillis(3_500), Duration.ofMillis(3_500), false));
        assertThat(s.reasons()).containsExactly("CONNECTION_FORCED - broker forced connection closure with reason 'shutdown'");
    }

    @Test
    void aReopenedLinkThatFailsBeforeItWorkedResumesTheSameOutage() {
        outages.disconnected("p0", "Not leader available");
        clock.advanceMillis(10);
        outages.reopened("p0");
        clock.advanceMillis(5);
        outages.disconnected("p0", "Not leader available"); // its first send failed: the same outage
        clock.advanceMillis(1_000);
        outages.reopened("p0");
        Outages.Summary meanwhile = outages.summary();
        assertThat(meanwhile.connections()).singleElement()
                .isEqualTo(new Outages.Connection("p0", 1, Duration.ofMillis(1_015), Duration.ofMillis(1_015), false));
        clock.advanceMillis(3);
        outages.working("p0");
        clock.advanceMillis(500);
        outages.disconnected("p0", "reset"); // after a send went through: a new outage
        clock.advanceMillis(100);
        outages.reconnected("p0");
        Outages.Summary s = outages.summary();
        assertThat(s.disconnects()).isEqualTo(2);
        assertThat(s.downtime()).isEqualTo(Duration.ofMillis(1_115));
        assertThat(s.connections()).singleElement()
                .isEqualTo(new Outages.Connection("p0", 2, Duration.ofMillis(1_115), Duration.ofMillis(1_015), false));
    }

    /** A CI run's result once held 60 ms more downtime than its intervals: the link came back after the last one. */
    @Test
    void afterTheRunsLastIntervalTheOutagesStandAsTheyWere() {
        outages.disconnected("p0", "reset");
        clock.advanceMillis(2_000);
        outages.endAt(clock.nanoTime());
        long atTheEnd = outages.anyDownNanos();
        clock.advanceMillis(60);
        outages.reconnected("p0");
        outages.disconnected("c0", "reset");
        clock.advanceMillis(100);
        Outages.Summary s = outages.summary();
        assertThat(atTheEnd).isEqualTo(Duration.ofMillis(2_000).toNanos());
        assertThat(outages.anyDownNanos()).isEqualTo(atTheEnd);
        assertThat(s.downtime()).isEqualTo(Duration.ofMillis(2_000));
        assertThat(s.disconnects()).isEqualTo(1);
        assertThat(s.connections()).singleElement().satisfies(c -> {
            assertThat(c.stillDown()).as("down when the run ended").isTrue();
            assertThat(c.downtime()).isEqualTo(Duration.ofMillis(2_000));
        });
    }

    @Test
    void aConnectionStillDownCountsItsDowntimeSoFar() {
        outages.disconnected("p0", "reset");
        clock.advanceMillis(700);
        Outages.Summary s = outages.summary();
        assertThat(s.connections()).singleElement().satisfies(c -> {
            assertThat(c.stillDown()).isTrue();
            assertThat(c.downtime()).isEqualTo(Duration.ofMillis(700));
        });
        assertThat(s.downtime()).isEqualTo(Duration.ofMillis(700));
    }

    @Test
    void noOutageIsNone() {
        outages.reconnected("p0");
        assertThat(outages.summary()).isEqualTo(Outages.Summary.NONE);
    }
}
