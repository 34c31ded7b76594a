package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A timed run of 10 s or more warms up for 5 s by default, and a warm-up is added to {@code --time}
 * rather than taken from it; {@code --warmup 0} keeps a run without one.
 */
class WarmUpDefaultTest {
    private static Scenario.Builder timed(Duration time) {
        return Scenario.builder().protocol("in-memory").rate(100).time(time);
    }

    @Test
    void aTimedRunOfTenSecondsOrMoreWarmsUpFiveSecondsOnTopOfItsTime() {
        RunSettings r = timed(Duration.ofSeconds(10)).build().run();
        assertThat(r.warmup()).hasValue(RunSettings.DEFAULT_WARMUP);
        assertThat(r.publishingLimit()).as("10 s measured after the warm-up").hasValue(Duration.ofSeconds(15));
        assertThat(timed(Duration.ofSeconds(10)).build().toArguments()).as("the default is not spelled out")
                .doesNotContain("--warmup");
    }

    @Test
    void aGivenWarmUpIsAddedToTheTimeNotTakenFromIt() {
        RunSettings r = timed(Duration.ofSeconds(5)).warmup(Duration.ofSeconds(3)).build().run();
        assertThat(r.publishingLimit()).hasValue(Duration.ofSeconds(8));
        assertThat(timed(Duration.ofSeconds(5)).warmup(Duration.ofSeconds(5)).build().run().publishingLimit())
                .as("a warm-up as long as the time leaves the time to measure").hasValue(Duration.ofSeconds(10));
    }

    @Test
    void warmupZeroShortRunsAndCountBoundedRunsHaveNone() {
        RunSettings zero = timed(Duration.ofSeconds(30)).warmup(Duration.ZERO).build().run();
        assertThat(zero.warmup()).isEmpty();
        assertThat(zero.publishingLimit()).hasValue(Duration.ofSeconds(30));
        assertThat(timed(Duration.ofSeconds(9)).build().run().warmup()).as("a short (smoke) run").isEmpty();
        Scenario counted = Scenario.builder().protocol("in-memory").producerMessageCount(500).build();
        assertThat(counted.run().warmup()).as("a count-bounded run").isEmpty();
        assertThat(counted.run().publishingLimit()).isEmpty();
    }

    @Test
    void aTimeLimitThatOnlyCapsACountOrAnExitConditionBringsNoWarmUp() {
        // -C 1000 -z 60s, --exit-when empty -z 60s: the messages could all go by during a warm-up.
        assertThat(timed(Duration.ofSeconds(60)).producerMessageCount(1000).build().run().warmup()).isEmpty();
        assertThat(timed(Duration.ofSeconds(60)).consumerMessageCount(1000).build().run().warmup()).isEmpty();
        assertThat(timed(Duration.ofSeconds(60)).exitWhen(ExitWhen.EMPTY).build().run().warmup()).isEmpty();
        assertThat(timed(Duration.ofSeconds(60)).producerMessageCount(1000).build().toArguments())
                .doesNotContain("--warmup");
    }

    @Test
    void aWarmedUpRunPublishesForTheWarmUpAndThenTheWholeTime() {
        RunResult r = new LoadRunner(Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .rate(1_000).warmup(Duration.ofMillis(400)).time(Duration.ofMillis(600)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).as("1 s at 1,000/s: 0.4 s warm-up, then 0.6 s measured")
                .isBetween(900L, 1_100L);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).matches("The first [0-9]+\\.[0-9]{1,2} s were warm-up: .*"));
    }
}
