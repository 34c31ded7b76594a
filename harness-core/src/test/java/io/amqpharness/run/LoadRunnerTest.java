package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole run lifecycle against the in-memory driver. */
class LoadRunnerTest extends InMemoryRunTest {

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
}
