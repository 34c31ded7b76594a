package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One setting and the values it takes, step after step ({@code --step confirm=1,5,20,200}).
 *
 * @param setting what changes
 * @param values  its value in each step, at least one; whole numbers except for {@code rate}
 */
public record Step(StepSetting setting, List<Double> values) {
    public Step {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a step needs at least one value");
        }
    }

    /** Parses {@code NAME=V1,V2,...}; empty if the text is not of that form or names no steppable setting. */
    public static Optional<Step> parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            return Optional.empty();
        }
        Optional<StepSetting> setting = StepSetting.of(text.substring(0, eq));
        if (setting.isEmpty()) {
            return Optional.empty();
        }
        List<Double> values = new ArrayList<>();
        for (String v : text.substring(eq + 1).split(",")) {
            try {
                values.add(Double.parseDouble(v.trim()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(new Step(setting.get(), values));
    }

    /** The value in step {@code index}, as a label: {@code 200} or {@code 12.5}. */
    public String label(int index) {
        double v = values.get(index);
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(setting.key()).append('=');
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ",").append(label(i));
        }
        return b.toString();
    }
}
