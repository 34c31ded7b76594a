package io.amqpharness.scenario;

/**
 * Fills a builder from a scenario, so that {@code s.toBuilder().build()} equals {@code s}: each
 * {@link Setting}'s values, read from the scenario, go through the same builder calls as the
 * command line's.
 */
final class ScenarioCopier {
    private ScenarioCopier() {
    }

    static Scenario.Builder toBuilder(Scenario s) {
        Scenario.Builder b = Scenario.builder();
        for (Setting setting : Setting.values()) {
            if (!ScenarioArguments.stepped(s, setting)) {
                setting.declaration().copy(s, b);
            }
        }
        return b;
    }
}
