package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import io.amqpharness.measure.SizeLatency;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.SizeMix;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A --size mix against the in-memory driver: the per-size latencies hold exactly the measured end-to-end values. */
class SizeMixRunTest {

    @BeforeEach
    void normal() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.ERRORS.clear();
    }

    @Test
    void perSizeLatenciesHoldEveryEndToEndValue() {
        RunResult r = new LoadRunner(Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .size(SizeMix.parse("100:50%,1kb:40%,8kb:10%").orElseThrow()).rate(1_000)
                .time(Duration.ofMillis(1_000)).build()).run();
        assertThat(r.failure()).isEmpty();
        long e2e = r.latency(Metric.END_TO_END).count();
        assertThat(e2e).isEqualTo(r.counts().consumed()).isPositive();
        assertThat(r.latencyBySize()).extracting(SizeLatency::bytes).containsExactly(100, 1024, 8192);
        assertThat(r.latencyBySize().stream().mapToLong(s -> s.endToEnd().count()).sum()).isEqualTo(e2e);
        assertThat(r.latencyBySize().stream().mapToLong(s -> s.endToEnd().min()).min().orElseThrow())
                .isEqualTo(r.latency(Metric.END_TO_END).min());
        assertThat(r.latencyBySize().stream().mapToLong(s -> s.endToEnd().max()).max().orElseThrow())
                .isEqualTo(r.latency(Metric.END_TO_END).max());
    }

    /**
     * The warm-up is left out of the sizes' latencies as of the whole: before the sizes' intervals ended with the
     * end-to-end one, a slow reporting thread cleared the sizes' values of the measured part (0 of 1,143 kept).
     */
    @Test
    void theWarmUpIsLeftOutOfEachSizeAsOfTheWhole() {
        RunResult r = new LoadRunner(Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .size(SizeMix.parse("100:50%,1kb:40%,8kb:10%").orElseThrow()).rate(1_000)
                .warmup(Duration.ofMillis(500)).time(Duration.ofMillis(1_000)).build()).run();
        assertThat(r.failure()).isEmpty();
        long e2e = r.latency(Metric.END_TO_END).count();
        assertThat(e2e).isPositive().isLessThan(r.counts().consumed());
        long bySize = r.latencyBySize().stream().mapToLong(s -> s.endToEnd().count()).sum();
        // Equal but for deliveries in the microseconds between the two intervals' ends at the warm-up's end.
        assertThat((double) bySize).isCloseTo(e2e, org.assertj.core.api.Assertions.within(e2e * 0.02 + 2));
    }

    @Test
    void aSingleSizeHasNoLatencyPerSize() {
        RunResult r = new LoadRunner(Scenario.builder().protocol("in-memory").size(100).producerMessageCount(100)
                .build()).run();
        assertThat(r.latencyBySize()).isEmpty();
    }
}
