package io.amqpharness.scenario;

import java.util.List;

/**
 * Thrown when a scenario is invalid. Carries every problem found in one validation pass, each a
 * complete sentence that names the option as the user spelled it.
 */
public final class ScenarioException extends IllegalArgumentException {
    private final List<String> problems;

    public ScenarioException(List<String> problems) {
        super(String.join(" ", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ScenarioException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** The problems found, in option order, each one sentence. */
    public List<String> problems() {
        return problems;
    }
}
