package io.amqpharness.scenario;

import java.util.Locale;
import java.util.Optional;

/** The settings a run can change while it goes on ({@code --step NAME=V1,V2,...}). */
public enum StepSetting {
    /** Intended rate per publisher (messages per second). */
    RATE("rate", Setting.RATE),
    /** Confirm window: most unconfirmed messages per publisher. */
    CONFIRM("confirm", Setting.CONFIRM),
    /** Consumer prefetch (link credit for AMQP 1.0). */
    QOS("qos", Setting.QOS),
    /** Acknowledge every N messages. */
    MULTI_ACK_EVERY("multi-ack-every", Setting.MULTI_ACK_EVERY),
    /** Number of publishers. */
    PRODUCERS("producers", Setting.PRODUCERS),
    /** Number of consumers. */
    CONSUMERS("consumers", Setting.CONSUMERS);

    private final String key;
    private final Setting setting;

    StepSetting(String key, Setting setting) {
        this.key = key;
        this.setting = setting;
    }

    /** The name used in {@code --step}, the long option name without dashes: {@code confirm}. */
    public String key() {
        return key;
    }

    /** The option this step changes. */
    public Setting setting() {
        return setting;
    }

    /** The step setting named {@code key} ({@code confirm}, {@code multi-ack-every}, ...). */
    public static Optional<StepSetting> of(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT).replaceFirst("^-+", "");
        for (StepSetting s : values()) {
            if (s.key.equals(k)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The keys, for messages: {@code rate, confirm, qos, multi-ack-every, producers, consumers}. */
    public static String keys() {
        StringBuilder b = new StringBuilder();
        for (StepSetting s : values()) {
            b.append(b.length() == 0 ? "" : ", ").append(s.key);
        }
        return b.toString();
    }
}
