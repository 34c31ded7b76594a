package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The accounting lines of the text summary of real runs against the in-memory driver: messages due but not
 * sent, confirmed messages the broker lost, and a stream's expected deliveries (RunSummaryTest has the other lines).
 */
class RunSummaryAccountingTest extends InMemorySummaryTest {
    @Test
    void messagesDueButNotSentAtTheStopAreShown() {
        // The broker never confirms: 20 messages fill the window, the other 180 due are never sent.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, true, false, 0);
        RunResult r = new LoadRunner(scenario().rate(200).time(Duration.ofSeconds(1)).confirm(20)
                .drainTimeout(Duration.ofMillis(300)).build()).run();
        assertThat(summary(r)).contains("due but not sent at stop 180");
    }

    @Test
    void confirmedMessagesTheBrokerLostAreAMismatchInTheAccounting() {
        // The link fails on every 801st send and the broker drops confirmed messages 900 and 1,800.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 7, false, false, 800, 900, 0, false);
        RunResult r = new LoadRunner(scenario().rate(1_000).time(Duration.ofSeconds(2)).confirm(50)
                .drainTimeout(Duration.ofSeconds(2)).build()).run();
        assertThat(summary(r))
                .containsPattern("expected deliveries [0-9,]+ = consumed once [0-9,]+ - in doubt [0-9,]+ \\+ left in "
                        + "queue 0 \\(MISMATCH: 2 unexplained\\)");
    }

    @Test
    void aStreamRunSaysHowManyExpectedDeliveriesItNeverReceivedAndWhy() {
        // The broker confirms all 100 messages and never stores the last 10: a stream has no depth
        // that would count them as left, and they are above the highest sequence received.
        InMemoryDriver.neverStored = seq -> seq > 90;
        RunResult r = new LoadRunner(scenario().queueType(io.amqpharness.scenario.QueueType.STREAM).producers(1)
                .consumers(1).rate(1_000).producerMessageCount(100).confirm(10).drainTimeout(Duration.ofSeconds(1))
                .build()).run();
        assertThat(summary(r)).contains("expected deliveries 100 = consumed once 90 + not received 10 (INCOMPLETE: "
                + "the drain timeout ended the drain before they arrived; whether the stream holds them is not known)");
    }

    @Test
    void aStreamRunWhoseConsumersStartLateSaysWhyTheyMissedMessages() {
        InMemoryDriver.neverStored = seq -> seq > 90;
        RunResult r = new LoadRunner(scenario().queueType(io.amqpharness.scenario.QueueType.STREAM).producers(1)
                .consumers(1).rate(1_000).producerMessageCount(100).confirm(10)
                .streamOffset(new io.amqpharness.scenario.StreamOffset.Last()).build()).run();
        assertThat(summary(r)).contains("expected deliveries 100 = consumed once 90 + not received 10 (INCOMPLETE: "
                + "consumers started at --stream-offset last, which may be after the publishers' first messages; "
                + "whether the stream holds them is not known)");
    }

    @Test
    void aStreamRunThatReceivedEverythingSaysSo() {
        RunResult r = new LoadRunner(scenario().queueType(io.amqpharness.scenario.QueueType.STREAM).producers(1)
                .consumers(1).rate(1_000).producerMessageCount(100).confirm(10).build()).run();
        assertThat(summary(r)).contains("expected deliveries 100 = consumed once 100 + not received 0 (ok)");
    }

    private static String summary(RunResult r) {
        return RunSummaryTest.summary(r);
    }
}
