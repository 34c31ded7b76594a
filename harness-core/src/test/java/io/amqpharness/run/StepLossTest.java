package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A step's lost is what went missing during that step, against the in-memory driver. */
class StepLossTest {

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.ERRORS.clear();
    }

    @Test
    void aStepThatLostMessagesBreaksALostGate() {
        // The broker confirms every 50th message and drops it: about 20 a second, in both steps. The
        // live "declared lost" count rises only 65,536 messages after a gap, so both steps said 0.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 0, 50, 0, false);
        RunResult r = new LoadRunner(Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .drainTimeout(Duration.ofSeconds(2)).step(StepSetting.RATE, 1_000, 1_000)
                .stepDuration(Duration.ofSeconds(1)).warmup(Duration.ZERO).failIf("lost>0").build()).run();
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(0).counts().lost()).as("step 0").isPositive();
        assertThat(r.steps().get(1).counts().lost()).as("step 1").isPositive();
        assertThat(r.steps().get(0).counts().lost() + r.steps().get(1).counts().lost())
                .as("the steps' losses add up to the run's").isEqualTo(r.counts().lost());
        assertThat(r.gates()).filteredOn(v -> v.step().isPresent())
                .hasSize(2).allSatisfy(v -> assertThat(v.broken()).as(v.sentence()).isTrue());
    }
}
