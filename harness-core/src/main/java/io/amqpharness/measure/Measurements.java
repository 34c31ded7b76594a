package io.amqpharness.measure;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything a run measures: the message counters and one latency recorder per {@link Metric}.
 * Shared by all publishing and consuming threads; see each member for its threading contract.
 */
public final class Measurements {
    private final Counters counters = new Counters();
    private final Map<Metric, LatencyRecorder> recorders = new EnumMap<>(Metric.class);
    private final FlowBlocks blocks;
    private final Outages outages;
    private volatile SizeLatencies bySize = SizeLatencies.NONE;

    /** Measurements on the system clock. */
    public Measurements() {
        this(NanoClock.SYSTEM);
    }

    /** @param clock the clock blocked time is measured with */
    public Measurements(NanoClock clock) {
        this.blocks = new FlowBlocks(clock);
        this.outages = new Outages(clock);
        for (Metric m : Metric.values()) {
            recorders.put(m, new LatencyRecorder(m.label()));
        }
    }

    public Counters counters() {
        return counters;
    }

    /** Connections the broker dropped, and how long they took to come back. */
    public Outages outages() {
        return outages;
    }

    /** When the broker blocked publishers. */
    public FlowBlocks blocks() {
        return blocks;
    }

    /** End-to-end latency per size of a {@code --size} mix; {@link SizeLatencies#NONE} until {@link #measureBySize}. */
    public SizeLatencies bySize() {
        return bySize;
    }

    /**
     * Measures end-to-end latency per size of a {@code --size} mix too (nothing more for a single
     * size); before traffic.
     *
     * @param percentBySize each body size in bytes with its share in percent ({@code SizeMix.percentBySize()})
     */
    public void measureBySize(java.util.SortedMap<Integer, Double> percentBySize) {
        bySize = SizeLatencies.of(percentBySize);
    }

    public LatencyRecorder recorder(Metric metric) {
        return recorders.get(metric);
    }

    /**
     * One sentence per metric that had values above {@link LatencyRecorder#HIGHEST_NANOS} (one
     * hour), which its histogram holds as one hour; empty when there were none.
     */
    public List<String> clampNotes() {
        List<String> notes = new ArrayList<>();
        recorders.forEach((m, r) -> {
            long n = r.clampedCount();
            if (n > 0) {
                notes.add(String.format(Locale.ROOT, "%,d %s values were above one hour and are counted as one hour "
                        + "in the percentiles (the histograms stop there).", n, m.label()));
            }
        });
        return notes;
    }
}
