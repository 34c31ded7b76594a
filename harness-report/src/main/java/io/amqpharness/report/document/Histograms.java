package io.amqpharness.report.document;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.amqpharness.measure.Metric;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The whole-run distribution of each latency series, for plotting and exact re-analysis, keyed by
 * {@link Metric#jsonKey()}; a series a file does not have reads as {@link Curve#EMPTY}. Immutable.
 */
public final class Histograms extends PerMetric<Histograms.Curve> {
    /** Nothing recorded for any series. */
    public static final Histograms EMPTY = new Histograms(Map.of());

    /** @param curves each series' distribution; a series left out reads as {@link Curve#EMPTY} */
    public Histograms(Map<Metric, Curve> curves) {
        super(curves, Curve.EMPTY);
    }

    /** Each series' distribution, computed from the series. */
    public static Histograms of(Function<Metric, Curve> curve) {
        return new Histograms(each(curve));
    }

    @JsonCreator
    static Histograms fromJson(Map<String, Curve> byKey) {
        return new Histograms(byMetric(byKey));
    }

    /**
     * The six series by position, as when this was a record.
     *
     * @deprecated use {@link #Histograms(Map)} or {@link #of(Function)}: the series are {@link Metric}'s
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Histograms(Curve endToEnd, Curve endToEndFromSend, Curve roundTrip, Curve confirm, Curve publishDelay,
            Curve churnOpen) {
        this(Positional.map(endToEnd, endToEndFromSend, roundTrip, confirm, publishDelay, churnOpen));
    }

    /** @deprecated use {@code get(Metric.END_TO_END)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Curve endToEnd() {
        return get(Metric.END_TO_END);
    }

    /** @deprecated use {@code get(Metric.END_TO_END_FROM_SEND)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Curve endToEndFromSend() {
        return get(Metric.END_TO_END_FROM_SEND);
    }

    /** @deprecated use {@code get(Metric.ROUND_TRIP)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Curve roundTrip() {
        return get(Metric.ROUND_TRIP);
    }

    /** @deprecated use {@code get(Metric.CONFIRM)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Curve confirm() {
        return get(Metric.CONFIRM);
    }

    /** @deprecated use {@code get(Metric.PUBLISH_DELAY)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Curve publishDelay() {
        return get(Metric.PUBLISH_DELAY);
    }

    /** @deprecated use {@code get(Metric.CHURN_OPEN)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Curve churnOpen() {
        return get(Metric.CHURN_OPEN);
    }

    /**
     * One metric's distribution.
     *
     * @param count       number of values
     * @param percentiles the percentile curve, as HdrHistogram's percentile distribution output (5 ticks per halving of
     *                    the distance to 100 %)
     * @param encoded     the whole HdrHistogram, compressed and base64-encoded:
     *                    {@code Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(s)), 0)}
     *                    restores it, values in nanoseconds
     */
    public record Curve(long count, List<Point> percentiles, String encoded) {
        /** Nothing recorded, and no encoded histogram. */
        public static final Curve EMPTY = new Curve(0, List.of(), "");

        public Curve {
            percentiles = percentiles == null ? List.of() : List.copyOf(percentiles);
            encoded = encoded == null ? "" : encoded;
        }
    }

    /**
     * A point of the percentile curve.
     *
     * @param percentile percentile level, 0 to 100
     * @param value      value at that level, nanoseconds
     */
    public record Point(double percentile, long value) {
    }
}
