package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Whether a run accounts for every delivery it expected, against the in-memory broker: a stream's
 * messages consumers never received, whatever the offset, and a queue the broker is still filling
 * when its depth is read.
 */
class DeliveryAccountingTest {

    /** One publisher of 100 confirmed messages to one stream, one consumer. */
    private static Scenario.Builder stream() {
        return InMemoryDriver.scenario().queueType(QueueType.STREAM).producers(1).consumers(1).rate(1_000)
                .producerMessageCount(100).confirm(10).drainTimeout(Duration.ofSeconds(1));
    }

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.reset();
        InMemoryDriver.confirmDelay = Duration.ZERO;
    }

    @Test
    void aStreamRunCountsTheConfirmedMessagesItsConsumerNeverReceived() {
        // The broker confirms all 100 but never stores the last 10: above the highest sequence
        // received, so no gap, and a stream has no depth to count them as left.
        InMemoryDriver.neverStored = seq -> seq > 90;
        RunResult r = new LoadRunner(stream().build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(100);
        assertThat(r.counts().ownUnique()).isEqualTo(90);
        assertThat(r.expectedDeliveries()).hasValue(100);
        assertThat(r.unaccountedDeliveries()).as("the 10 confirmed messages never received").hasValue(10);
        assertThat(r.notes()).anyMatch(n -> n.contains("drain timeout"));
    }

    @Test
    void anExplicitNextOffsetIsAccountedForAsTheDefaultIs() {
        // Consumers attach at `next` before publishers start: that covers the whole run, as the default does.
        InMemoryDriver.neverStored = seq -> seq > 90;
        RunResult r = new LoadRunner(stream().streamOffset(new StreamOffset.Next()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.expectedDeliveries()).hasValue(100);
        assertThat(r.unaccountedDeliveries()).hasValue(10);
        assertThat(r.notes()).as("the drain says why it ended").anyMatch(n -> n.contains("drain timeout"));
    }

    @Test
    void withTheDefaultOffsetAFirstMessageConfirmedButNeverStoredIsLost() {
        InMemoryDriver.neverStored = seq -> seq == 1;
        RunResult r = new LoadRunner(stream().build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().ownUnique()).isEqualTo(99);
        assertThat(r.lost()).as("the consumer attached before the first message: it expects it").isEqualTo(1);
        assertThat(r.unaccountedDeliveries()).hasValue(1);
    }

    @Test
    void consumersThatStartAfterThePublishersFirstMessagesStillAccountForTheRun() {
        // `last` may start after the publishers' first messages: the drain cannot wait for them
        // all, but the run still says how many of its confirmed messages consumers did not receive.
        InMemoryDriver.neverStored = seq -> seq > 90;
        RunResult r = new LoadRunner(stream().streamOffset(new StreamOffset.Last())
                .drainTimeout(Duration.ofSeconds(10)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.expectedDeliveries()).hasValue(100);
        assertThat(r.unaccountedDeliveries()).hasValue(10);
        assertThat(r.totalTime()).as("the drain ended on idle consumers").isLessThan(Duration.ofSeconds(8));
        assertThat(r.notes()).anyMatch(n -> n.contains("received nothing for 1 s"));
    }

    @Test
    void aStreamRunThatReceivedEverythingCloses() {
        RunResult r = new LoadRunner(stream().build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.lost()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
        assertThat(r.notes()).noneMatch(n -> n.contains("drain"));
    }

    @Test
    void aQueueTheBrokerIsStillFillingIsNotReadAsMessagesMissing() {
        // No confirms: the broker stores each message 1 s after it was sent (a backlog in the
        // sockets and the broker's processes, which stopping the publishers does not wait for). The consumer is slow, and the drain ends (0.3 s)
        // long before that backlog is in the queue; its depth must not be read before then.
        InMemoryDriver.storeDelay = Duration.ofSeconds(1);
        aSlowConsumersBacklogIsLeftInTheQueueNotMissing();
    }

    @Test
    void aQueueThatStillTakesInItsBacklogAfterThePublishersClosedIsReadOnceItsDepthSettles() {
        // RabbitMQ answers a depth read ahead of a saturated queue's mailbox: after the publishers'
        // channels closed, the depth still grows for seconds (audit F5's side note: 231,844 read,
        // 405,399 in the queue 6 s later, "MISMATCH: 173,858 unexplained" for a run that lost nothing).
        // The queue takes in 400 msg/s of the 1,000 sent: about 600 are still in its mailbox when the
        // publisher closes, and the depth grows without a pause until they are in (as a queue process
        // works through its mailbox, whatever pauses the publisher had on a loaded machine).
        InMemoryDriver.queueIngestRate = 400;
        aSlowConsumersBacklogIsLeftInTheQueueNotMissing();
    }

    @Test
    void aBrokerThatStallsForMoreThanASecondAfterThePublishersStoppedIsWaitedFor() {
        // PacedBurstIT's flake on a loaded CI machine: without confirms, the consumer had 2,138 of 4,000
        // when the publisher stopped, then nothing came for 1 s and the queue's depth read 0 (the rest
        // was still in the broker's ingress, where no depth counts it): the drain ended there and the
        // run counted 1,862 messages the broker delivered a moment later as lost. Here every message
        // reaches the queue 2 s after it was sent, so the first delivery comes 2 s into the run.
        InMemoryDriver.storeDelay = Duration.ofSeconds(2);
        RunResult r = new LoadRunner(InMemoryDriver.scenario().producers(1).consumers(1).rate(1_000)
                .producerMessageCount(500).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isEqualTo(500);
        assertThat(r.counts().ownUnique()).as("every message sent was received").isEqualTo(500);
        assertThat(r.lost()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    /** 1,000 messages without confirms, a slow consumer and a 0.3 s drain: consumed + left = 1,000. */
    private static void aSlowConsumersBacklogIsLeftInTheQueueNotMissing() {
        RunResult r = new LoadRunner(InMemoryDriver.scenario().producers(1).consumers(1).rate(1_000)
                .producerMessageCount(1_000).consumerRate(200).drainTimeout(Duration.ofMillis(300)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isEqualTo(1_000);
        assertThat(r.leftInQueues()).isPresent();
        assertThat(r.counts().ownUnique() + r.leftInQueues().getAsLong())
                .as("consumed %d, left %d", r.counts().ownUnique(), r.leftInQueues().getAsLong()).isEqualTo(1_000);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }
}
