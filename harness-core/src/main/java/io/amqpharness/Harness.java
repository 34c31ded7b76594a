package io.amqpharness;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.Scenario;

/**
 * The library's entry point at its old place.
 *
 * @deprecated moved to {@link io.amqpharness.run.Harness}, beside {@link io.amqpharness.run.LoadRunner}, so
 *     that this package holds {@link HarnessException} alone, below every other package (the root package
 *     imported {@code run} from above while {@code spi}, {@code tls} and {@code run} imported it from below:
 *     a loop); use that one, which runs the same way. Removed in the release after the next.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public final class Harness {
    private Harness() {
    }

    /**
     * Runs a scenario to completion, as {@link io.amqpharness.run.Harness#run} does.
     *
     * @param scenario  the scenario to run
     * @param listeners what follows the run's progress
     * @return what the run measured
     * @deprecated use {@link io.amqpharness.run.Harness#run}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static RunResult run(Scenario scenario, RunListener... listeners) {
        return io.amqpharness.run.Harness.run(scenario, listeners);
    }
}
