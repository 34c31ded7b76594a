package io.amqpharness.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

/**
 * End-to-end latency per body size, for a run whose {@code --size} is a mix: one
 * {@link LatencyRecorder} per size, which a delivery is recorded into by its body length. A body
 * of a length not in the mix (another tool's message) is not recorded here. {@link #record} is
 * wait-free and allocation-free as {@link LatencyRecorder#recordNanos} is (a binary search over a
 * handful of sizes); {@link #sampleInterval}, {@link #resetCumulative} and {@link #summaries}
 * belong to the run's reporting thread, as the recorders' own. The run ends their intervals right
 * after the end-to-end recorder's, so a value that arrives between the two at the end of the
 * warm-up may count on one side of it there and on the other here: the per-size counts can then
 * differ from the end-to-end count by the few deliveries of those microseconds.
 */
public final class SizeLatencies {
    /** No mix: nothing is recorded. */
    public static final SizeLatencies NONE = new SizeLatencies(new int[0], new double[0]);

    /** The sizes, ascending. */
    private final int[] sizes;
    private final double[] percents;
    private final LatencyRecorder[] recorders;

    private SizeLatencies(int[] sizes, double[] percents) {
        this.sizes = sizes;
        this.percents = percents;
        this.recorders = new LatencyRecorder[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            recorders[i] = new LatencyRecorder("end-to-end latency of " + label(sizes[i]) + " messages");
        }
    }

    /**
     * A recorder per size of a {@code --size} mix; {@link #NONE} for a single size.
     *
     * @param percentBySize each body size in bytes with its share of the messages in percent, as
     *                      {@code SizeMix.percentBySize()} gives them
     */
    public static SizeLatencies of(SortedMap<Integer, Double> percentBySize) {
        if (percentBySize.size() < 2) {
            return NONE;
        }
        int[] sizes = new int[percentBySize.size()];
        double[] percents = new double[percentBySize.size()];
        int i = 0;
        for (Map.Entry<Integer, Double> e : percentBySize.entrySet()) {
            sizes[i] = e.getKey();
            percents[i++] = e.getValue();
        }
        return new SizeLatencies(sizes, percents);
    }

    /** A body size as the summary names it: {@code 100 B}, {@code 4 KiB}, {@code 1 MiB}. */
    public static String label(int bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return String.format(Locale.ROOT, "%d B", bytes);
    }

    /** True if there is a recorder per size (the run's size is a mix). */
    public boolean any() {
        return sizes.length > 0;
    }

    /** Records the end-to-end latency of a message whose body is {@code length} bytes long. */
    public void record(int length, long nanos) {
        if (sizes.length == 0) {
            return;
        }
        int i = Arrays.binarySearch(sizes, length);
        if (i >= 0) {
            recorders[i].recordNanos(nanos);
        }
    }

    /** Ends the interval of every size's recorder, adding it to the whole run's histogram. */
    public void sampleInterval() {
        for (LatencyRecorder r : recorders) {
            r.sampleInterval();
        }
    }

    /** Clears every size's whole-run histogram (the end of the warm-up). */
    public void resetCumulative() {
        for (LatencyRecorder r : recorders) {
            r.resetCumulative();
        }
    }

    /** The latency of each size up to the last {@link #sampleInterval()}, smallest size first; empty without a mix. */
    public List<SizeLatency> summaries() {
        List<SizeLatency> out = new ArrayList<>(sizes.length);
        for (int i = 0; i < sizes.length; i++) {
            out.add(new SizeLatency(sizes[i], percents[i], LatencySummary.of(recorders[i].cumulative())));
        }
        return List.copyOf(out);
    }
}
