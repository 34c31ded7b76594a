package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A consumer that leaves while it holds deliveries, over AMQP 1.0. Apart from {@link Amqp10WorkloadIT}
 * and isolated: how many deliveries are still on their way when it leaves depends on how quickly the
 * client's I/O thread runs, and beside other test classes on a loaded machine 18 came back where a
 * quiet one sends back at most a few.
 */
@org.junit.jupiter.api.parallel.Isolated
@org.junit.jupiter.api.Tag("alone") // run-tests runs it after the other modules' classes, not beside them
@WithRabbitMQ
class Amqp10ConsumerLeavesIT {
    private final RabbitMQBroker broker;

    Amqp10ConsumerLeavesIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).protocol("amqp10").interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20));
    }

    @Test
    void aConsumerThatLeavesHandlesWhatItHadTakenIn() {
        // Two slow consumers (20 ms a message) fall behind, so each holds up to its 50 credits' worth of
        // messages in the client when one leaves after the first step: it hands them over rather than releasing
        // them. Only messages still on their way (credit granted just before the cancellation) may come back.
        // No warm-up: 5 s at 150 msg/s would build a backlog of hundreds, and with it more deliveries on
        // their way when the consumer leaves than the one second of the first step this test is about.
        RunResult r = new LoadRunner(scenario().qos(50).consumerLatency(DurationRange.fixed(Duration.ofMillis(20)))
                .step(StepSetting.RATE, 150, 10).step(StepSetting.CONSUMERS, 2, 1).stepDuration(Duration.ofSeconds(1))
                .warmup(Duration.ZERO).build()).run();
        assertThat(r.failure()).isEmpty();
        // A consumer that released what it held would send back about its 50 credits' worth; what was on its way
        // depends on the client's I/O thread: at most a few on a quiet machine, 11 on RabbitMQ 4 in a CI run
        // (alone, with the test JVMs' quick JIT), 18 once beside other classes. Half the credit tells the two apart.
        assertThat(r.counts().redelivered()).isLessThanOrEqualTo(25);
        assertThat(r.counts().unique()).isEqualTo(r.counts().published());
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }
}
