package io.amqpharness.report.document;

import io.amqpharness.measure.Metric;
import java.util.EnumMap;
import java.util.Map;

/** The deprecated positional constructors of {@link Latencies} and {@link Histograms}: the six series of 0.1.0 in order. */
final class Positional {
    private static final Metric[] ORDER = {Metric.END_TO_END, Metric.END_TO_END_FROM_SEND, Metric.ROUND_TRIP,
        Metric.CONFIRM, Metric.PUBLISH_DELAY, Metric.CHURN_OPEN};

    private Positional() {
    }

    @SafeVarargs
    static <T> Map<Metric, T> map(T... values) {
        Map<Metric, T> out = new EnumMap<>(Metric.class);
        for (int i = 0; i < ORDER.length; i++) {
            if (values[i] != null) {
                out.put(ORDER[i], values[i]);
            }
        }
        return out;
    }
}
