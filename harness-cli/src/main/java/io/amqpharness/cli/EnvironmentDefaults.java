package io.amqpharness.cli;

import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Defaults from environment variables: {@code --queue-type} reads {@code HARNESS_QUEUE_TYPE},
 * {@code --uri} reads {@code HARNESS_URI}, and so on. Options given on the command line win.
 */
final class EnvironmentDefaults implements IDefaultValueProvider {
    private final Map<String, String> environment;

    EnvironmentDefaults(Map<String, String> environment) {
        this.environment = environment;
    }

    /** The variable that holds the default of an option, for example {@code HARNESS_QUEUE_TYPE}. */
    static String variable(String longName) {
        return "HARNESS_" + longName.replaceFirst("^-+", "").replace('-', '_').toUpperCase(Locale.ROOT);
    }

    @Override
    public String defaultValue(ArgSpec argSpec) {
        if (argSpec instanceof OptionSpec o && o.longestName().startsWith("--")) {
            return environment.get(variable(o.longestName()));
        }
        return null;
    }
}
