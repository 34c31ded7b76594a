package io.amqpharness.scenario;

/**
 * Checks of {@code --fail-if}: each expression must read as a {@link Gate}, and what it measures
 * must be something the run records (end-to-end latency needs consumers, confirm latency needs
 * confirms, publish delay needs a rate), or the gate could never be checked.
 */
final class GateValidator {
    private GateValidator() {
    }

    /** The expressions as given, before the scenario is assembled. */
    static void validate(ScenarioDraft<?> d, Problems p) {
        for (String text : d.<String>list(Setting.FAIL_IF)) {
            Gate.problem(text).ifPresent(reason -> p.add(Setting.FAIL_IF,
                    "%s '%s' is not a gate: %s", text, reason));
        }
    }

    /** The gates of an assembled scenario against what the run measures. */
    static void validate(Scenario s, Problems p) {
        boolean consumers = s.consuming().consumers() > 0
                || s.run().steps().flatMap(plan -> plan.max(StepSetting.CONSUMERS)).orElse(0.0) > 0;
        boolean publishers = s.publishing().producers() > 0
                || s.run().steps().flatMap(plan -> plan.max(StepSetting.PRODUCERS)).orElse(0.0) > 0;
        boolean paced = s.publishing().paced() || s.run().steps().flatMap(plan -> plan.max(StepSetting.RATE)).isPresent();
        for (Gate g : s.run().gates()) {
            String needs = needs(g.quantity(), s, consumers, publishers, paced);
            if (needs != null) {
                p.add(Setting.FAIL_IF, "%s '%s' measures something this run does not record: it needs %s", g, needs);
            }
        }
    }

    /** What the run lacks to measure {@code q}; null when it records it. */
    private static String needs(GateQuantity q, Scenario s, boolean consumers, boolean publishers, boolean paced) {
        String confirms = "publisher confirms (--confirm N) or transactions (--tx-size N)";
        if (q instanceof GateQuantity.Latency l) {
            return switch (l.metric()) {
                case END_TO_END -> consumers && publishers ? null
                        : "publishers and consumers (end-to-end latency is measured on delivery of this run's messages)";
                case END_TO_END_FROM_SEND -> !(consumers && publishers) ? "publishers and consumers"
                        : !paced ? "a rate (--rate or --total-rate): without one, e2e is already from the actual send"
                        : s.run().clock().wall() ? "--clock monotonic (the publish delays are paired with deliveries "
                        + "in this process)" : null;
                case ROUND_TRIP -> s.consuming().requestReply().isPresent() ? null
                        : "--request-reply (consumers answering each message)";
                case CONFIRM -> s.publishing().settled() ? null : confirms;
                case PUBLISH_DELAY -> paced ? null
                        : "a rate (--rate or --total-rate): publish delay is measured against the intended schedule";
                default -> null; // a series no gate reads: GateQuantity.Latency refuses it
            };
        } else if (q instanceof GateQuantity.RateOf r) {
            return switch (r.kind()) {
                case CONFIRMED -> s.publishing().settled() ? null : confirms;
                case RECEIVED -> consumers ? null : "consumers";
                default -> null;
            };
        }
        GateQuantity.CountKind kind = ((GateQuantity.Count) q).kind();
        return switch (kind) {
            case LOST, DUPLICATED, OUT_OF_ORDER, REDELIVERED -> consumers ? null : "consumers";
            default -> null;
        };
    }
}
