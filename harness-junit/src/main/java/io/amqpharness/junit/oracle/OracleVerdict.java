package io.amqpharness.junit.oracle;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The oracle's judgement of one run: each check it made, with what the broker showed and what the
 * run's result said. Immutable.
 *
 * @param runId  the run's id
 * @param checks every check, in the order they were made
 */
public record OracleVerdict(String runId, List<Check> checks) {
    public OracleVerdict {
        Objects.requireNonNull(runId, "runId");
        checks = List.copyOf(checks);
    }

    /** How a check ended. */
    public enum Status {
        /** The result says what the broker showed. */
        AGREES,
        /** The result says something the broker contradicts. */
        DISAGREES,
        /** The broker cannot tell (see the check's detail for why); never read as "ok". */
        CANNOT_JUDGE
    }

    /**
     * One check.
     *
     * @param name   short name, for example {@code lost}
     * @param status the outcome
     * @param detail the numbers on both sides, or why it cannot be judged
     */
    public record Check(String name, Status status, String detail) {
        @Override
        public String toString() {
            return String.format("%-12s %-12s %s", status, name, detail);
        }
    }

    /** The checks the broker contradicts; empty when the result agrees with everything judged. */
    public List<Check> disagreements() {
        return of(Status.DISAGREES);
    }

    /** The checks the oracle could not judge, each with why. */
    public List<Check> cannotJudge() {
        return of(Status.CANNOT_JUDGE);
    }

    /** True if no check disagrees (checks it could not judge do not count either way). */
    public boolean agrees() {
        return disagreements().isEmpty();
    }

    /** The check named {@code name}, if it was made. */
    public java.util.Optional<Check> check(String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    private List<Check> of(Status s) {
        return checks.stream().filter(c -> c.status() == s).toList();
    }

    @Override
    public String toString() {
        return "oracle verdict for run " + runId + ":\n  "
                + checks.stream().map(Check::toString).collect(Collectors.joining("\n  "));
    }
}
