package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The warm-up a run gets, and how long it publishes. */
class RunSettingsTest {

    private static Scenario.Builder stepped() {
        return Scenario.builder().protocol("in-memory").step(StepSetting.RATE, 100, 200)
                .stepDuration(Duration.ofSeconds(10));
    }

    @Test
    void aSteppedRunWithoutATimeLimitWarmsUpByDefaultAndPublishesForTheWarmUpAndEveryStep() {
        RunSettings r = stepped().build().run();
        assertThat(r.warmup()).hasValue(RunSettings.DEFAULT_WARMUP);
        assertThat(r.publishingLimit()).as("the last step is whole: steps are timed from the end of the warm-up")
                .hasValue(Duration.ofSeconds(25));
        assertThat(stepped().warmup(Duration.ofSeconds(2)).build().run().publishingLimit())
                .hasValue(Duration.ofSeconds(22));
    }

    @Test
    void warmupZeroMeansNoneAndSurvivesTheRoundTripThroughArguments() {
        Scenario none = stepped().warmup(Duration.ZERO).build();
        assertThat(none.run().warmup()).isEmpty();
        assertThat(none.run().publishingLimit()).hasValue(Duration.ofSeconds(20));
        assertThat(none.toBuilder().build().run().warmup()).as("toBuilder keeps 'none'").isEmpty();
        assertThat(none.toArguments()).as("spelled out: it differs from the default").contains("--warmup");
        assertThat(stepped().build().toArguments()).as("the default is not spelled out").doesNotContain("--warmup");
        assertThat(stepped().build().toBuilder().build().run().warmup()).hasValue(RunSettings.DEFAULT_WARMUP);
    }

    @Test
    void noDefaultWarmUpWithATimeLimitOrWithoutSteps() {
        assertThat(stepped().time(Duration.ofSeconds(9)).build().run().warmup()).isEmpty();
        assertThat(Scenario.builder().protocol("in-memory").rate(10).build().run().warmup()).isEmpty();
        assertThat(Scenario.builder().protocol("in-memory").rate(10).warmup(Duration.ZERO).build().run().warmup())
                .isEmpty();
    }

    @Test
    void aNegativeWarmUpIsRefused() {
        assertThatThrownBy(() -> stepped().warmup(Duration.ofSeconds(-1)).build())
                .hasMessageContaining("--warmup must be 0 (none) or a positive duration");
    }

    @Test
    @SuppressWarnings("removal")
    void theDeprecatedWarmUpRuleKeepsItsOldAnswer() {
        assertThat(RunSettings.defaultWarmup(true, false)).contains(RunSettings.DEFAULT_WARMUP);
        assertThat(RunSettings.defaultWarmup(true, true)).isEmpty();
        assertThat(RunSettings.defaultWarmup(false, false)).isEmpty();
        assertThat(RunSettings.defaultWarmup(false, true)).isEmpty();
    }
}
