package io.amqpharness.junit.oracle;

/** Entry point for assertions on the oracle's verdicts: {@code import static ...OracleAssertions.assertThat;}. */
public final class OracleAssertions {
    private OracleAssertions() {
    }

    /** Starts assertions on a verdict. */
    public static OracleVerdictAssert assertThat(OracleVerdict verdict) {
        return new OracleVerdictAssert(verdict);
    }

    /** Starts assertions on a judged run's verdict. */
    public static OracleVerdictAssert assertThat(JudgedRun run) {
        return new OracleVerdictAssert(run.verdict());
    }
}
