package io.amqpharness.result;

import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.time.Instant;
import java.util.List;

/**
 * What is known when a run starts.
 *
 * @param runId    short id of the run
 * @param scenario the scenario
 * @param broker   the broker's identity
 * @param queues   the queues the run uses
 * @param startedAt wall-clock start
 */
public record RunStart(String runId, Scenario scenario, BrokerInfo broker, List<String> queues, Instant startedAt) {
    public RunStart {
        queues = List.copyOf(queues);
    }
}
