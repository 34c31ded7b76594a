package io.amqpharness.junit;

import static io.amqpharness.junit.HarnessAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.SyntheticRun;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunResultAssertTest {
    private final RunResult result = SyntheticRun.create(5, 1_000, 42).result;

    @Test
    void passingAssertionsChain() {
        assertThat(result).completed().hasThroughputAtLeast(900).publishedAtLeast(5_000).consumedAtLeast(5_000)
                .hasEndToEndPercentileBelow(50, Duration.ofSeconds(10)).hasNoNacks().hasNoDuplicates()
                .accountsForEveryMessage().lostNothing();
    }

    @Test
    void brokerCountsThatDifferShowBothNumbers() {
        // The synthetic broker counted 10 messages fewer than were published.
        assertThatThrownBy(() -> assertThat(result).brokerCountsAgree())
                .hasMessageStartingWith("Expected the broker's counts to agree with the harness's, but run abc123's "
                        + "differ: published 4,990 (harness 5,000), delivered 5,000 (harness 5,000): DIFFER");
    }

    @Test
    void throughputFailureShowsTheNumbers() {
        assertThatThrownBy(() -> assertThat(result).hasThroughputAtLeast(20_000))
                .hasMessageStartingWith("Expected a throughput of at least 20,000 msg/s, but run abc123 reached 1,000 msg/s")
                .hasMessageContaining("sent 1,000, received 1,000 msg/s over 5.0 s");
    }

    @Test
    void percentileFailureShowsTheLadder() {
        assertThatThrownBy(() -> assertThat(result).hasEndToEndPercentileBelow(99, Duration.ofNanos(1)))
                .hasMessageStartingWith("Expected end-to-end latency at p99 below 0.000 ms, but it was ")
                .hasMessageContaining("p50 ").hasMessageContaining("max ").hasMessageContaining("values)");
    }

    @Test
    void gatesReadAsOnTheCommandLine() {
        assertThat(result).failIf("lost>0", "duplicated>0", "rate.received<500", "e2e.p50>10s");
        assertThatThrownBy(() -> assertThat(result).failIf("lost>0", "rate.received<2000"))
                .hasMessageStartingWith("Expected run abc123 to pass its gates, but 3 failed:")
                .hasMessageContaining("Gate rate.received<2000 failed: received rate was 1,000 msg/s, below 2,000 msg/s.")
                .hasMessageContaining("Gate rate.received<2000 failed in step 1 (confirm=50)");
        assertThatThrownBy(() -> assertThat(result).failIf("e2e.p99>20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'e2e.p99>20' is not a gate: '20' is not a latency");
    }
}
