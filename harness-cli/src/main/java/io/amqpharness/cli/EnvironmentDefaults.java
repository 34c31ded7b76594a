package io.amqpharness.cli;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Defaults from environment variables: every long name of an option reads {@code HARNESS_<NAME>},
 * so {@code --uri} reads {@code HARNESS_URI} and its other name {@code --uris} reads
 * {@code HARNESS_URIS}; {@code --queue-type} reads {@code HARNESS_QUEUE_TYPE}. When several names'
 * variables are set, the shortest name's wins ({@code HARNESS_URI} over {@code HARNESS_URIS}). A value
 * is taken as written, as on the command line: a {@code $} or {@code ${...}} in it is no picocli variable.
 *
 * <p>The command line wins, and an option it gives does not read its variable at all: a variable
 * the command line overrides is never parsed, so a stray one (Kubernetes sets
 * {@code HARNESS_METRICS_PORT=tcp://10.0.0.1:8080} for a Service named {@code harness-metrics}) cannot
 * fail a run that gives {@code --metrics-port}. Immutable but for the record of which variable gave
 * which option its value, kept to name the variable in an error.
 */
final class EnvironmentDefaults implements IDefaultValueProvider {
    private final Map<String, String> environment;
    private final List<String> args;
    private final Map<ArgSpec, String> used = new IdentityHashMap<>();
    /**
     * Per option, the variables it reads (shortest long name first), or {@link #GIVEN} when the
     * arguments give it. picocli asks for an option's default each time it applies defaults and each
     * time it reads the option's description (for {@code --help}, every option more than once), and
     * {@link OptionSpec#names()} resolves picocli's variables in every name at each call: worked out
     * once per option.
     */
    private final Map<OptionSpec, List<String>> variables = new IdentityHashMap<>();
    private static final List<String> GIVEN = List.of();

    /** Defaults for a command line not known yet: every option reads its variables. */
    EnvironmentDefaults(Map<String, String> environment) {
        this(environment, List.of());
    }

    /**
     * @param args the arguments about to be parsed: the options among them do not read their
     *             variables
     */
    EnvironmentDefaults(Map<String, String> environment, List<String> args) {
        this.environment = Map.copyOf(environment);
        this.args = List.copyOf(args);
    }

    /** The same environment, for another command line. */
    EnvironmentDefaults forArgs(List<String> otherArgs) {
        return new EnvironmentDefaults(environment, otherArgs);
    }

    /** The variable that holds the default of an option name, for example {@code HARNESS_QUEUE_TYPE}. */
    static String variable(String longName) {
        int start = 0;
        while (start < longName.length() && longName.charAt(start) == '-') {
            start++;
        }
        return "HARNESS_" + longName.substring(start).replace('-', '_').toUpperCase(Locale.ROOT);
    }

    @Override
    public String defaultValue(ArgSpec argSpec) {
        if (!(argSpec instanceof OptionSpec o) || o.usageHelp() || o.versionHelp()) {
            return null;
        }
        List<String> read = variables.get(o);
        if (read == null) {
            read = variablesRead(o);
            variables.put(o, read);
        }
        for (String variable : read) {
            String value = environment.get(variable);
            if (value != null) {
                used.put(o, variable);
                return literally(value);
            }
        }
        return null;
    }

    /**
     * A value as picocli must be given it to take it as written, as it takes the command line's:
     * picocli resolves its {@code ${...}} variables in a provider's default and turns {@code $$} into
     * {@code $}, so a password {@code pa$$word} in {@code HARNESS_URI} arrived as {@code pa$word}.
     * Each {@code $} doubled comes back as one.
     */
    static String literally(String value) {
        return value.indexOf('$') < 0 ? value : value.replace("$", "$$");
    }

    /** The variables an option reads, shortest long name first; none when the arguments give it. */
    private List<String> variablesRead(OptionSpec o) {
        String[] names = o.names();
        if (given(o, names)) {
            return GIVEN;
        }
        // A loop, not a stream: this runs at every start, before the JIT has compiled anything, and a
        // stream's first use there costs more than the few names it sorts.
        List<String> longNames = new java.util.ArrayList<>(names.length);
        for (String n : names) {
            if (n.startsWith("--")) {
                int at = longNames.size();
                while (at > 0 && longNames.get(at - 1).length() > n.length()) {
                    at--; // shortest first; names of one length keep their order
                }
                longNames.add(at, n);
            }
        }
        List<String> read = new java.util.ArrayList<>(longNames.size());
        for (String n : longNames) {
            read.add(variable(n));
        }
        return List.copyOf(read);
    }

    /** The variable an option's default came from, if it came from one. */
    Optional<String> variableOf(ArgSpec option) {
        return Optional.ofNullable(used.get(option));
    }

    /** Whether the arguments give the option: {@code --qos 10}, {@code --qos=10} or {@code -q10}. */
    private boolean given(OptionSpec o, String[] names) {
        CommandSpec command = o.command();
        for (String a : args) {
            if (!a.startsWith("-")) {
                continue;
            }
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            for (String n : names) {
                if (n.equals(name)) {
                    return true;
                }
                boolean attached = n.length() == 2 && !a.startsWith("--") && a.startsWith(n) && a.length() > 2
                        && (command == null || command.findOption(name) == null);
                if (attached) {
                    return true;
                }
            }
        }
        return false;
    }
}
