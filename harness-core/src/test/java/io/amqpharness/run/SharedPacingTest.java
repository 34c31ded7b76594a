package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Paced publishers that share pacing threads ({@code --pacing-threads}): the same counts, schedules,
 * steps and publish delays as with a thread each, sent from the pacing threads; idle publishers have
 * no thread at all.
 */
class SharedPacingTest {

    private static Scenario.Builder scenario() {
        return InMemoryDriver.scenario();
    }

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.reset();
    }

    @Test
    void manyPacedPublishersOnTwoPacingThreadsSendEveryMessageWithConfirms() {
        RunResult r = new LoadRunner(scenario().producers(40).rate(200).producerMessageCount(20).confirm(5)
                .pacingThreads(2).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isEqualTo(800);
        assertThat(r.counts().confirmed()).isEqualTo(800);
        assertThat(r.counts().consumed()).isEqualTo(800);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).isEqualTo(800);
        assertThat(InMemoryDriver.SEND_THREADS).containsExactly("harness-pacing-");
    }

    @Test
    void aTotalRateIsSplitOverThePublishersEachStepRunsOnPacingThreadsToo() {
        // As LoadRunnerStepsTest's: 200/s in total over 1, 4, 0, then 2 publishers; retired publishers leave
        // their pacing thread, added ones join it at once.
        RunResult r = new LoadRunner(scenario().totalRate(200).pacingThreads(1).warmup(Duration.ZERO)
                .step(StepSetting.PRODUCERS, 1, 4, 0, 2).stepDuration(Duration.ofMillis(500)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.steps()).hasSize(4);
        for (int i : new int[] {0, 1, 3}) {
            // About 100; a step that kept the first step's per-publisher rate would send 400. The upper bound
            // leaves room for a loaded machine, where applying a step lags (132 seen once).
            assertThat(r.steps().get(i).counts().published()).as("step %d", i).isBetween(60L, 180L);
        }
        assertThat(r.counts().lost()).isZero();
        assertThat(InMemoryDriver.SEND_THREADS).containsExactly("harness-pacing-");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {0, 2})
    void aRateStepMovesThePublishersWaitingOnAPacingThread(int pacingThreads) {
        // 1/s then 40/s each: publishers waiting a whole second for their next message at 1/s follow the
        // new rate at once, so the second step sends tens of messages, not 10 or fewer.
        RunResult r = new LoadRunner(scenario().producers(10).pacingThreads(pacingThreads).warmup(Duration.ZERO)
                .step(StepSetting.RATE, 1, 40).stepDuration(Duration.ofMillis(500)).build()).run();
        assertThat(r.failure()).isEmpty();
        // Both ways sent 41 here (a step's counts leave out its settling); publishers that kept waiting at
        // 1/s would have sent at most 10.
        assertThat(r.steps().get(1).counts().published()).isBetween(25L, 260L);
    }

    @Test
    void messagesDueButNotSentWhenPublishingStopsAreCountedOnPacingThreads() {
        // Never confirmed: each publisher's 4 fill its window and the rest of what was due is owed.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, true, false, 0);
        RunResult r = new LoadRunner(scenario().producers(10).rate(100).time(Duration.ofSeconds(1)).confirm(4)
                .confirmTimeout(Duration.ofSeconds(30)).drainTimeout(Duration.ofMillis(500)).pacingThreads(2).build()).run();
        assertThat(r.counts().published()).isEqualTo(40);
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).as("every message due in the second, sent or not")
                .isBetween(900L, 1_000L);
    }

    @Test
    void publishersAStepAddsToASaturatedPacingThreadOweTheirMessagesFromTheStep() {
        // Each send takes 100 µs, so one pacing thread sends at most 10,000 msg/s of the 40,000 and then
        // 80,000 intended: it is always busy. The 2 publishers the second step adds must start (and owe
        // every message from the step on) although some publisher is always due.
        InMemoryDriver.sendTime = Duration.ofNanos(100_000);
        RunResult r = new LoadRunner(scenario().rate(20_000).pacingThreads(1).warmup(Duration.ZERO)
                .step(StepSetting.PRODUCERS, 2, 4).stepDuration(Duration.ofSeconds(1))
                .drainTimeout(Duration.ofSeconds(3)).build()).run();
        assertThat(r.failure()).isEmpty();
        // 2 publishers for the whole 2 s, 2 more from the second step on: 120,000 when that step starts at 1 s.
        // A loaded machine applies the step a little late (it ends an interval): count from when it began.
        double added = 2.0 - r.steps().get(1).start().toNanos() / 1e9;
        long expected = (long) (2 * 20_000 * 2 + 2 * 20_000 * added);
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).as("every message due, sent or not, of all 4 publishers")
                .isGreaterThanOrEqualTo((long) (0.95 * expected));
        assertThat(r.steps().get(1).counts().published()).as("the added publishers sent too").isPositive();
    }

    @Test
    void aSaturatedPacingThreadLetsNoPublisherHoldMoreThanOneBatchUnwritten() {
        // Held writes (AMQP 0.9.1's corked sockets) leave at aboutToWait: a pacing thread that is always
        // busy must still end each publisher's batch with one, so no batch stays held while the thread
        // serves the others.
        InMemoryDriver.sendTime = Duration.ofNanos(100_000);
        RunResult r = new LoadRunner(scenario().producers(2).rate(20_000).pacingThreads(1).warmup(Duration.ZERO)
                .time(Duration.ofMillis(500)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isGreaterThan(100);
        assertThat(InMemoryDriver.MOST_HELD.get()).as("messages sent with no aboutToWait between").isLessThanOrEqualTo(16);
    }

    @Test
    void idlePublishersHaveNoThread() {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        RunResult r = new LoadRunner(scenario().producers(50).rate(0).time(Duration.ofMillis(500)).build())
                .listener(new RunListener() {
                    @Override
                    public void interval(IntervalStats stats) {
                        Thread.getAllStackTraces().keySet().forEach(t -> seen.add(t.getName()));
                    }
                }).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isZero();
        assertThat(seen).isNotEmpty().noneMatch(n -> n.startsWith("harness-publisher-") || n.startsWith("harness-pacing-"));
    }

    @Test
    void pacedPublishersSharePacingThreadsAboveFourPerCore() {
        assertThat(PublisherRunners.pacingThreadsFor(OptionalInt.empty(), 8, 2)).isEmpty();
        assertThat(PublisherRunners.pacingThreadsFor(OptionalInt.empty(), 9, 2)).hasValue(2);
        assertThat(PublisherRunners.pacingThreadsFor(OptionalInt.empty(), 0, 2)).isEmpty();
        assertThat(PublisherRunners.pacingThreadsFor(OptionalInt.of(0), 1_000, 2)).as("a thread each").isEmpty();
        assertThat(PublisherRunners.pacingThreadsFor(OptionalInt.of(8), 3, 2)).as("never more than publishers")
                .hasValue(3);
    }
}
