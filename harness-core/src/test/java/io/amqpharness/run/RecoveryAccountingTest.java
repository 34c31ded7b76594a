package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What recovering publishers count when their link fails, against the in-memory driver. */
class RecoveryAccountingTest {

    private static Scenario.Builder scenario() {
        return InMemoryDriver.scenario();
    }

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.reset();
    }

    @Test
    void theMessageBeingSentWhenTheLinkFailsIsNotInDoubtAndKeepsItsConfirm() {
        // The link fails on every 101st send; with a window of 1 nothing else is pending then. The
        // message whose send failed goes out on the new link: it was never on the old one.
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 100);
        RunResult r = new LoadRunner(scenario().rate(500).time(Duration.ofSeconds(1)).confirm(1).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.outages().disconnects()).as("the link failed and came back").isPositive();
        assertThat(r.counts().inDoubt()).isZero();
        assertThat(r.counts().confirmed()).isEqualTo(r.counts().published());
        assertThat(r.latency(io.amqpharness.measure.Metric.CONFIRM).count()).isEqualTo(r.counts().published());
        assertThat(r.counts().lost()).isZero();
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void inDoubtMessagesThatArrivedDoNotMakeUpForConfirmedMessagesThatWereLost() {
        // The link fails on every 801st send; confirms come 7 at a time, so the last messages sent
        // on a link are never confirmed there (799 and 800, 1,600): in doubt, yet in the queue, so
        // they arrive. The broker confirms messages 900 and 1,800 but drops them: 2 confirmed
        // messages lost. (The last link's last message, 2,000, ends a batch: none is unconfirmed.)
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 7, false, false, 800, 900, 0, false);
        RunResult r = new LoadRunner(scenario().rate(1_000).time(Duration.ofSeconds(2)).confirm(50)
                .drainTimeout(Duration.ofSeconds(2)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().inDoubt()).as("799, 800 and 1,600 at least").isGreaterThanOrEqualTo(3);
        assertThat(r.unconfirmedAtStop()).isZero();
        assertThat(r.counts().inDoubtArrived()).as("every message in doubt was in the queue")
                .isEqualTo(r.counts().inDoubt());
        assertThat(r.counts().lost()).isEqualTo(2);
        assertThat(r.unaccountedDeliveries()).as("the 2 confirmed messages the broker lost").hasValue(2);
    }
}
