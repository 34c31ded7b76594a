package io.amqpharness.scenario;

import static io.amqpharness.scenario.Setting.*;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Checks of {@code --step} and {@code --step-duration}. */
final class StepValidator {
    private StepValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        List<Step> steps = d.list(STEP);
        Duration stepDuration = d.duration(STEP_DURATION);
        Duration interval = d.duration(INTERVAL);
        if (steps.isEmpty()) {
            if (stepDuration != null) {
                p.add(STEP_DURATION, "%s needs %s NAME=V1,V2,...; for example %2$s confirm=1,20,200",
                        p.name(STEP));
            }
            return;
        }
        if (stepDuration == null || !ScenarioValidator.positive(stepDuration)) {
            p.add(STEP, "%s needs %s, how long each step lasts; for example %2$s 5m",
                    p.name(STEP_DURATION));
        } else if (interval != null && stepDuration.compareTo(interval) < 0) {
            p.add(STEP_DURATION, "%s (%s) must be at least one reporting interval (%s)",
                    Durations.format(stepDuration), Durations.format(interval));
        }
        Set<StepSetting> seen = EnumSet.noneOf(StepSetting.class);
        int count = steps.get(0).values().size();
        for (Step s : steps) {
            if (!seen.add(s.setting())) {
                p.add(STEP, "%s names %s twice; give each setting once", s.setting().key());
            }
            if (s.values().size() != count) {
                p.add(STEP, "%s settings change together, so each needs as many values: %s has %d, %s has %d",
                        steps.get(0).setting().key(), count, s.setting().key(), s.values().size());
            }
            alsoGiven(d, p, s.setting());
            for (double v : s.values()) {
                if (!valid(s.setting(), v)) {
                    p.add(STEP, "%s %s=%s is not a valid value: %s", s.setting().key(),
                            s.label(s.values().indexOf(v)), rule(s.setting()));
                    break;
                }
            }
        }
        if (d.decimal(TOTAL_RATE) != null || !d.list(VARIABLE_RATE).isEmpty()) {
            if (seen.contains(StepSetting.RATE)) {
                p.add(STEP, "%s rate=... sets each publisher's rate, so %s and %s cannot be used with it",
                        p.name(TOTAL_RATE), p.name(VARIABLE_RATE));
            }
        }
        if (seen.contains(StepSetting.QOS) && d.get(QUEUE_TYPE) == QueueType.STREAM) {
            p.add(STEP, "%s qos=... cannot change a stream consumer's prefetch live: subscribing again would "
                    + "start over from the stream offset; use harness sweep --vary qos=... instead");
        }
        if (d.number(PRODUCER_MESSAGES) != null && seen.contains(StepSetting.PRODUCERS)) {
            p.add(STEP, "%s producers=... cannot be combined with %s: publishers come and go between steps",
                    p.name(PRODUCER_MESSAGES));
        }
        ackEveryWithinPrefetch(d, p, count);
    }

    private static void alsoGiven(ScenarioDraft<?> d, Problems p, StepSetting s) {
        if (d.given(s.setting())) {
            p.add(STEP, "%s %s=... sets %s in every step; drop %3$s", s.key(), p.name(s.setting()));
        }
    }

    /** A step's value: the option's own checks, plus what stepping adds (whole numbers, rates above 0). */
    private static boolean valid(StepSetting s, double v) {
        boolean whole = v == Math.rint(v) && Math.abs(v) <= Integer.MAX_VALUE;
        return switch (s) {
            case RATE -> v > 0 && s.setting().declaration().accepts(v);
            case CONFIRM, QOS, MULTI_ACK_EVERY -> whole && s.setting().declaration().accepts((int) v);
            case PRODUCERS, CONSUMERS -> whole && v >= 0 && v <= 100_000;
        };
    }

    private static String rule(StepSetting s) {
        return switch (s) {
            case RATE -> "rates are above 0 messages per second (step producers to 0 to pause)";
            case CONFIRM -> "confirm windows are whole numbers from 1 to " + Scenario.MAX_CONFIRM_WINDOW;
            case QOS -> "prefetch values are whole numbers from 1 to 65535";
            case MULTI_ACK_EVERY -> "ack intervals are whole numbers from 1";
            case PRODUCERS, CONSUMERS -> "counts are whole numbers from 0";
        };
    }

    /** In every step, the ack interval must not exceed the prefetch: {@link ConsumeValidator#ackWithinPrefetch}. */
    private static void ackEveryWithinPrefetch(ScenarioDraft<?> d, Problems p, int count) {
        List<Step> steps = d.list(STEP);
        for (int i = 0; i < count; i++) {
            final int step = i;
            double every = steps.stream().filter(s -> s.setting() == StepSetting.MULTI_ACK_EVERY).findFirst()
                    .map(s -> s.values().get(Math.min(step, s.values().size() - 1)))
                    .orElse((double) d.integer(MULTI_ACK_EVERY));
            Integer plain = ConsumeValidator.prefetch(d);
            Double qos = steps.stream().filter(s -> s.setting() == StepSetting.QOS).findFirst()
                    .map(s -> s.values().get(Math.min(step, s.values().size() - 1)))
                    .orElse(plain == null ? null : (double) plain);
            if (!ConsumeValidator.ackWithinPrefetch(every, qos)) {
                p.addSentence("In step " + (i + 1) + " the ack interval (" + (long) every + ") exceeds the prefetch ("
                        + qos.longValue() + "): the consumer would wait for messages the broker never sends");
                return;
            }
        }
    }
}
