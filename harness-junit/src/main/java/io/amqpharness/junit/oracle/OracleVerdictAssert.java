package io.amqpharness.junit.oracle;

import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/**
 * Fluent assertions on an {@link OracleVerdict}; a failure lists every check with its numbers.
 *
 * <pre>{@code
 * assertThat(run).agreesWithTheBroker().judged("lost");
 * }</pre>
 */
public final class OracleVerdictAssert extends AbstractAssert<OracleVerdictAssert, OracleVerdict> {

    OracleVerdictAssert(OracleVerdict actual) {
        super(actual, OracleVerdictAssert.class);
    }

    /** No check disagrees. Checks the oracle could not judge pass; see {@link #judged}. */
    public OracleVerdictAssert agreesWithTheBroker() {
        isNotNull();
        if (!actual.agrees()) {
            failWithMessage("Expected the result of run %s to agree with the broker, but:%n  %s%n%s", actual.runId(),
                    lines(actual.disagreements()), actual);
        }
        return this;
    }

    /** The check {@code name} was made and judged (agrees or disagrees), not "cannot judge". */
    public OracleVerdictAssert judged(String name) {
        isNotNull();
        var c = actual.check(name);
        if (c.isEmpty() || c.get().status() == OracleVerdict.Status.CANNOT_JUDGE) {
            failWithMessage("Expected the oracle to judge '%s' for run %s, but %s", name, actual.runId(),
                    c.map(OracleVerdict.Check::detail).orElse("it made no such check"));
        }
        return this;
    }

    /** The check {@code name} disagrees (for tests that show a wrong number is caught). */
    public OracleVerdictAssert disagreesOn(String name) {
        isNotNull();
        if (actual.check(name).map(c -> c.status() != OracleVerdict.Status.DISAGREES).orElse(true)) {
            failWithMessage("Expected the oracle to disagree on '%s' for run %s, but:%n%s", name, actual.runId(),
                    actual);
        }
        return this;
    }

    private static String lines(List<OracleVerdict.Check> checks) {
        return checks.stream().map(OracleVerdict.Check::toString).collect(Collectors.joining("\n  "));
    }
}
