package io.amqpharness.cli;

import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.Drivers;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the harness version from the jar manifest, the Java runtime, the drivers. */
final class VersionProvider implements IVersionProvider {
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("amqp-harness " + version());
        lines.add("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
        for (DriverProvider p : Drivers.all().values()) {
            lines.add("driver " + p.id() + ": " + p.description());
        }
        return lines.toArray(String[]::new);
    }
}
