package io.amqpharness.scenario;

import java.util.Locale;

/** The type of the exchange a run declares. */
public enum ExchangeType {
    DIRECT, FANOUT, TOPIC, HEADERS;

    /** The name the broker knows it by, for example {@code topic}. */
    public String brokerName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
