package io.amqpharness.scenario;

/** Undoes the base values a step plan put into a scenario, so a copied builder sets them once. */
final class StepCopier {
    private StepCopier() {
    }

    static void clearStepped(ScenarioDraft<?> b, StepPlan plan) {
        for (Step s : plan.steps()) {
            switch (s.setting()) {
                case RATE -> b.rate = null;
                case CONFIRM -> b.confirm = null;
                case QOS -> b.qos = null;
                case MULTI_ACK_EVERY -> b.given.remove(Setting.MULTI_ACK_EVERY);
                case PRODUCERS -> b.given.remove(Setting.PRODUCERS);
                case CONSUMERS -> b.given.remove(Setting.CONSUMERS);
            }
        }
    }
}
