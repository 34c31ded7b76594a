package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The summary's first line says how much of the publishing was warm-up, and that it was not measured. */
class WarmUpSummaryTest {
    private static Scenario.Builder scenario() {
        return Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100)).rate(200)
                .time(Duration.ofMillis(500));
    }

    @Test
    void theFirstLineSaysTheWarmUpWasAddedAndNotMeasured() {
        RunResult r = new LoadRunner(scenario().warmup(Duration.ofMillis(300)).build()).run();
        assertThat(TextSummary.format(r).lines().findFirst().orElseThrow())
                .matches("Run \\S+ finished after [0-9.]+ s \\(publishing [0-9.]+ s; the first 300ms warm-up, "
                        + "not measured\\)");
    }

    @Test
    void withoutAWarmUpTheFirstLineIsAsBefore() {
        RunResult r = new LoadRunner(scenario().build()).run();
        assertThat(TextSummary.format(r).lines().findFirst().orElseThrow())
                .matches("Run \\S+ finished after [0-9.]+ s \\(publishing [0-9.]+ s\\)");
    }
}
