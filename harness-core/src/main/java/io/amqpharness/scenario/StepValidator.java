package io.amqpharness.scenario;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/** Checks of {@code --step} and {@code --step-duration}. */
final class StepValidator {
    private StepValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        if (d.steps.isEmpty()) {
            if (d.stepDuration != null) {
                p.add(Setting.STEP_DURATION, "%s needs %s NAME=V1,V2,...; for example %2$s confirm=1,20,200",
                        p.name(Setting.STEP));
            }
            return;
        }
        if (d.stepDuration == null || !ScenarioValidator.positive(d.stepDuration)) {
            p.add(Setting.STEP, "%s needs %s, how long each step lasts; for example %2$s 5m",
                    p.name(Setting.STEP_DURATION));
        } else if (d.interval != null && d.stepDuration.compareTo(d.interval) < 0) {
            p.add(Setting.STEP_DURATION, "%s (%s) must be at least one reporting interval (%s)",
                    Durations.format(d.stepDuration), Durations.format(d.interval));
        }
        Set<StepSetting> seen = EnumSet.noneOf(StepSetting.class);
        int count = d.steps.get(0).values().size();
        for (Step s : d.steps) {
            if (!seen.add(s.setting())) {
                p.add(Setting.STEP, "%s names %s twice; give each setting once", s.setting().key());
            }
            if (s.values().size() != count) {
                p.add(Setting.STEP, "%s settings change together, so each needs as many values: %s has %d, %s has %d",
                        d.steps.get(0).setting().key(), count, s.setting().key(), s.values().size());
            }
            alsoGiven(d, p, s.setting());
            for (double v : s.values()) {
                if (!valid(s.setting(), v)) {
                    p.add(Setting.STEP, "%s %s=%s is not a valid value: %s", s.setting().key(),
                            s.label(s.values().indexOf(v)), rule(s.setting()));
                    break;
                }
            }
        }
        if (d.totalRate != null || !d.variableRate.isEmpty()) {
            if (seen.contains(StepSetting.RATE)) {
                p.add(Setting.STEP, "%s rate=... sets each publisher's rate, so %s and %s cannot be used with it",
                        p.name(Setting.TOTAL_RATE), p.name(Setting.VARIABLE_RATE));
            }
        }
        if (seen.contains(StepSetting.QOS) && d.queueType == QueueType.STREAM) {
            p.add(Setting.STEP, "%s qos=... cannot change a stream consumer's prefetch live: subscribing again would "
                    + "start over from the stream offset; use harness sweep --vary qos=... instead");
        }
        if (d.producerMessages != null && seen.contains(StepSetting.PRODUCERS)) {
            p.add(Setting.STEP, "%s producers=... cannot be combined with %s: publishers come and go between steps",
                    p.name(Setting.PRODUCER_MESSAGES));
        }
        ackEveryWithinPrefetch(d, p, count);
    }

    private static void alsoGiven(ScenarioDraft<?> d, Problems p, StepSetting s) {
        boolean given = switch (s) {
            case RATE -> d.rate != null;
            case CONFIRM -> d.confirm != null;
            case QOS -> d.qos != null;
            case MULTI_ACK_EVERY, PRODUCERS, CONSUMERS -> d.given.contains(s.setting());
        };
        if (given) {
            p.add(Setting.STEP, "%s %s=... sets %s in every step; drop %3$s", s.key(), p.name(s.setting()));
        }
    }

    private static boolean valid(StepSetting s, double v) {
        boolean whole = v == Math.rint(v);
        return switch (s) {
            case RATE -> v > 0 && !Double.isInfinite(v);
            case CONFIRM -> whole && v >= 1 && v <= Scenario.MAX_CONFIRM_WINDOW;
            case QOS -> whole && v >= 1 && v <= 65535;
            case MULTI_ACK_EVERY -> whole && v >= 1;
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

    /** In every step, the ack interval must not exceed the prefetch (the consumer would stall). */
    private static void ackEveryWithinPrefetch(ScenarioDraft<?> d, Problems p, int count) {
        for (int i = 0; i < count; i++) {
            final int step = i;
            double every = d.steps.stream().filter(s -> s.setting() == StepSetting.MULTI_ACK_EVERY).findFirst()
                    .map(s -> s.values().get(Math.min(step, s.values().size() - 1))).orElse((double) d.multiAckEvery);
            Double qos = d.steps.stream().filter(s -> s.setting() == StepSetting.QOS).findFirst()
                    .map(s -> s.values().get(Math.min(step, s.values().size() - 1)))
                    .orElse(d.qos == null ? null : (double) d.qos);
            if (qos != null && every > qos) {
                p.addSentence("In step " + (i + 1) + " the ack interval (" + (long) every + ") exceeds the prefetch ("
                        + qos.longValue() + "): the consumer would wait for messages the broker never sends");
                return;
            }
        }
    }

    static Duration length(ScenarioDraft<?> d) {
        return d.stepDuration.multipliedBy(d.steps.get(0).values().size());
    }
}
