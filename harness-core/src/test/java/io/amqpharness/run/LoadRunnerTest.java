package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The whole run lifecycle against the in-memory driver. */
class LoadRunnerTest {

    private static Scenario.Builder scenario() {
        return Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .drainTimeout(Duration.ofSeconds(10));
    }

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.ERRORS.clear();
    }

    @Test
    void idleConnectionsAndChurnAreOpenedAndCounted() {
        RunResult r = new LoadRunner(scenario().producers(4).producerChannelCount(3).consumers(2).rate(100)
                .idleConnections(150).idleChannels(2).churnRate(50).churnHold(Duration.ofMillis(100))
                .time(Duration.ofSeconds(1)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.connections().opened()).as("4 publisher, 2 consumer and 150 idle connections").isEqualTo(156);
        assertThat(r.connections().idle()).isEqualTo(150);
        assertThat(r.counts().published()).as("12 publishers x 100 msg/s x 1 s").isEqualTo(1_200);
        assertThat(r.counts().consumed()).isEqualTo(1_200);
        ConnectionStats.Churn churn = r.connections().churn().orElseThrow();
        assertThat(churn.opened()).as("50/s for 1 s").isBetween(45L, 51L);
        assertThat(churn.closed()).isEqualTo(churn.opened());
        assertThat(churn.failed()).isZero();
        assertThat(r.latency(Metric.CHURN_OPEN).count()).isEqualTo(churn.opened());
    }

    @Test
    void messageCountsAddUpWithConfirmsAndMultipleAcks() {
        RunResult r = new LoadRunner(scenario().producers(2).consumers(2).producerMessageCount(5_000)
                .confirm(64).qos(100).multiAckEvery(10).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isEqualTo(10_000);
        assertThat(r.counts().confirmed()).isEqualTo(10_000);
        assertThat(r.counts().consumed()).isEqualTo(10_000);
        assertThat(r.unconfirmedAtStop()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(r.leftInQueues()).hasValue(0);
        assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(10_000);
        assertThat(r.latency(Metric.CONFIRM).count()).isEqualTo(10_000);
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).as("unpaced: no publish delay").isZero();
        assertThat(InMemoryDriver.ERRORS).isEmpty();
        InMemoryDriver d = InMemoryDriver.CREATED.get(InMemoryDriver.CREATED.size() - 1);
        assertThat(d.multipleAcks()).isGreaterThan(0);
    }

    @Test
    void consumersTellTheDriverWhetherTheyMayWait() {
        new LoadRunner(scenario().producerMessageCount(10).consumers(2).build()).run();
        assertThat(InMemoryDriver.CREATED.get(InMemoryDriver.CREATED.size() - 1).listenersMayWait)
                .as("plain consumers never wait: a driver may call them on its I/O thread").containsExactly(false, false);
        new LoadRunner(scenario().producerMessageCount(10).consumerRate(1000).build()).run();
        assertThat(InMemoryDriver.CREATED.get(InMemoryDriver.CREATED.size() - 1).listenersMayWait)
                .as("a consumer rate waits").containsExactly(true);
        new LoadRunner(scenario().producerMessageCount(10).consumerLatency(
                io.amqpharness.scenario.DurationRange.parse("1ms").orElseThrow()).build()).run();
        assertThat(InMemoryDriver.CREATED.get(InMemoryDriver.CREATED.size() - 1).listenersMayWait)
                .as("simulated processing waits").containsExactly(true);
    }

    @Test
    void batchedMultipleConfirmsAreResolved() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 7, false, false, 0);
        RunResult r = new LoadRunner(scenario().producerMessageCount(700).confirm(50).build()).run();
        assertThat(r.counts().confirmed()).isEqualTo(700);
        assertThat(r.unconfirmedAtStop()).isZero();
    }

    @Test
    void nacksAreCountedAndNotConsumed() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(10, 1, false, false, 0);
        RunResult r = new LoadRunner(scenario().producerMessageCount(1_000).confirm(20).build()).run();
        assertThat(r.counts().nacked()).isEqualTo(100);
        assertThat(r.counts().confirmed()).isEqualTo(900);
        assertThat(r.counts().consumed()).isEqualTo(900);
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    void returnsAreCountedWithAndWithoutConfirms() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, true, 0);
        RunResult confirmed = new LoadRunner(scenario().consumers(0).producerMessageCount(200).confirm(10)
                .flag(MessageFlag.MANDATORY).build()).run();
        assertThat(confirmed.counts().returned()).isEqualTo(200);
        assertThat(confirmed.counts().confirmed()).isZero();
        assertThat(confirmed.unaccountedPublished()).isZero();
        RunResult unconfirmed = new LoadRunner(scenario().consumers(0).producerMessageCount(200)
                .flag(MessageFlag.MANDATORY).build()).run();
        assertThat(unconfirmed.counts().returned()).isEqualTo(200);
    }

    @Test
    void withheldConfirmsTimeOutAndTheCountsStillAddUp() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, true, false, 0);
        RunResult r = new LoadRunner(scenario().consumers(0).producerMessageCount(30).confirm(10)
                .confirmTimeout(Duration.ofMillis(200)).build()).run();
        assertThat(r.counts().published()).isEqualTo(30);
        assertThat(r.counts().timedOut()).isEqualTo(30);
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    void pacedPublishersHoldTheirRateAndRecordPublishDelay() {
        RunResult r = new LoadRunner(scenario().producers(2).rate(200).time(Duration.ofSeconds(1)).build()).run();
        assertThat(r.paced()).isTrue();
        assertThat(r.counts().published()).as("rate x time, exactly").isEqualTo(400);
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).isEqualTo(r.counts().published());
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
    }

    @Test
    void consumerGoalEndsTheRun() {
        RunResult r = new LoadRunner(scenario().consumerMessageCount(500).qos(50).multiAckEvery(25)
                .ackTimeout(Duration.ofMillis(20)).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(500);
        assertThat(r.counts().published()).isGreaterThanOrEqualTo(500);
        assertThat(InMemoryDriver.ERRORS).isEmpty();
    }

    @Test
    void ackTimeoutSettlesAPartialWindowSoASlowPublisherIsNotStuck() {
        // prefetch 10, ack every 10: at 20 msg/s only the 50 ms bound keeps messages flowing.
        RunResult r = new LoadRunner(scenario().rate(20).time(Duration.ofMillis(700)).qos(10).multiAckEvery(10)
                .ackTimeout(Duration.ofMillis(50)).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published()).isGreaterThan(10);
        assertThat(InMemoryDriver.ERRORS).isEmpty();
    }

    @Test
    void aFailingLinkEndsTheRunWithAFailureAndTheCountsSoFar() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 100);
        RunResult r = new LoadRunner(scenario().producerMessageCount(1_000).confirm(10).build()).run();
        assertThat(r.failure()).hasValue("The fake broker closed the channel.");
        assertThat(r.counts().published()).isEqualTo(100);
    }

    @Test
    void messagesRemovedBehindTheHarnesssBackAreReportedLost() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 0, 10, 0, false);
        RunResult r = new LoadRunner(scenario().producers(2).producerMessageCount(1_000).confirm(50)
                .drainTimeout(Duration.ofSeconds(3)).build()).run();
        assertThat(r.counts().confirmed()).isEqualTo(2_000);
        assertThat(r.counts().consumed()).isEqualTo(1_800);
        // every 10th of each publisher's 1,000 is gone: 99 gaps below the highest received, plus 1,000 itself
        assertThat(r.counts().lost()).isEqualTo(198);
        assertThat(r.unaccountedDeliveries()).hasValue(200);
        assertThat(r.counts().duplicated()).isZero();
    }

    @Test
    void duplicatesAndReorderingAreCountedApart() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 0, 0, 100, true);
        RunResult r = new LoadRunner(scenario().producerMessageCount(1_000).confirm(50).build()).run();
        assertThat(r.counts().duplicated()).isEqualTo(10);
        assertThat(r.counts().outOfOrder()).isEqualTo(500);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().ownUnique()).isEqualTo(1_000);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void orderIsJudgedPerPublisherWhenPublishersInterleave() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 0, 0, 0, true);
        RunResult r = new LoadRunner(scenario().producers(3).consumers(1).producerMessageCount(1_000).confirm(50)
                .build()).run();
        // each publisher's 500 swapped pairs, whatever the interleaving with the others' messages
        assertThat(r.counts().outOfOrder()).isEqualTo(1_500);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().ownUnique()).isEqualTo(3_000);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void maxPercentileOverIntervalsIsAtLeastTheWholeRunsMedian() {
        RunResult r = new LoadRunner(scenario().rate(500).time(Duration.ofMillis(800)).build()).run();
        assertThat(r.maxOverIntervals(Metric.END_TO_END).p99()).isGreaterThanOrEqualTo(r.latency(Metric.END_TO_END).p50());
        assertThat(r.maxOverIntervals(Metric.END_TO_END).count()).isPositive();
    }

    @Test
    void warmUpIntervalsAreLeftOutOfTheHighestValuesOverIntervals() {
        RunResult r = new LoadRunner(scenario().rate(1_000).warmup(Duration.ofMillis(500)).time(Duration.ofMillis(1_000))
                .build()).run();
        assertThat(r.intervals()).anySatisfy(i -> assertThat(i.phase()).isEqualTo(IntervalStats.Phase.WARMUP));
        assertThat(r.maxOverIntervals(Metric.END_TO_END).count())
                .as("the intervals' counts add up to the measured messages, as for the whole run")
                .isEqualTo(r.latency(Metric.END_TO_END).count());
    }

    @Test
    void aTotalRateIsSplitOverThePublishersEachStepRuns() {
        // 200/s in total over 1, then 4, then 0, then 2 publishers, half a second each: every step sends
        // about 100 (a step that kept the first step's per-publisher rate sent 400 with 4 publishers)
        // and one that starts with none still paces those added later.
        RunResult r = new LoadRunner(scenario().totalRate(200).warmup(Duration.ZERO)
                .step(io.amqpharness.scenario.StepSetting.PRODUCERS, 1, 4, 0, 2)
                .stepDuration(Duration.ofMillis(500)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.steps()).hasSize(4);
        for (int i : new int[] {0, 1, 3}) {
            assertThat(r.steps().get(i).counts().published()).as("step %d", i).isBetween(60L, 130L);
        }
        RunResult fromNone = new LoadRunner(scenario().totalRate(200).warmup(Duration.ZERO)
                .step(io.amqpharness.scenario.StepSetting.PRODUCERS, 0, 2)
                .stepDuration(Duration.ofMillis(500)).build()).run();
        assertThat(fromNone.paced()).isTrue();
        assertThat(fromNone.steps().get(1).counts().published()).as("paced at 200/s, not flat out")
                .isBetween(60L, 130L);
    }

    @Test
    void messagesDueButNotSentWhenPublishingStopsAreCountedAndDelayed() {
        // The broker never confirms: 20 messages fill the window, the other 180 of the 200 due
        // in the second at 200/s are never sent. They must not vanish from the publish delay.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, true, false, 0);
        RunResult r = new LoadRunner(scenario().rate(200).time(Duration.ofSeconds(1)).confirm(20)
                .drainTimeout(Duration.ofMillis(300)).build()).run();
        assertThat(r.counts().published()).isEqualTo(20);
        assertThat(r.unsentAtStop()).as("due before the time limit, never sent").isEqualTo(180);
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).as("every message due has a publish delay")
                .isEqualTo(200);
        assertThat(r.publishDelay().max()).as("message 21, due at 100 ms, waited until the stop, after 1 s")
                .isGreaterThanOrEqualTo(Duration.ofMillis(890));
    }

    @Test
    void stepsAreTimedFromTheEndOfTheWarmUp() {
        // Half-second steps after a 0.4 s warm-up; the bounds leave the same time (50 ms, 200 ms) as with longer ones.
        RunResult r = new LoadRunner(scenario().warmup(Duration.ofMillis(400))
                .step(io.amqpharness.scenario.StepSetting.RATE, 400, 600).stepDuration(Duration.ofMillis(500))
                .build()).run();
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(0).start()).as("the first step starts when the warm-up ends")
                .isGreaterThanOrEqualTo(Duration.ofMillis(400));
        assertThat(r.steps().get(0).length()).as("a whole step (to the nearest interval), not what was left after the "
                + "warm-up").isGreaterThanOrEqualTo(Duration.ofMillis(450));
        assertThat(r.steps().get(1).counts().published())
                .as("the last step publishes for all of its half second at 600/s (but the last 0.2 s), not 0.1 s")
                .isGreaterThanOrEqualTo(180);
    }

    @Test
    void stepsAfterAWarmUpEndAtTheNearestIntervalNotOneLater() {
        // Steps are timed from the warm-up's last tick: a tick a little earlier than that one, relative
        // to the schedule, must still end the step, or the step lasts an interval (here half of it) longer.
        RunResult r = new LoadRunner(scenario().interval(Duration.ofMillis(500)).warmup(Duration.ofMillis(1_000))
                .step(io.amqpharness.scenario.StepSetting.RATE, 100, 100, 100, 100)
                .stepDuration(Duration.ofMillis(1_000)).build()).run();
        assertThat(r.steps()).hasSize(4);
        for (StepResult s : r.steps()) {
            assertThat(s.counts().published()).as("step %d at 100/s for 1 s", s.index()).isBetween(80L, 125L);
        }
    }

    @Test
    void theLastStepEndsWhenPublishingStopsNotAfterTheDrain() {
        // A TTL makes the expected deliveries unknown, so the drain waits a second for idle consumers:
        // that second is not part of the last step, whose rate is then that of the first.
        RunResult r = new LoadRunner(scenario().warmup(Duration.ZERO)
                .step(io.amqpharness.scenario.StepSetting.RATE, 100, 100).stepDuration(Duration.ofMillis(1_000))
                .queueArgument("x-message-ttl", 60_000L).build()).run();
        assertThat(r.steps()).hasSize(2);
        double first = r.steps().get(0).rates().sent();
        assertThat(r.steps().get(1).rates().sent()).as("step 1 against step 0 (%s msg/s)", first)
                .isGreaterThanOrEqualTo(0.9 * first);
        assertThat(r.steps().get(1).length()).isLessThan(r.totalTime().minus(r.steps().get(1).start()));
    }

    @Test
    void listenersSeeStartIntervalsAndTheResult() {
        List<String> events = new ArrayList<>();
        RunResult r = new LoadRunner(scenario().rate(100).time(Duration.ofMillis(350)).build())
                .listener(new RunListener() {
                    @Override public void started(RunStart s) { events.add("start"); }
                    @Override public void interval(IntervalStats s) { events.add("interval"); }
                    @Override public void finished(RunResult result) { events.add("finish"); }
                }).run();
        assertThat(events.get(0)).isEqualTo("start");
        assertThat(events).contains("interval").endsWith("finish");
        assertThat(r.intervals()).isNotEmpty();
        long sum = r.intervals().stream().mapToLong(i -> i.delta().published()).sum();
        assertThat(sum).as("interval deltas add up to the total").isEqualTo(r.counts().published());
    }

    @Test
    void stopEndsAnOpenEndedRun() {
        LoadRunner runner = new LoadRunner(scenario().rate(50).build());
        runner.listener(new RunListener() {
            @Override
            public void interval(IntervalStats stats) {
                if (stats.total().published() > 0) {
                    runner.stop();
                }
            }
        });
        RunResult r = runner.run();
        assertThat(r.counts().published()).isGreaterThan(0);
        assertThat(r.failure()).isEmpty();
        assertThat(r.interrupted()).isTrue();
        assertThat(r.interruptedAfter()).hasValueSatisfying(s -> assertThat(s).matches("[0-9.]+ s"));
    }

    @Test
    void aStoppedRunStillReceivesWhatIsOnItsWaySoThatItsCountsClose() {
        // Each delivery takes 20 ms (50/s) against 100/s published: a backlog of about 30 when the run stops.
        RunResult r = stoppedWithSlowConsumers(100, 60);
        assertThat(r.interrupted()).isTrue();
        assertThat(r.counts().ownUnique()).as("every confirmed message received after the stop: %s", r.counts())
                .isEqualTo(r.counts().confirmed()).isEqualTo(r.counts().published());
        assertThat(r.notes()).noneMatch(n -> n.startsWith("After the stop"));
    }

    @Test
    void aStoppedRunDoesNotWaitOutABacklog() {
        // About 400 published against 50/s consumed: the drain after the stop gives up after 2 s and says so.
        RunResult r = stoppedWithSlowConsumers(1_000, 400);
        assertThat(r.interrupted()).isTrue();
        assertThat(r.counts().ownUnique()).isLessThan(r.counts().published());
        assertThat(r.notes()).contains("After the stop, consumers had not received everything within 2 s; the drain "
                + "ended there.");
    }

    /** A confirmed run at {@code rate} whose consumer takes 20 ms per delivery, stopped once {@code published} are. */
    private static RunResult stoppedWithSlowConsumers(double rate, long published) {
        InMemoryDriver.slowStart = Duration.ofSeconds(60);
        try {
            LoadRunner runner = new LoadRunner(scenario().rate(rate).confirm(1_000).build());
            runner.listener(new RunListener() {
                @Override
                public void interval(IntervalStats stats) {
                    if (stats.total().published() >= published) {
                        runner.stop();
                    }
                }
            });
            return runner.run();
        } finally {
            InMemoryDriver.slowStart = Duration.ZERO;
        }
    }

    @Test
    void aStoppedRunWithATimeLimitSaysHowMuchOfItRan() {
        LoadRunner runner = new LoadRunner(scenario().rate(50).time(Duration.ofSeconds(30)).warmup(Duration.ZERO)
                .build());
        runner.listener(new RunListener() {
            @Override
            public void interval(IntervalStats stats) {
                runner.stop();
            }
        });
        RunResult r = runner.run();
        assertThat(r.interruptedAfter()).hasValueSatisfying(s -> assertThat(s).matches("[0-9.]+ s of 30 s"));
    }

    @Test
    void aRunThatReachesItsGoalIsNotInterrupted() {
        RunResult r = new LoadRunner(scenario().rate(100).time(Duration.ofMillis(300)).build()).run();
        assertThat(r.interrupted()).isFalse();
        assertThat(r.interruptedAfter()).isEmpty();
    }
}
