package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.StepResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Settings changed live within one run, step by step. */
@WithRabbitMQ
@org.junit.jupiter.api.Tag("alone") // compares rates between 1 s steps: beside two other modules' tests a step ran
// late and short (188.6 msg/s for three publishers in two CI runs, its second try passing)
@org.junit.jupiter.api.parallel.Isolated // and beside no other class of this module (the alone ones run beside each other)
class StepsIT {
    private final RabbitMQBroker broker;

    StepsIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** No broker metrics: these tests do not test them (BrokerMetricsIT does). */
    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500)).drainTimeout(Duration.ofSeconds(20))
                .noBrokerMetrics(true);
    }

    @Test
    void throughputFollowsTheInFlightLimitOnAQuorumQueue() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).size(1024).qos(1000)
                .step(StepSetting.CONFIRM, 1, 200).stepDuration(Duration.ofSeconds(2)).warmup(Duration.ZERO).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.steps()).extracting(StepResult::label).containsExactly("confirm=1", "confirm=200");
        StepResult one = r.steps().get(0);
        StepResult two = r.steps().get(1);
        assertThat(two.rates().confirmed()).as("a window of 200 is clearly faster than 1 (%s vs %s msg/s)",
                two.rates().confirmed(), one.rates().confirmed()).isGreaterThan(3 * one.rates().confirmed());
        assertThat(one.counts().confirmed() + two.counts().confirmed()).isLessThanOrEqualTo(r.counts().confirmed());
        // On the run's own clock: publishing ends when the last step does (steps are whole intervals). The
        // step closes at the interval's tick, which a loaded machine runs late (by 116 ms once, beside other
        // test classes): up to one interval.
        assertThat(r.publishingTime()).as("a stepped run ends after its last step")
                .isGreaterThanOrEqualTo(two.start().plus(two.length()).minusMillis(500))
                .isLessThanOrEqualTo(two.start().plus(two.length()).plusMillis(500))
                .isGreaterThanOrEqualTo(Duration.ofMillis(3_900));
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    void rateAckIntervalAndPrefetchChangeLive() {
        RunResult r = new LoadRunner(scenario().step(StepSetting.RATE, 100, 300).step(StepSetting.QOS, 10, 100)
                .step(StepSetting.MULTI_ACK_EVERY, 1, 50).stepDuration(Duration.ofSeconds(1)).warmup(Duration.ZERO)
                .build()).run(); // no warm-up: the run's totals are the two steps'
        assertThat(r.steps()).hasSize(2);
        // The new rate applies from the interval boundary that ends the first step, a few ms after 1 s:
        // the first step's slot at 1 s is still due at the old rate, then 300/s until 2 s. A loaded machine runs
        // that tick late, and each ms late moves 0.2 messages from the new rate to the old (389 once in CI, the
        // tick 55 ms late; the second step once 267, the tick 110 ms late): up to 250 ms, so the first step
        // holds 100 to 125 and the second 225 to 300. Without the change the run would send 200, at 300/s
        // throughout 600.
        assertThat(r.steps().get(0).counts().published()).isBetween(90L, 126L);
        assertThat(r.steps().get(1).counts().published()).isBetween(220L, 320L);
        assertThat(r.counts().published()).isBetween(350L, 402L);
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
    }

    @Test
    void producersAndConsumersComeAndGoBetweenSteps() {
        RunResult r = new LoadRunner(scenario().rate(100).step(StepSetting.PRODUCERS, 1, 3, 1)
                .step(StepSetting.CONSUMERS, 1, 2, 1).stepDuration(Duration.ofSeconds(1)).warmup(Duration.ZERO).build())
                .run();
        assertThat(r.steps()).hasSize(3);
        // Rates over each step's own length, compared with each other rather than with the wall clock's second
        // (on a busy machine a step runs late and long): three publishers send about three times what one does,
        // less the moment the two that join take to start, and when they leave one sends what one did before.
        double one = r.steps().get(0).rates().sent();
        double three = r.steps().get(1).rates().sent();
        double oneAgain = r.steps().get(2).rates().sent();
        assertThat(three).as("three publishers at 100 msg/s, against one (%s, then %s msg/s)", one, oneAgain)
                .isGreaterThan(2 * one).isGreaterThan(2 * oneAgain);
        // a consumer that leaves settles what it was given before its channel closes: nothing comes back
        assertThat(r.counts().redelivered()).isZero();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        assertThat(r.counts().lost()).isZero();
    }

    @Test
    void aConsumerThatLeavesHandlesWhatItWasGivenBeforeItsChannelCloses() {
        // Two slow consumers (20 ms a message) get 75 msg/s each: both build a backlog in the client, up to the
        // prefetch, which the one that leaves after the first step must handle and acknowledge, not hand back.
        // No warm-up: the first step's second leaves each about 25 unhandled (a 5 s warm-up filled the prefetch).
        RunResult r = new LoadRunner(scenario().qos(50).consumerLatency(DurationRange.fixed(Duration.ofMillis(20)))
                .step(StepSetting.RATE, 150, 10).step(StepSetting.CONSUMERS, 2, 1).stepDuration(Duration.ofSeconds(1))
                .warmup(Duration.ZERO).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().redelivered()).isZero();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }
}
