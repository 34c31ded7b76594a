package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.BrokerIndependent;
import io.amqpharness.junit.BrokerIndependent.Why;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.BacklogOutcome;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.StepResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.BacklogSize;
import io.amqpharness.scenario.BacklogThen;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Backlog runs ({@code --backlog}): the queue fills with the consumers held back, they arrive, the
 * backlog drains, and every message is accounted for. Kept small (20,000 messages of 100 bytes): the
 * point is the phases and the counts, not the rates.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class BacklogIT {
    static final long BACKLOG = 20_000;
    private final RabbitMQBroker broker;

    BacklogIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** A time limit as a cap only: every run here drains well before it. */
    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).size(100).confirm(100).interval(Duration.ofMillis(500))
                .time(Duration.ofSeconds(90)).drainTimeout(Duration.ofSeconds(20)).backlog(BacklogSize.ofMessages(BACKLOG));
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the phases and the accounting; the quorum test runs on 4.x
    void aClassicQueueFillsThenOneConsumerDrainsIt() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.CLASSIC).consumers(1)
                .backlogThen(BacklogThen.DRAIN).build()).run();
        BacklogOutcome b = accounted(r);
        // The publishers stop once the backlog is reached: what they had in flight still arrives. Unpaced, they
        // send on during the check's 10 ms and whatever a loaded machine adds to it (320 more once): up to 10 %.
        assertThat(b.filled()).isBetween(BACKLOG, BACKLOG + 2_000);
        assertThat(r.counts().published()).isBetween(b.filled(), b.filled() + 2_000);
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        assertThat(b.consumers()).isEqualTo(1);
        assertThat(b.duringDrain()).as("the publishers stopped").isEmpty();
        assertThat(b.consumerRate()).isPositive();
    }

    @Test
    void aQuorumQueueFillsThenTenConsumersArriveAtOnceWhilePublishersGoOn() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).rate(500).consumers(10).build()).run();
        BacklogOutcome b = accounted(r);
        assertThat(b.then()).isEqualTo("keep-publishing");
        assertThat(b.consumers()).isEqualTo(10);
        assertThat(b.duringDrain()).as("the publishers went on while it drained").isPresent();
        assertThat(b.duringDrain().get().sent()).isPositive();
        assertThat(b.duringDrain().get().confirm().count()).isPositive();
        // The run ends once the backlog is down to 1 % of what was reached: consumers outran the publishers.
        assertThat(r.counts().published()).isGreaterThan(BACKLOG);
        assertThat(b.peakBacklog()).isGreaterThanOrEqualTo(b.filled());
        assertThat(b.drainRate()).isPresent();
        assertThat(b.drainRate().getAsDouble()).isPositive();
        assertThat(b.consumerRate()).as("consumers received more than the publishers added")
                .isGreaterThan(b.drainRate().getAsDouble());
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the harness opens the consumers on its schedule
    void consumersArriveAtTheirRate() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.CLASSIC).consumers(3).consumerArrival(4)
                .backlogThen(BacklogThen.DRAIN).build()).run();
        BacklogOutcome b = accounted(r);
        assertThat(b.consumers()).isEqualTo(3);
        // The first at once, the third half a second later at 4 per second.
        assertThat(b.arrivalTime()).isGreaterThanOrEqualTo(Duration.ofMillis(450));
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the time limit and the drain are the harness's
    void aBacklogNotReachedByTheTimeLimitLeavesItInTheQueueAndWaitsForNoConsumer() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.CLASSIC).consumers(2).rate(200)
                .time(Duration.ofSeconds(2)).build()).run();
        assertThat(r.failure()).isEmpty();
        BacklogOutcome b = r.backlog().orElseThrow();
        assertThat(b.reached()).isFalse();
        assertThat(b.drained()).isFalse();
        assertThat(b.consumers()).isZero();
        assertThat(b.fillTime()).isLessThan(Duration.ofSeconds(4));
        assertThat(r.counts().consumed()).isZero();
        assertThat(r.leftInQueues()).hasValue(r.counts().published());
        assertThat(r.counts().lost()).isZero();
        assertThat(r.steps()).extracting(StepResult::label).containsExactly("fill");
        // No consumer to wait for: the drain does not sit out its 20 s.
        assertThat(r.totalTime()).isLessThan(Duration.ofSeconds(12));
    }

    /** The checks every backlog run passes: reached, drained, two phases, every message accounted for. */
    static BacklogOutcome accounted(RunResult r) {
        assertThat(r.failure()).isEmpty();
        assertThat(r.interrupted()).as("a drained backlog ends the run, no interruption").isFalse();
        assertThat(r.backlog()).isPresent();
        BacklogOutcome b = r.backlog().get();
        assertThat(b.reached()).isTrue();
        assertThat(b.drained()).as("drained before the 90 s cap").isTrue();
        assertThat(b.target()).isEqualTo(BACKLOG);
        assertThat(b.filled()).isGreaterThanOrEqualTo(BACKLOG);
        assertThat(b.fillRate()).isPositive();
        // The broker's reading may lag on a saturated queue, but it has seen most of it, never more than was sent.
        assertThat(b.depthAtFill()).isPresent();
        assertThat(b.depthAtFill().getAsLong()).isPositive().isLessThanOrEqualTo(r.counts().published());
        assertThat(b.drainTime()).isPresent();
        assertThat(b.beforeDrain().sent()).isPositive();
        assertThat(b.beforeDrain().confirm().count()).isPositive();
        assertThat(r.steps()).extracting(StepResult::label).containsExactly("fill", "drain");
        assertThat(r.steps().get(0).counts().consumed()).as("no consumer while filling").isZero();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(r.leftInQueues()).hasValue(0);
        assertThat(r.counts().ownUnique()).isEqualTo(r.counts().confirmed());
        return b;
    }
}
