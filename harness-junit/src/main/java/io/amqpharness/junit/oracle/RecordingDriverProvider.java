package io.amqpharness.junit.oracle;

import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;

/**
 * A provider that stands in for the real one of a run the oracle watches
 * ({@link io.amqpharness.run.LoadRunner#decorateDriver}): the driver it creates records the run's history
 * into its {@link Recording}. Everything else is the real provider's. Thread-safe.
 */
final class RecordingDriverProvider implements DriverProvider {
    private final DriverProvider delegate;
    private final Recording recording;

    RecordingDriverProvider(DriverProvider delegate, Recording recording) {
        this.delegate = delegate;
        this.recording = recording;
    }

    @Override
    public String id() {
        return delegate.id();
    }

    @Override
    public String description() {
        return delegate.description();
    }

    @Override
    public void validate(Scenario scenario, Problems problems) {
        delegate.validate(scenario, problems);
    }

    @Override
    public ProtocolTraits traits() {
        return delegate.traits();
    }

    @Override
    public ProtocolDriver create(DriverSettings settings) {
        recording.runUri(settings.uri());
        return new RecordingDriver(delegate.create(settings), recording);
    }
}
