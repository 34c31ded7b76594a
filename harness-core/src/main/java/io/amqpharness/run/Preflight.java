package io.amqpharness.run;

import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.Setting;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.Drivers;
import io.amqpharness.tls.TlsContexts;
import io.amqpharness.tls.TlsSetupException;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a built {@link Scenario} against this process before a run: its TLS files load, its
 * protocol's driver is on the class path, and that driver can honour every setting (an option of
 * another protocol, say). {@link Scenario.Builder#build()} checks values only; this is the part that
 * reads files and looks drivers up. {@link LoadRunner#run()} calls it first; the CLI calls it as soon
 * as it has built a scenario, so bad input is refused before anything starts. Stateless and
 * thread-safe.
 *
 * <pre>{@code
 * Scenario s = Scenario.builder().protocol("amqp10").txSize(10).build(); // the values are fine
 * Preflight.check(s); // ScenarioException: "--tx-size only applies to --protocol amqp091: ..."
 * }</pre>
 */
public final class Preflight {
    private Preflight() {
    }

    /**
     * As {@link #check(Scenario, Map)}, naming options by their long names (as library users see them).
     *
     * @return the driver that runs the scenario
     * @throws ScenarioException one sentence per problem found
     */
    public static DriverProvider check(Scenario scenario) {
        return check(scenario, Map.of());
    }

    /**
     * Loads the scenario's key and trust stores ({@code --tls-*}, when any is given), then finds its
     * driver and lets it check the scenario. A TLS problem is reported alone: the driver's checks
     * run once the files load.
     *
     * @param spelling how the user typed options ({@code -f} or {@code --flag}), so sentences use their
     *                 words; options not in it are named by their long names
     * @return the driver that runs the scenario
     * @throws ScenarioException one sentence per problem found: a TLS file that cannot be read or
     *                           opened, a protocol no driver on the class path has, a setting the
     *                           driver cannot honour
     */
    public static DriverProvider check(Scenario scenario, Map<Setting, String> spelling) {
        Problems problems = new Problems(spelling);
        tls(scenario, problems);
        Optional<DriverProvider> provider = Drivers.find(scenario.protocol());
        if (problems.isEmpty()) {
            provider.ifPresentOrElse(p -> p.validate(scenario, problems),
                    () -> problems.add(Setting.PROTOCOL, "%s '%s' is not a protocol this harness knows; use one of %s",
                            scenario.protocol(), String.join(", ", Drivers.ids())));
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems.messages());
        }
        return provider.orElseThrow();
    }

    /** The key and trust stores load with their passwords; nothing to read with the JVM's defaults. */
    private static void tls(Scenario scenario, Problems problems) {
        if (!scenario.tls().customised()) {
            return;
        }
        try {
            TlsContexts.create(scenario.tls());
        } catch (TlsSetupException e) {
            problems.addSentence(e.getMessage());
        }
    }
}
