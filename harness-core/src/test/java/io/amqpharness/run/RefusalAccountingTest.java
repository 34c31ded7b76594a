package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Messages the broker refused are neither expected nor lost, in every queue, against the in-memory driver. */
class RefusalAccountingTest {

    private static Scenario.Builder scenario() {
        return InMemoryDriver.scenario();
    }

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.reset();
    }

    @Test
    void aRefusalIsExcusedOnlyInTheQueuesItsPublisherReaches() {
        // Publisher i sends to queue i only. Its nacks beyond the 65,536-message window used to make
        // the other queue's checker track it and declare everything below the nack lost.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(10, 1, false, false, 0);
        RunResult r = new LoadRunner(scenario().queuePattern("q-%d", 1, 2).producers(2).consumers(2)
                .producerMessageCount(100_000).confirm(1_000).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().nacked()).isEqualTo(20_000);
        assertThat(r.counts().consumed()).isEqualTo(180_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().late()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void refusalsBeforeTheQueuesFirstConsumerOpensAreExcusedAllTheSame() {
        // The first step has no consumer, so the queue's checker does not exist yet when step 0's
        // nacks come: they used to go nowhere and every one counted as lost once the consumer read the queue.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(10, 1, false, false, 0);
        RunResult r = new LoadRunner(scenario().rate(1_000).confirm(100).warmup(Duration.ZERO)
                .step(StepSetting.CONSUMERS, 0, 1).stepDuration(Duration.ofSeconds(1)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().nacked()).isPositive();
        assertThat(r.counts().consumed()).isPositive();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
    }

    @Test
    void aQueueWhoseFirstConsumerAStepAddsStillAccountsForItsDeliveries() {
        // Every message routed to the one queue is delivered once whichever step consumes it, so the
        // delivery line must be there (it used to be left out: the first step's 0 consumers).
        RunResult r = new LoadRunner(scenario().rate(1_000).confirm(100).warmup(Duration.ZERO)
                .step(StepSetting.CONSUMERS, 0, 1).stepDuration(Duration.ofSeconds(1)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isPositive();
        assertThat(r.expectedDeliveries()).hasValue(r.counts().confirmed());
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }
}
