package io.amqpharness.measure;

import java.util.EnumMap;
import java.util.Map;

/**
 * Everything a run measures: the message counters and one latency recorder per {@link Metric}.
 * Shared by all publishing and consuming threads; see each member for its threading contract.
 */
public final class Measurements {
    private final Counters counters = new Counters();
    private final Map<Metric, LatencyRecorder> recorders = new EnumMap<>(Metric.class);

    public Measurements() {
        for (Metric m : Metric.values()) {
            recorders.put(m, new LatencyRecorder(m.label()));
        }
    }

    public Counters counters() {
        return counters;
    }

    public LatencyRecorder recorder(Metric metric) {
        return recorders.get(metric);
    }
}
