package io.amqpharness.spi;

import io.amqpharness.scenario.Scenario;

/**
 * What a driver gets to know about the run it serves.
 *
 * @param scenario the validated scenario
 * @param runId    short id of this run, unique enough to name connections and generated queues
 */
public record DriverContext(Scenario scenario, String runId) {
}
