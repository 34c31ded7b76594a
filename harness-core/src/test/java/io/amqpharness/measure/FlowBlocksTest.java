package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowBlocksTest {
    private final FakeClock clock = new FakeClock();
    private final FlowBlocks blocks = new FlowBlocks(clock);

    @Test
    void blockedTimeIsTheTimeAnyPublisherWasBlockedCountedOnce() {
        FlowBlocks.Gate a = blocks.gate();
        FlowBlocks.Gate b = blocks.gate();
        a.set(true, "low on memory");
        clock.advanceMillis(100);
        b.set(true, "low on memory");
        b.set(true, null); // said twice: no change
        clock.advanceMillis(200);
        a.set(false, null);
        clock.advanceMillis(300);
        assertThat(blocks.blockedNanos()).isEqualTo(600_000_000L); // still blocked through b
        b.set(false, null);
        clock.advanceMillis(1_000);
        b.set(false, null);
        assertThat(blocks.summary()).isEqualTo(new FlowBlocks.Summary(Duration.ofMillis(600), 1, List.of("low on memory"),
                Duration.ZERO, 0));
        a.set(true, "low on disk space");
        clock.advanceMillis(50);
        assertThat(blocks.summary()).isEqualTo(new FlowBlocks.Summary(Duration.ofMillis(650), 2,
                List.of("low on memory", "low on disk space"), Duration.ZERO, 0));
    }

    /** N14: a credit wait reported 100 ms in counts from its start, and is not called a block. */
    @Test
    void aCreditWaitCountsFromItsBeginningApartFromBlocks() {
        FlowBlocks.Gate a = blocks.gate();
        FlowBlocks.Gate b = blocks.gate();
        clock.advanceMillis(1_000);
        a.creditWait(true, Duration.ofMillis(100)); // waiting since 900 ms
        clock.advanceMillis(400);
        a.creditWait(false, Duration.ZERO);
        assertThat(blocks.summary()).isEqualTo(new FlowBlocks.Summary(Duration.ZERO, 0, List.of(),
                Duration.ofMillis(500), 1));
        assertThat(blocks.blockedNanos()).as("either kind, for the intervals").isEqualTo(500_000_000L);
        // A second publisher whose wait began before the first's ended adds only the time not yet counted.
        b.creditWait(true, Duration.ofMillis(150));
        clock.advanceMillis(100);
        b.creditWait(false, Duration.ZERO);
        assertThat(blocks.summary().creditWait()).isEqualTo(Duration.ofMillis(600));
        assertThat(blocks.summary().creditWaits()).isEqualTo(2);
    }

    @Test
    void nothingBlockedIsNone() {
        blocks.gate().set(false, null);
        assertThat(blocks.summary()).isEqualTo(FlowBlocks.Summary.NONE);
    }
}
