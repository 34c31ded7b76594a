package io.amqpharness.junit;

import io.amqpharness.result.RunResult;

/** Entry point for assertions on run results: {@code import static ...HarnessAssertions.assertThat;}. */
public final class HarnessAssertions {
    private HarnessAssertions() {
    }

    /** Starts assertions on a run's result. */
    public static RunResultAssert assertThat(RunResult result) {
        return new RunResultAssert(result);
    }
}
