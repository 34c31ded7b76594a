package io.amqpharness.metrics;

import io.amqpharness.measure.CountSnapshot;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The exported message counters: one per {@code long} field of {@link CountSnapshot}, named
 * {@code harness_<field in snake case>_total}. A count added to {@code CountSnapshot} is exported
 * without any change here; giving it a better description is one line in {@link #DESCRIPTIONS}.
 * Counts that can go down ({@link #NOT_COUNTERS}) are gauges, registered by {@link RunMetrics}.
 */
final class CounterCatalog {
    /** Prometheus HELP text per {@code CountSnapshot} field. */
    static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            Map.entry("published", "Messages handed to the broker"),
            Map.entry("confirmed", "Messages confirmed (0.9.1) or accepted (1.0) by the broker"),
            Map.entry("nacked", "Messages nacked (0.9.1) or rejected (1.0) by the broker"),
            Map.entry("returned", "Messages returned as unroutable (0.9.1 mandatory)"),
            Map.entry("released", "Messages released (1.0)"),
            Map.entry("modified", "Messages modified (1.0)"),
            Map.entry("timedOut", "Messages without a confirm within the confirm timeout"),
            Map.entry("lateOutcomes", "Confirms that arrived after their message had timed out"),
            Map.entry("consumed", "Deliveries to consumers"),
            Map.entry("redelivered", "Deliveries flagged as redelivered"),
            Map.entry("clockSkew", "Deliveries whose timestamp lay in the future, left out of latency"),
            Map.entry("foreign", "Deliveries of messages this run did not publish"),
            Map.entry("duplicated", "Messages delivered more than once"));

    /**
     * Counts that can decrease, so cannot be Prometheus counters: {@code lost} takes back sequences
     * that arrive late, and the run's end replaces it by the final gap count.
     */
    static final java.util.Set<String> NOT_COUNTERS = java.util.Set.of("lost");

    /** One counter: its Micrometer name, description and how to read it from the totals. */
    record Counter(String name, String description, ToLongFunction<CountSnapshot> read) {
    }

    private CounterCatalog() {
    }

    static List<Counter> counters() {
        List<Counter> out = new ArrayList<>();
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            if (c.getType() != long.class || NOT_COUNTERS.contains(c.getName())) {
                continue;
            }
            String description = DESCRIPTIONS.getOrDefault(c.getName(), "Messages counted as " + words(c.getName()));
            out.add(new Counter("harness." + snake(c.getName()), description, s -> read(c, s)));
        }
        return out;
    }

    private static long read(RecordComponent c, CountSnapshot s) {
        try {
            return (long) c.getAccessor().invoke(s);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot read " + c.getName(), e);
        }
    }

    static String snake(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    private static String words(String camel) {
        return snake(camel).replace('_', ' ');
    }
}
