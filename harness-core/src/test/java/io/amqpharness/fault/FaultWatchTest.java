package io.amqpharness.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.NanoClock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The figures of a fault from samples of the counters taken by hand, 10 ms apart. */
class FaultWatchTest {
    private static final long MS = 1_000_000L;
    private final Counters counters = new Counters();
    private final FaultWatch watch = new FaultWatch(counters, NanoClock.SYSTEM, 0);

    /** Sends and confirms every 10 ms up to 1 s, none from 1 s to 1.5 s (sends) or 1.8 s (confirms), then again. */
    private void outage() {
        for (long t = 0; t <= 3_000; t += 10) {
            boolean sending = t < 1_000 || t >= 1_500;
            boolean confirming = t < 1_000 || t >= 1_800;
            if (sending) {
                counters.published.add(10);
            }
            if (confirming) {
                counters.confirmed.add(10);
                counters.consumed.add(10);
            }
            if (t == 1_010) {
                counters.inDoubt.add(7);
            }
            watch.sample(t * MS);
        }
    }

    @Test
    void theLongestGapsAreThoseThatReachIntoTheWindow() {
        outage();
        assertThat(watch.sendGap(1_000 * MS, 3_000 * MS)).isEqualTo(Duration.ofMillis(510));
        assertThat(watch.confirmGap(1_000 * MS, 3_000 * MS)).isEqualTo(Duration.ofMillis(810));
        // a window that ends in the gap clips it
        assertThat(watch.confirmGap(1_000 * MS, 1_400 * MS)).isEqualTo(Duration.ofMillis(410));
        // a window after the gap does not see it
        assertThat(watch.confirmGap(2_000 * MS, 3_000 * MS)).isEqualTo(Duration.ofMillis(10));
    }

    @Test
    void theFirstConfirmAndDeliveryAreTimedFromWhenTheFaultWasMade() {
        outage();
        assertThat(watch.firstConfirm(1_005 * MS, 3_000 * MS)).contains(Duration.ofMillis(795));
        assertThat(watch.firstDelivery(1_005 * MS, 3_000 * MS)).contains(Duration.ofMillis(795));
        assertThat(watch.firstConfirm(1_005 * MS, 1_500 * MS)).isEmpty();
        assertThat(watch.inDoubt(1_000 * MS, 3_000 * MS)).isEqualTo(7);
        assertThat(watch.inDoubt(0, 1_000 * MS)).isZero();
    }

    @Test
    void perNodeTheConnectionsThatDroppedAndTheLongestOutage() {
        var nodes = FaultSchedule.nodes(Map.of("harness-r-p0", "rabbit@b", "harness-r-c0", "rabbit@a",
                        "harness-r-p1", "rabbit@b"),
                Map.of("harness-r-p0", Duration.ofMillis(300), "harness-r-p1", Duration.ofMillis(900)));
        assertThat(nodes).containsExactly(new FaultOutcome.NodeOutcome("rabbit@a", 1, 0, Duration.ZERO),
                new FaultOutcome.NodeOutcome("rabbit@b", 2, 2, Duration.ofMillis(900)));
    }
}
