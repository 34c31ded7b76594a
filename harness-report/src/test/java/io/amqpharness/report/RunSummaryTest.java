package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RateSearchSpec;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.search.RateSearch;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The text summary and the find-max table of real runs against the in-memory driver: what the
 * engine's tests (LoadRunnerTest, RecoveryAccountingTest, FindMaxTest in harness-core) measure, said
 * in the lines a user reads.
 */
class RunSummaryTest extends InMemorySummaryTest {
    @Test
    void idleConnectionsAndChurnHaveTheirLines() {
        RunResult r = new LoadRunner(scenario().producers(4).producerChannelCount(3).consumers(2).rate(100)
                .idleConnections(150).idleChannels(2).churnRate(50).churnHold(Duration.ofMillis(100))
                .time(Duration.ofSeconds(1)).build()).run();
        assertThat(summary(r))
                .containsPattern("\\nConnections 156 opened in [0-9.]+ s \\([0-9,.]+/s\\), 150 of them idle\\n")
                .containsPattern("\\nChurn     [0-9]+ connections opened \\([0-9.]+/s\\) and [0-9]+ closed, 0 failed\\n")
                .contains("  churn open ");
    }

    @Test
    void aWarmUpBeforeTheStepsIsSaid() {
        RunResult r = new LoadRunner(scenario().warmup(Duration.ofMillis(300))
                .step(StepSetting.RATE, 200, 300).stepDuration(Duration.ofMillis(500)).build()).run();
        assertThat(summary(r)).contains("after a 300ms warm-up at the first step's settings (not measured)");
    }

    @Test
    void aStepThatAddsTheFirstConsumerShowsTheConsumedAndLostLine() {
        RunResult r = new LoadRunner(scenario().rate(200).warmup(Duration.ZERO)
                .step(StepSetting.CONSUMERS, 0, 1).stepDuration(Duration.ofMillis(500)).build()).run();
        assertThat(r.counts().consumed()).isPositive();
        assertThat(summary(r)).containsPattern("\\n  consumed [0-9,]+ .* lost 0")
                .containsPattern("\\nRates .* received [0-9,.]+ msg/s");
    }

    @Test
    void aBacklogRunSaysHowItFilledAndDrainedAndWhatThePublishersDid() {
        RunResult r = new LoadRunner(scenario().rate(1000).confirm(50).consumers(2)
                .backlog(io.amqpharness.scenario.BacklogSize.ofMessages(300)).time(Duration.ofSeconds(20)).build())
                .run();
        assertThat(r.backlog()).hasValueSatisfying(b -> assertThat(b.drained()).isTrue());
        assertThat(r.counts().lost()).isZero();
        assertThat(summary(r))
                .containsPattern("\\nBacklog   [0-9,]+ messages reached in [0-9.]+ s \\([0-9,]+ msg/s; broker depth "
                        + "[0-9,]+\\), then 2 consumers arrived in [0-9.]+ s; publishers kept publishing\\n")
                .containsPattern("\\nDrain     drained in [0-9.]+ s: [0-9,]+ msg/s net \\(peak [0-9,]+\\), consumers "
                        + "received [0-9,]+ msg/s\\n")
                .containsPattern("\\n  while filling +[0-9,]+ +[0-9,]+ +[0-9.]+ ms +[0-9.,]+ ms\\n")
                .containsPattern("\\n  while draining +[0-9,]+ +[0-9,]+ ")
                .containsPattern("\\|  fill \\|").containsPattern("\\| drain \\|");
        String html = io.amqpharness.report.html.HtmlReport.render(List.of(
                new io.amqpharness.report.html.ReportRun("backlog", io.amqpharness.report.files.RunDocument.of(r))));
        assertThat(html).contains("<section><h2>Backlog</h2>").contains("<th>time to drain</th>")
                .contains("<td>while draining</td>");
    }

    @Test
    void aStoppedRunSaysWhenItWasInterrupted() {
        LoadRunner runner = new LoadRunner(scenario().rate(50).build());
        runner.listener(new RunListener() {
            @Override
            public void interval(IntervalStats stats) {
                if (stats.total().published() > 0) {
                    runner.stop();
                }
            }
        });
        assertThat(summary(runner.run())).contains(" interrupted after ");
    }

    @Test
    void aSearchThatEndsOnItsOwnShowsItsWarmUpAndIsNotInterrupted() {
        RunResult r = new LoadRunner(scenario().rate(1).warmup(Duration.ofMillis(500)).build())
                .search(search(new RateSearch(200, OptionalDouble.of(200), 1, 0.05, 2), "e2e.p99>1s"))
                .run();
        assertThat(search(r)).contains("; after a 500ms warm-up at 200 msg/s (not measured)");
        assertThat(summary(r)).doesNotContain(" interrupted after ", "Interrupted: publishing stopped early");
    }

    @Test
    void aFailedFirstProbeMeasuredAgainIsShownAsNotCounted() {
        InMemoryDriver.slowStart = Duration.ofMillis(1_500);
        RunResult r = new LoadRunner(scenario().rate(1).build())
                .search(search(new RateSearch(200, OptionalDouble.of(200), 1, 0.05, 3), "e2e.p99>100ms"))
                .run();
        assertThat(search(r)).contains("not counted: the first probe failed");
    }

    private static RateSearchSpec search(RateSearch search, String gate) {
        return new RateSearchSpec(search, List.of(Gate.of(gate)), Duration.ofMillis(500));
    }

    /** The summary, from the run's document. */
    static String summary(RunResult r) {
        return TextSummary.format(io.amqpharness.report.build.RunDocument.of(r));
    }

    /** The find-max table and answer, from the run's document. */
    private static String search(RunResult r) {
        return SearchSummary.format(io.amqpharness.report.build.RunDocument.of(r));
    }
}
