package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Paced runs against the broker in each pacing mode: bursts ({@code --pacing-granularity}, the
 * default), the precise mode and shared pacing threads. Every message sent is consumed once, and
 * every one has its publish delay and its end-to-end latency from its own intended time: the counts
 * of the latencies are the counts of the messages.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class PacedBurstIT {
    private final RabbitMQBroker broker;

    PacedBurstIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).queue("it-paced-" + UUID.randomUUID().toString().substring(0, 8))
                .interval(Duration.ofMillis(500)).drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true)
                .warmup(Duration.ZERO);
    }

    private static void assertEveryMessageMeasured(RunResult r, long messages) {
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isEqualTo(messages);
        assertThat(r.counts().consumed()).isEqualTo(messages);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).as("a publish delay per message").isEqualTo(messages);
        assertThat(r.latency(Metric.END_TO_END).count()).as("a latency from the intended time per message")
                .isEqualTo(messages);
        assertThat(r.latency(Metric.END_TO_END).min()).as("never measured from before the intended time")
                .isPositive();
    }

    @Test
    void aPublisherSendingInBurstsHasEveryMessageMeasured() {
        // 5,000 msg/s: bursts of about 5 messages a millisecond.
        RunResult r = new LoadRunner(scenario().rate(5_000).producerMessageCount(10_000).build()).run();
        assertEveryMessageMeasured(r, 10_000);
    }

    @Test
    void thePreciseModeHasEveryMessageMeasured() {
        RunResult r = new LoadRunner(scenario().rate(2_000).producerMessageCount(4_000)
                .pacingGranularity(Duration.ZERO).build()).run();
        assertEveryMessageMeasured(r, 4_000);
    }

    @Test
    void publishersOnASharedPacingThreadInBurstsHaveEveryMessageMeasured() {
        RunResult r = new LoadRunner(scenario().producers(4).rate(1_000).producerMessageCount(2_000).pacingThreads(1)
                .pacingGranularity(Duration.ofMillis(2)).build()).run();
        assertEveryMessageMeasured(r, 8_000);
    }

    @Test
    void aTimedPacedRunCountsWhatItSentAndWhatWasDueButNotSent() {
        RunResult r = new LoadRunner(scenario().rate(4_000).time(Duration.ofSeconds(3)).build()).run();
        assertThat(r.failure()).isEmpty();
        long published = r.counts().published();
        assertThat(published).isPositive();
        assertThat(r.counts().consumed()).isEqualTo(published);
        assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(published);
        // Every message the schedule had due in the 3 s has a publish delay: sent, or due but not sent at the stop.
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).isEqualTo(published + r.unsentAtStop()).isEqualTo(12_000);
    }
}
