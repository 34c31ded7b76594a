package io.amqpharness.junit.oracle;

import io.amqpharness.result.RunResult;

/**
 * A run the {@link Oracle} watched. Immutable.
 *
 * @param result  what the harness returned
 * @param history what the oracle recorded and read, independently
 * @param verdict where the two agree, disagree, or cannot be compared
 */
public record JudgedRun(RunResult result, History history, OracleVerdict verdict) {
}
