package io.amqpharness.testing;

import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.ProtocolDriver;

/** Registers {@link InMemoryDriver} as protocol {@code in-memory} for the core's tests. */
public final class InMemoryDriverProvider implements DriverProvider {
    @Override
    public String id() {
        return "in-memory";
    }

    @Override
    public String description() {
        return "an in-process fake broker for tests";
    }

    @Override
    public void validate(Scenario scenario, Problems problems) {
    }

    @Override
    public ProtocolDriver create(DriverSettings context) {
        return new InMemoryDriver(context, InMemoryDriver.behavior);
    }
}
