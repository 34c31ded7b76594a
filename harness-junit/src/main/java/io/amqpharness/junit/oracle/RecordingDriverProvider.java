package io.amqpharness.junit.oracle;

import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverContext;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.ProtocolDriver;

/**
 * A provider that stands in for a real one under the same id: when the creating thread has an
 * active {@link Recording} (inside {@link Oracle#run}), the driver it creates records the run's
 * history; otherwise it returns the real driver untouched. Stateless and thread-safe.
 */
final class RecordingDriverProvider implements DriverProvider {
    private static final ThreadLocal<Recording> ACTIVE = new ThreadLocal<>();
    private final DriverProvider delegate;

    RecordingDriverProvider(DriverProvider delegate) {
        this.delegate = delegate;
    }

    DriverProvider delegate() {
        return delegate;
    }

    /** Makes drivers created on this thread record into {@code recording} until {@link #end()}. */
    static void begin(Recording recording) {
        ACTIVE.set(recording);
    }

    static void end() {
        ACTIVE.remove();
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
    public ProtocolDriver create(DriverContext context) {
        ProtocolDriver driver = delegate.create(context);
        Recording recording = ACTIVE.get();
        if (recording == null) {
            return driver;
        }
        recording.runUri(context.scenario().uri());
        return new RecordingDriver(driver, recording);
    }
}
