package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.testing.FakeClock;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class SettledCutTest {
    private final FakeClock clock = new FakeClock();
    private final Counters counters = new Counters();
    private final ConfirmTracker tracker = new ConfirmTracker(10, 10, 5_000_000_000L, counters,
            new LatencyRecorder("confirm"), clock);

    /** Two messages sent; the second's confirm arrives right after the first reading of the counts. */
    private Supplier<CountSnapshot> countsWithAConfirmLandingAfterTheFirstRead() {
        for (long s = 1; s <= 2; s++) {
            counters.published.increment();
            tracker.register(s, clock.nanoTime());
        }
        tracker.settled(1, false, PublishOutcome.CONFIRMED);
        AtomicInteger reads = new AtomicInteger();
        return () -> {
            CountSnapshot c = counters.snapshot();
            if (reads.incrementAndGet() == 1) {
                tracker.settled(2, false, PublishOutcome.CONFIRMED);
            }
            return c;
        };
    }

    @Test
    void aConfirmLandingBetweenTheReadingsIsInBothOrNeither() {
        Supplier<CountSnapshot> counts = countsWithAConfirmLandingAfterTheFirstRead();
        // Read as before: the counts, then what is in flight. The confirm is in neither.
        CountSnapshot naive = counts.get();
        assertThat(naive.published() - naive.settled() - tracker.pending()).isEqualTo(1);
    }

    @Test
    void theCutExplainsEveryPublishedMessage() {
        SettledCut cut = SettledCut.read(countsWithAConfirmLandingAfterTheFirstRead(), tracker::pending, true, clock);
        assertThat(cut.counts().settled()).isEqualTo(2);
        assertThat(cut.inFlight()).isZero();
        assertThat(cut.counts().published() - cut.counts().settled() - cut.inFlight()).isZero();
    }

    @Test
    void aRealDifferenceIsReportedAfterThePatience() {
        counters.published.add(3);
        tracker.register(1, clock.nanoTime());
        long start = clock.nanoTime();
        SettledCut cut = SettledCut.read(counters::snapshot, tracker::pending, true, clock);
        assertThat(cut.counts().published() - cut.counts().settled() - cut.inFlight()).isEqualTo(2);
        assertThat(clock.nanoTime() - start).isGreaterThanOrEqualTo(SettledCut.PATIENCE_NANOS);
    }

    @Test
    void withoutConfirmsOneReadingIsEnough() {
        counters.published.add(3);
        long start = clock.nanoTime();
        SettledCut cut = SettledCut.read(counters::snapshot, () -> 0, false, clock);
        assertThat(cut.counts().published()).isEqualTo(3);
        assertThat(clock.nanoTime()).isEqualTo(start);
    }
}
