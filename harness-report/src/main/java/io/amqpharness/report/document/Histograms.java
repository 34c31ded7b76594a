package io.amqpharness.report.document;

import java.util.List;

/**
 * The whole-run distribution of each latency metric, for plotting and exact re-analysis; a
 * metric a file does not have reads as {@link Curve#EMPTY}.
 *
 * @param endToEnd         see {@link Latencies#endToEnd()}
 * @param endToEndFromSend see {@link Latencies#endToEndFromSend()}
 * @param roundTrip        see {@link Latencies#roundTrip()}
 * @param confirm          see {@link Latencies#confirm()}
 * @param publishDelay     see {@link Latencies#publishDelay()}
 * @param churnOpen        see {@link Latencies#churnOpen()}
 */
public record Histograms(Curve endToEnd, Curve endToEndFromSend, Curve roundTrip, Curve confirm, Curve publishDelay,
        Curve churnOpen) {
    public Histograms {
        endToEnd = orEmpty(endToEnd);
        endToEndFromSend = orEmpty(endToEndFromSend);
        roundTrip = orEmpty(roundTrip);
        confirm = orEmpty(confirm);
        publishDelay = orEmpty(publishDelay);
        churnOpen = orEmpty(churnOpen);
    }

    private static Curve orEmpty(Curve c) {
        return c == null ? Curve.EMPTY : c;
    }

    /**
     * A metric's distribution by its JSON key ({@code endToEnd}, ..., {@code churnOpen}).
     *
     * @throws IllegalArgumentException for any other key
     */
    public Curve of(String metric) {
        return switch (metric) {
            case "endToEnd" -> endToEnd;
            case "endToEndFromSend" -> endToEndFromSend;
            case "roundTrip" -> roundTrip;
            case "confirm" -> confirm;
            case "publishDelay" -> publishDelay;
            case "churnOpen" -> churnOpen;
            default -> throw new IllegalArgumentException("no metric " + metric);
        };
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
