package example;

import static io.amqpharness.junit.HarnessAssertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.Harness;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The example from docs/library.md: "does my service's queue setup still sustain its load with
 * p99 under 50 ms?" — written as a user of the published artifacts would.
 */
@WithRabbitMQ
@Tag("smoke")
class QueueSetupPerformanceTest {

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void quorumQueueSustainsTheLoadWithLowLatency(String protocol, RabbitMQBroker broker) {
        Scenario scenario = Scenario.builder()
                .uri(broker.uri())
                .protocol(protocol)
                .queueType(QueueType.QUORUM)
                .producers(2)
                .rate(250)                       // per producer: 500 msg/s in all
                .confirm(100)
                .flag(MessageFlag.PERSISTENT)
                .consumers(2)
                .qos(200).multiAckEvery(20).ackTimeout(Duration.ofMillis(50))
                .time(Duration.ofSeconds(5))
                .build();

        RunResult result = Harness.run(scenario);

        assertThat(result)
                .completed()
                .hasThroughputAtLeast(450)
                .hasEndToEndPercentileBelow(99, Duration.ofMillis(500))
                .lostNothing()
                .hasNoNacks()
                .accountsForEveryMessage();
        System.out.printf("%s over %s on %s: %,.0f msg/s, end-to-end %s%n", protocol, broker.source(), broker,
                result.throughput(),
                result.endToEnd());
    }
}
