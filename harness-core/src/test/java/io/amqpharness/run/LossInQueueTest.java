package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A sequence missing below what consumers received is counted lost only when it cannot still be in
 * the queue: competing consumers that close holding prefetched messages return them to the queue,
 * below what the other consumer received, and the queue's depth counts them as left.
 */
class LossInQueueTest {

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.reset();
    }

    private static RunResult run() {
        return new LoadRunner(InMemoryDriver.scenario().producers(1).consumers(1).rate(1_000)
                .producerMessageCount(100).confirm(10).drainTimeout(Duration.ofSeconds(1)).build()).run();
    }

    @Test
    void gapsStillInTheQueueAreNotLost() {
        InMemoryDriver.neverDelivered = seq -> seq >= 50 && seq < 60;
        RunResult r = run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().ownUnique()).isEqualTo(90);
        assertThat(r.leftInQueues()).hasValue(10);
        assertThat(r.lost()).as("the 10 missing ones are all in the queue").isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
        assertThat(r.notes()).anyMatch(n -> n.contains("10 sequences were missing") && n.contains("up to 10"));
    }

    @Test
    void gapsTheQueueCannotHoldAreLost() {
        InMemoryDriver.neverDelivered = seq -> seq >= 50 && seq < 60;
        InMemoryDriver.neverStored = seq -> seq == 20 || seq == 30 || seq == 40;
        RunResult r = run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.leftInQueues()).hasValue(10);
        assertThat(r.lost()).as("13 missing, at most 10 of them in the queue").isEqualTo(3);
        assertThat(r.unaccountedDeliveries()).hasValue(3);
        assertThat(r.notes()).anyMatch(n -> n.contains("13 sequences were missing") && n.contains("up to 10"));
    }

    @Test
    void withAnEmptyQueueEveryGapIsLost() {
        InMemoryDriver.neverStored = seq -> seq == 20 || seq == 30 || seq == 40;
        RunResult r = run();
        assertThat(r.leftInQueues()).hasValue(0);
        assertThat(r.lost()).isEqualTo(3);
        assertThat(r.notes()).noneMatch(n -> n.contains("sequences were missing"));
    }
}
