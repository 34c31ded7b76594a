/**
 * What a run returns: {@link io.amqpharness.result.RunResult}, from
 * {@link io.amqpharness.run.Harness#run} or {@link io.amqpharness.run.LoadRunner#run()}, and what
 * {@link io.amqpharness.run.RunListener}s receive while it runs. Immutable values, safe to keep and
 * to share between threads.
 *
 * <p>A result holds the scenario as run and the broker ({@link io.amqpharness.result.RunStart} at the
 * start), message counts and average {@link io.amqpharness.result.Rates} (messages per second),
 * latency per metric as percentile ladders and exact distributions
 * ({@link io.amqpharness.result.Latency} as durations, {@link io.amqpharness.result.LatencyHistograms}
 * in nanoseconds), the interval series ({@link io.amqpharness.result.IntervalStats}), the steps of a
 * {@code --step} run ({@link io.amqpharness.result.StepResult}), a {@code find-max} search's probes and
 * answer ({@link io.amqpharness.result.SearchOutcome}, {@link io.amqpharness.result.RateProbe}), what
 * opening and churning connections cost ({@link io.amqpharness.result.ConnectionStats}) and what the
 * run cost this process ({@link io.amqpharness.result.ClientStats}). {@link io.amqpharness.result.GateCheck}
 * checks {@code --fail-if} gates on a result, one {@link io.amqpharness.result.GateVerdict} each.
 *
 * <p>The engine that produces them is {@link io.amqpharness.run}; {@code result.json} and the reports
 * are written from them by the {@code harness-report} artifact.
 */
package io.amqpharness.result;
