package io.amqpharness.report.document;

import java.util.List;

/**
 * The percentile ladder of one latency metric over a run, step or interval. Every value but
 * {@code count} is in nanoseconds; a metric with nothing recorded has {@code count} 0 and zeros
 * elsewhere.
 *
 * @param count number of values
 * @param min   smallest value, nanoseconds
 * @param p50   median, nanoseconds
 * @param p75   75th percentile, nanoseconds
 * @param p90   90th percentile, nanoseconds
 * @param p95   95th percentile, nanoseconds
 * @param p99   99th percentile, nanoseconds
 * @param p999  99.9th percentile, nanoseconds
 * @param p9999 99.99th percentile, nanoseconds
 * @param max   largest value, nanoseconds
 * @param mean  arithmetic mean, nanoseconds (decimal)
 */
public record Ladder(long count, long min, long p50, long p75, long p90, long p95, long p99, long p999, long p9999,
        long max, double mean) {
    /** Nothing recorded. */
    public static final Ladder EMPTY = new Ladder(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The names of the percentile rungs, lowest first, as in the JSON: {@code min} to {@code max}. */
    public static final List<String> RUNGS = List.of("min", "p50", "p75", "p90", "p95", "p99", "p999", "p9999", "max");

    /** Whether any value was recorded. */
    public boolean any() {
        return count > 0;
    }

    /**
     * A rung by its JSON name, nanoseconds.
     *
     * @param rung one of {@link #RUNGS}
     * @throws IllegalArgumentException for any other name
     */
    public long rung(String rung) {
        return switch (rung) {
            case "min" -> min;
            case "p50" -> p50;
            case "p75" -> p75;
            case "p90" -> p90;
            case "p95" -> p95;
            case "p99" -> p99;
            case "p999" -> p999;
            case "p9999" -> p9999;
            case "max" -> max;
            default -> throw new IllegalArgumentException("no rung " + rung);
        };
    }
}
