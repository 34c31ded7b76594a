package io.amqpharness.run;

import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;

/**
 * The entry point for running workloads from Java, for example in a JUnit performance test:
 *
 * <pre>{@code
 * RunResult result = Harness.run(Scenario.builder()
 *         .uri("amqp://localhost:5672")
 *         .queueType(QueueType.QUORUM)
 *         .rate(2_000).confirm(100).qos(200)
 *         .time(Duration.ofSeconds(30))
 *         .build());
 * assert result.endToEnd().percentile(99).toMillis() < 50;
 * }</pre>
 *
 * Nothing is printed and the JVM is never exited; add a {@link RunListener} to follow progress.
 * Use {@link LoadRunner} directly to stop a run from another thread. (It was {@code io.amqpharness.Harness},
 * which stays, deprecated, until the release after the next.)
 */
public final class Harness {
    private Harness() {
    }

    /**
     * Runs a scenario to completion.
     *
     * @throws io.amqpharness.spi.BrokerUnreachableException if the broker cannot be reached
     * @throws io.amqpharness.HarnessException if the topology cannot be declared
     */
    public static RunResult run(Scenario scenario, RunListener... listeners) {
        LoadRunner runner = new LoadRunner(scenario);
        for (RunListener l : listeners) {
            runner.listener(l);
        }
        return runner.run();
    }
}
