package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * How a run stops: a stop from outside, messages due but not sent when publishing stops, and the
 * drain after a stop, against the in-memory driver (LoadRunnerTest has the rest of the lifecycle).
 */
class LoadRunnerStopTest extends InMemoryRunTest {

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
