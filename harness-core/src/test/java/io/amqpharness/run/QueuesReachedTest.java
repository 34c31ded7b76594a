package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of the run's queues a publisher's messages reach: where its refusals are excused. */
class QueuesReachedTest {

    private static Scenario.Builder scenario() {
        return Scenario.builder().protocol("in-memory").queues(List.of("a", "b", "c")).producers(3).consumers(3);
    }

    @Test
    void onTheDefaultExchangeEachPublisherReachesItsOwnQueue() {
        TopologyPlanner.Resolved t = TopologyPlanner.plan(scenario().build(), "run");
        assertThat(t.queuesReachedBy(0)).containsExactly("a");
        assertThat(t.queuesReachedBy(1)).containsExactly("b");
        assertThat(t.queuesReachedBy(4)).as("a publisher a step added").containsExactly("b");
    }

    @Test
    void aFanoutReachesEveryQueueAndADirectExchangeTheQueuesBoundWithTheKey() {
        assertThat(TopologyPlanner.plan(scenario().exchange("x").exchangeType(ExchangeType.FANOUT).build(), "run")
                .queuesReachedBy(0)).containsExactly("a", "b", "c");
        assertThat(TopologyPlanner.plan(scenario().exchange("x").exchangeType(ExchangeType.DIRECT).build(), "run")
                .queuesReachedBy(2)).containsExactly("c");
        assertThat(TopologyPlanner.plan(scenario().exchange("x").exchangeType(ExchangeType.DIRECT).routingKey("k")
                .bindingKey("k").build(), "run").queuesReachedBy(0)).containsExactly("a", "b", "c");
    }

    @Test
    void whenRoutingIsNotWorkedOutEveryQueueMayBeReached() {
        assertThat(TopologyPlanner.plan(scenario().exchange("x").exchangeType(ExchangeType.TOPIC).build(), "run")
                .queuesReachedBy(0)).containsExactly("a", "b", "c");
    }
}
