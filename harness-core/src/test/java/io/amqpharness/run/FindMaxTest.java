package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.RateProbe;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.SearchOutcome;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.search.RateSearch;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code find-max} searches against the in-memory driver. */
class FindMaxTest {
    private static final Duration INTERVAL = Duration.ofMillis(100);

    private static Scenario.Builder scenario() {
        return Scenario.builder().protocol("in-memory").interval(INTERVAL).drainTimeout(Duration.ofSeconds(5)).rate(1);
    }

    private static RateSearchSpec spec(RateSearch search, String gate, Duration probe) {
        return new RateSearchSpec(search, List.of(Gate.of(gate)), probe);
    }

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.slowStart = Duration.ZERO;
        InMemoryDriver.confirmDelay = Duration.ZERO;
        InMemoryDriver.ERRORS.clear();
    }

    @Test
    void aSearchThatEndsOnItsOwnIsNotInterrupted() {
        RunResult r = new LoadRunner(scenario().build())
                .search(spec(new RateSearch(100, OptionalDouble.of(200), 1, 0.05, 4), "e2e.p99>2s",
                        Duration.ofMillis(300)))
                .run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.search()).isPresent();
        assertThat(r.interrupted()).isFalse();
        assertThat(r.interruptedAfter()).isEmpty();
    }

    @Test
    void aFailedFirstProbeIsMeasuredOnceMoreBeforeTheSearchBelievesIt() {
        // Deliveries are slow for the first 1.5 s (a cold start): the first probe measures that and
        // fails. It is measured again at the same rate before the search takes it as an answer.
        InMemoryDriver.slowStart = Duration.ofMillis(1_500);
        RunResult r = new LoadRunner(scenario().build())
                .search(spec(new RateSearch(200, OptionalDouble.of(200), 1, 0.05, 3), "e2e.p99>100ms",
                        Duration.ofMillis(500)))
                .run();
        assertThat(r.failure()).isEmpty();
        SearchOutcome s = r.search().orElseThrow();
        String table = s.probes().toString();
        assertThat(r.steps().get(0).latency(Metric.END_TO_END).p99()).as("the cold start: %s", table)
                .isGreaterThan(100_000_000L);
        assertThat(r.steps().get(1).values()).as(table).containsEntry("total-rate", 200.0);
        assertThat(s.probes()).as(table).isNotEmpty();
        assertThat(s.probes().get(0).step()).as("the failed first measurement is not a probe: %s", table).isEqualTo(1);
        assertThat(s.probes().get(0).rate()).isEqualTo(200);
        assertThat(s.probes()).noneMatch(p -> p.step() == 0);
    }

    @Test
    void aWarmUpIsLeftOutOfTheFirstProbe() {
        RunResult r = new LoadRunner(scenario().warmup(Duration.ofMillis(500)).build())
                .search(spec(new RateSearch(200, OptionalDouble.of(200), 1, 0.05, 3), "e2e.p99>1s",
                        Duration.ofMillis(300)))
                .run();
        assertThat(r.steps()).isNotEmpty();
        assertThat(r.steps().get(0).start()).as("the first probe starts after the warm-up")
                .isGreaterThanOrEqualTo(Duration.ofMillis(500));
    }

    @Test
    void theFirstProbeWaitsForTheBacklogAColdWarmUpLeft() {
        // Deliveries take 20 ms each for the first 1.5 s (50 msg/s against 200 sent): the 1 s warm-up
        // ends with a backlog that cannot be gone before 1.5 s, and the first probe must not measure it.
        InMemoryDriver.slowStart = Duration.ofMillis(1_500);
        RunResult r = new LoadRunner(scenario().warmup(Duration.ofMillis(1_000)).build())
                .search(spec(new RateSearch(200, OptionalDouble.of(200), 1, 0.05, 2), "e2e.p99>2s",
                        Duration.ofMillis(500)))
                .run();
        assertThat(r.steps()).isNotEmpty();
        assertThat(r.steps().get(0).start()).as("the first probe starts once the warm-up's backlog is gone")
                .isGreaterThanOrEqualTo(Duration.ofMillis(1_500));
    }

    @Test
    void aProbeAfterAFailureStartsOnlyOnceThePublishersOweNothing() {
        // The confirm window caps the publisher at 2 / 4 ms = 500 msg/s at most (a little less, as
        // the fake broker's delays run long). A probe at 1,100 msg/s fails and leaves the publisher
        // owing a backlog; the next probe must not start until it is sent, or it measures it and
        // fails below the cap.
        InMemoryDriver.confirmDelay = Duration.ofMillis(4);
        RunResult r = new LoadRunner(scenario().confirm(2).build())
                .search(spec(new RateSearch(1_100, OptionalDouble.empty(), 1, 0.05, 12), "e2e.p99>300ms",
                        Duration.ofMillis(500)))
                .run();
        assertThat(r.failure()).isEmpty();
        SearchOutcome s = r.search().orElseThrow();
        String table = s.probes().toString();
        for (int i = 1; i < s.probes().size(); i++) {
            if (!s.probes().get(i - 1).passed()) {
                StepResult after = r.steps().get(s.probes().get(i).step());
                assertThat(after.latency(Metric.PUBLISH_DELAY).p50())
                        .as("publish delay p50 of the probe after failed probe %d in%n%s", i, table)
                        .isLessThan(2 * INTERVAL.toNanos());
            }
        }
        // The cap is timing: take it from the probes. The lowest rate that failed failed because the
        // publisher could not send it; the answer is within the precision below it, so at least 0.9 of
        // what the publisher could send then (a probe that inherited a backlog fails far lower).
        RateProbe lowestFailed = s.probes().stream().filter(p -> !p.passed())
                .min(java.util.Comparator.comparingDouble(RateProbe::rate)).orElseThrow();
        double cap = r.steps().get(lowestFailed.step()).rates().sent();
        assertThat(s.converged()).as(table).isTrue();
        assertThat(s.answer()).isPresent();
        assertThat(s.answer().getAsDouble()).as(table).isGreaterThanOrEqualTo(0.9 * cap);
    }

    @Test
    void aProbeAfterAFailureStartsOnceTheQueueIsEmptyEvenWhenTheBrokerRefusedSome() {
        // The broker nacks every tenth message, and the gate fails every probe on it. Nacked messages
        // never arrive: counted as owed, the settle after each failed probe waited its whole 10 s limit.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(10, 1, false, false, 0);
        RunResult r = new LoadRunner(scenario().confirm(20).build())
                .search(spec(new RateSearch(400, OptionalDouble.empty(), 1, 0.05, 2), "nacked>0",
                        Duration.ofMillis(300)))
                .run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().nacked()).isPositive();
        String table = r.search().orElseThrow().probes().toString();
        assertThat(r.steps()).as(table).hasSizeGreaterThanOrEqualTo(2);
        // Whether the consumers kept up is timing (a loaded machine may slow them); what they are owed is not.
        assertThat(r.search().orElseThrow().probes()).as("nacked messages are not owed to the consumers")
                .allSatisfy(p -> assertThat(p.reasons()).filteredOn(why -> why.startsWith("The consumers received"))
                        .allMatch(why -> why.contains(" sent and not refused ")));
        for (int i = 1; i < r.steps().size(); i++) {
            StepResult before = r.steps().get(i - 1);
            Duration end = before.start().plus(before.length());
            Duration wait = r.steps().get(i).start().minus(end);
            // The in-memory queue empties within an interval or two; on a quiet machine the next probe
            // starts a few intervals later. The bound leaves room for a loaded one (a publisher that
            // gets no CPU falls behind its schedule, a backlog the settle rightly waits for), and is
            // still half the settle limit this used to wait out.
            assertThat(wait).as("wait before step %d, after the failed one ended at %s, in%n%s", i, end, table)
                    .isLessThan(Duration.ofSeconds(5));
        }
    }
}
