package io.amqpharness.spi;

import io.amqpharness.scenario.Scenario;

/**
 * What a driver got to know about the run it serves, before {@link DriverSettings}.
 *
 * @param scenario the validated scenario
 * @param runId    short id of this run, unique enough to name connections and generated queues
 * @deprecated a driver reads {@link DriverSettings} instead of the whole scenario: implement
 *             {@link DriverProvider#create(DriverSettings)}, and create a driver with
 *             {@code provider.create(DriverSettings.of(scenario, runId))}
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public record DriverContext(Scenario scenario, String runId) {

    /** The typed settings of this run. */
    public DriverSettings settings() {
        return DriverSettings.of(scenario, runId);
    }
}
