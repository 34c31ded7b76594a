package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.BacklogOutcome;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.BacklogSize;
import io.amqpharness.scenario.BacklogThen;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A backlog run on the in-memory driver: where its fill step ends. */
class BacklogRunTest {

    @AfterEach
    void reset() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.ERRORS.clear();
    }

    /**
     * A fill much shorter than the reporting interval (2,000 messages as fast as the fake broker takes them,
     * intervals of 2 s): the fill step ends where the consumers arrive, so it counts none of their deliveries.
     * Before, the fill's only interval went to the fill step whole, the drain's first deliveries with it (seen
     * against RabbitMQ 3.10 on a quiet machine: 6,450 consumed "while filling" a backlog of 20,000).
     */
    @Test
    void aFillShorterThanAnIntervalEndsWhereTheConsumersArrive() {
        RunResult r = new LoadRunner(Scenario.builder().protocol("in-memory").interval(Duration.ofSeconds(2))
                .backlog(BacklogSize.ofMessages(2_000)).backlogThen(BacklogThen.DRAIN).confirm(100)
                .build()).run();
        assertThat(r.failure()).isEmpty();
        BacklogOutcome b = r.backlog().orElseThrow();
        assertThat(b.reached()).isTrue();
        assertThat(b.drained()).isTrue();
        assertThat(b.fillTime()).as("the fill is shorter than one interval").isLessThan(Duration.ofSeconds(2));
        assertThat(r.steps()).extracting(StepResult::label).containsExactly("fill", "drain");
        StepResult fill = r.steps().get(0);
        StepResult drain = r.steps().get(1);
        assertThat(fill.counts().consumed()).as("no consumer while filling").isZero();
        assertThat(fill.counts().published()).as("the fill's messages are the fill step's").isGreaterThanOrEqualTo(2_000);
        assertThat(drain.counts().consumed()).as("the drain's deliveries").isEqualTo(r.counts().consumed());
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
    }
}
