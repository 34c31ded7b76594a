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
        assertThat(blocks.summary()).isEqualTo(new FlowBlocks.Summary(Duration.ofMillis(600), 1, List.of("low on memory")));
        a.set(true, "low on disk space");
        clock.advanceMillis(50);
        assertThat(blocks.summary()).isEqualTo(new FlowBlocks.Summary(Duration.ofMillis(650), 2,
                List.of("low on memory", "low on disk space")));
    }

    @Test
    void nothingBlockedIsNone() {
        blocks.gate().set(false, null);
        assertThat(blocks.summary()).isEqualTo(FlowBlocks.Summary.NONE);
    }
}
