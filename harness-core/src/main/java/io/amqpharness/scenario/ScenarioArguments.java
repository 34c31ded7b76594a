package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a scenario as the command-line options that reproduce it, defaults left out, in the
 * order of {@link Setting}. A stepped setting is left out: its {@code --step} gives it.
 */
final class ScenarioArguments {
    private ScenarioArguments() {
    }

    static List<String> of(Scenario s) {
        List<String> args = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            if (!stepped(s, setting)) {
                args.addAll(setting.declaration().arguments(s));
            }
        }
        return List.copyOf(args);
    }

    /** True if {@code --step} changes this setting in {@code s}. */
    static boolean stepped(Scenario s, Setting setting) {
        return setting.stepped().map(step -> s.run().steps()
                .map(plan -> plan.steps().stream().anyMatch(x -> x.setting() == step)).orElse(false)).orElse(false);
    }
}
