package io.amqpharness.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Settings that change while the run goes on: every {@code stepDuration}, each stepped setting
 * takes its next value (all of them together, so every step lists as many values). The run's
 * base scenario holds the first step's values.
 *
 * @param steps        the stepped settings, each at most once
 * @param stepDuration how long each step lasts (rounded up to whole reporting intervals)
 */
public record StepPlan(List<Step> steps, Duration stepDuration) {
    public StepPlan {
        steps = List.copyOf(steps);
    }

    /** Number of steps. */
    public int count() {
        return steps.isEmpty() ? 0 : steps.get(0).values().size();
    }

    /** The value of {@code setting} in step {@code index}, if it is stepped. */
    public Optional<Double> value(StepSetting setting, int index) {
        return steps.stream().filter(s -> s.setting() == setting).findFirst().map(s -> s.values().get(index));
    }

    /** The largest value {@code setting} takes, if it is stepped. */
    public Optional<Double> max(StepSetting setting) {
        return steps.stream().filter(s -> s.setting() == setting).findFirst()
                .map(s -> s.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    /** A label for step {@code index}: {@code confirm=20} or {@code confirm=20 qos=100}. */
    public String label(int index) {
        StringBuilder b = new StringBuilder();
        for (Step s : steps) {
            b.append(b.length() == 0 ? "" : " ").append(s.setting().key()).append('=').append(s.label(index));
        }
        return b.toString();
    }

    /** The total length: steps times their duration. */
    public Duration length() {
        return stepDuration.multipliedBy(count());
    }
}
