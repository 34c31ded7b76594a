package io.amqpharness.scenario;

import io.amqpharness.measure.Metric;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a {@link Gate} measures: a latency statistic, a message count or a rate. The names are the
 * ones the library's assertions use ({@code hasEndToEndPercentileBelow}, {@code lostNothing},
 * {@code hasNoDuplicates}, {@code hasNoNacks}, {@code hasThroughputAtLeast}), so a CI gate and a
 * JUnit assertion read alike. Immutable.
 */
public sealed interface GateQuantity {

    /** The canonical name, as written in a gate: {@code e2e.p99}, {@code lost}, {@code rate.received}. */
    @Override
    String toString();

    /** A threshold read from text in this quantity's unit. */
    double parseValue(String text);

    /** A threshold written back so that {@link #parseValue} reads it again: {@code 20ms}, {@code 0}, {@code 9000}. */
    String formatValue(double value);

    /** A value for a sentence, with its unit: {@code 20.000 ms}, {@code 12}, {@code 9,000 msg/s}. */
    String describe(double value);

    /** What the quantity is, for a sentence: {@code end-to-end p99}, {@code lost messages}, {@code received rate}. */
    String label();

    /**
     * Reads a quantity name.
     *
     * @throws IllegalArgumentException with a sentence saying what is wrong and what is valid
     */
    static GateQuantity parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        int dot = n.indexOf('.');
        if (dot > 0 && n.startsWith("rate.")) {
            return new RateOf(RateKind.parse(n.substring(dot + 1)));
        }
        if (dot > 0) {
            String series = n.substring(0, dot);
            Metric metric = Metric.gated(series).orElseThrow(() -> new IllegalArgumentException("'" + series
                    + "' is not a latency; use " + latencyNames("") + ", for example e2e.p99>20ms"));
            return new Latency(metric, Statistic.parse(n.substring(dot + 1)));
        }
        if (n.equals("throughput")) {
            return new RateOf(RateKind.THROUGHPUT);
        }
        Optional<Metric> noStatistic = Metric.gated(n);
        if (noStatistic.isPresent()) {
            String series = noStatistic.get().gateName().orElseThrow();
            throw new IllegalArgumentException("'" + name.trim() + "' needs a statistic, for example " + series
                    + ".p99 or " + series + ".max");
        }
        return new Count(CountKind.parse(n));
    }

    /** The latencies a gate reads, by their gate names, each quoted with {@code quote}: {@code e2e, ... or publish-delay}. */
    static String latencyNames(String quote) {
        return Metric.gateable().stream().map(m -> quote + m.gateName().orElseThrow() + quote)
                .collect(Collectors.joining(", ")).replaceFirst(", ([^,]+)$", " or $1");
    }

    /** The one constant of {@code values} that {@code named} accepts, if any: the parse of each enum below. */
    private static <E extends Enum<E>> Optional<E> find(E[] values, Predicate<E> named) {
        return Arrays.stream(values).filter(named).findFirst();
    }

    /**
     * A latency statistic over the whole run or a step, in nanoseconds.
     *
     * @param metric    the series read; one a gate can read ({@link Metric#gateName()} present)
     * @param statistic the point of its distribution
     */
    record Latency(Metric metric, Statistic statistic) implements GateQuantity {
        /** A latency threshold: a decimal and a unit. */
        private static final Pattern LATENCY =
                Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|µs|ms|s)");

        /** @throws IllegalArgumentException for a series no gate reads */
        public Latency {
            if (metric.gateName().isEmpty()) {
                throw new IllegalArgumentException("no gate reads the " + metric.label() + " latency");
            }
        }

        /**
         * The statistic of a series named by the former gate-only enum.
         *
         * @deprecated use {@link #Latency(Metric, Statistic)}: {@link Metric} names the series for gates too
         */
        @Deprecated(since = "0.1.0", forRemoval = true)
        public Latency(LatencyMetric metric, Statistic statistic) {
            this(metric.metric(), statistic);
        }

        @Override
        public String toString() {
            return metric.gateName().orElseThrow() + "." + statistic.name;
        }

        @Override
        public double parseValue(String text) {
            Matcher m = LATENCY.matcher(text.trim().toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + text + "' is not a latency; give a number with a unit (ns, "
                        + "us, ms or s), for example " + this + ">20ms");
            }
            double unit = switch (m.group(2)) {
                case "ns" -> 1;
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                default -> 1e9;
            };
            return Math.round(Double.parseDouble(m.group(1)) * unit);
        }

        @Override
        public String formatValue(double value) {
            long nanos = (long) value;
            if (nanos != 0 && nanos % 1_000_000_000L == 0) {
                return nanos / 1_000_000_000L + "s";
            } else if (nanos % 1_000_000L == 0) {
                return nanos / 1_000_000L + "ms";
            } else if (nanos % 1_000L == 0) {
                return nanos / 1_000L + "us";
            }
            return nanos + "ns";
        }

        @Override
        public String describe(double value) {
            return String.format(Locale.ROOT, "%,.3f ms", value / 1e6);
        }

        @Override
        public String label() {
            return metric.label() + " " + statistic.label;
        }
    }

    /** A message count, over the whole run or during a step. */
    record Count(CountKind kind) implements GateQuantity {
        @Override
        public String toString() {
            return kind.name;
        }

        @Override
        public double parseValue(String text) {
            try {
                long v = Long.parseLong(text.trim());
                if (v >= 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // the sentence below
            }
            throw new IllegalArgumentException("'" + text + "' is not a count; give a whole number, for example "
                    + this + ">0");
        }

        @Override
        public String formatValue(double value) {
            return Long.toString((long) value);
        }

        @Override
        public String describe(double value) {
            return String.format(Locale.ROOT, "%,d", (long) value);
        }

        @Override
        public String label() {
            return kind.label;
        }
    }

    /** An average rate in messages per second, over the whole run or a step. */
    record RateOf(RateKind kind) implements GateQuantity {
        @Override
        public String toString() {
            return kind == RateKind.THROUGHPUT ? "throughput" : "rate." + kind.name;
        }

        @Override
        public double parseValue(String text) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            t = t.endsWith("msg/s") ? t.substring(0, t.length() - 5).trim() : t.endsWith("/s")
                    ? t.substring(0, t.length() - 2).trim() : t;
            try {
                double v = Double.parseDouble(t);
                if (v >= 0 && !Double.isInfinite(v)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // the sentence below
            }
            throw new IllegalArgumentException("'" + text + "' is not a rate; give messages per second, for example "
                    + this + "<9000");
        }

        @Override
        public String formatValue(double value) {
            return ValueType.number(value);
        }

        @Override
        public String describe(double value) {
            return String.format(Locale.ROOT, "%,.0f msg/s", value);
        }

        @Override
        public String label() {
            return kind.label;
        }
    }

    /**
     * The latency series a gate can read, as this interface named them before {@link Metric} did.
     *
     * @deprecated {@link Metric} is the one table of the series, with their gate names
     *             ({@link Metric#gateName()}); use its constants
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    enum LatencyMetric {
        /** {@link Metric#END_TO_END}. */
        END_TO_END(Metric.END_TO_END),
        /** {@link Metric#END_TO_END_FROM_SEND}. */
        FROM_SEND(Metric.END_TO_END_FROM_SEND),
        /** {@link Metric#ROUND_TRIP}. */
        ROUND_TRIP(Metric.ROUND_TRIP),
        /** {@link Metric#CONFIRM}. */
        CONFIRM(Metric.CONFIRM),
        /** {@link Metric#PUBLISH_DELAY}. */
        PUBLISH_DELAY(Metric.PUBLISH_DELAY);

        private final Metric metric;

        LatencyMetric(Metric metric) {
            this.metric = metric;
        }

        /** The series this name stood for. */
        public Metric metric() {
            return metric;
        }
    }

    /** A point of the latency distribution. */
    enum Statistic {
        MIN("min", "min", 0),
        P50("p50", "p50", 50),
        P75("p75", "p75", 75),
        P90("p90", "p90", 90),
        P95("p95", "p95", 95),
        P99("p99", "p99", 99),
        P999("p999", "p99.9", 99.9),
        P9999("p9999", "p99.99", 99.99),
        MAX("max", "max", 100),
        MEAN("mean", "mean", Double.NaN);

        private final String name;
        private final String label;
        private final double percentile;

        Statistic(String name, String label, double percentile) {
            this.name = name;
            this.label = label;
            this.percentile = percentile;
        }

        static Statistic parse(String text) {
            return find(values(), s -> s.name.equals(text) || s.label.equals(text)).orElseThrow(() ->
                    new IllegalArgumentException("'" + text + "' is not a statistic; use one of "
                    + Arrays.stream(values()).map(s -> s.name).collect(Collectors.joining(", "))));
        }

        /** The percentile, 0 to 100; NaN for the mean. */
        public double percentile() {
            return percentile;
        }
    }

    /** The message counts a gate can read. */
    enum CountKind {
        /** Sequences missing below the highest received from each publisher. */
        LOST("lost", "lost messages"),
        /** Deliveries of a message that arrived before, without the redelivered flag. */
        DUPLICATED("duplicated", "duplicated deliveries"),
        /** Deliveries with a lower sequence than the previous one from the same publisher. */
        OUT_OF_ORDER("out-of-order", "out-of-order deliveries"),
        /** Messages the broker nacked (0.9.1) or rejected (1.0). */
        NACKED("nacked", "nacked messages"),
        /** Messages returned as unroutable (0.9.1 mandatory). */
        RETURNED("returned", "returned messages"),
        /** Messages without a verdict within the confirm timeout. */
        TIMED_OUT("timed-out", "timed-out messages"),
        /** Deliveries the broker flagged as redelivered. */
        REDELIVERED("redelivered", "redelivered deliveries"),
        /**
         * Messages the accounting cannot explain: published messages without a fate, plus expected
         * deliveries that neither arrived nor stayed in the queue (whole run only; 0 in a step).
         */
        UNACCOUNTED("unaccounted", "unaccounted messages");

        private final String name;
        private final String label;

        CountKind(String name, String label) {
            this.name = name;
            this.label = label;
        }

        static CountKind parse(String text) {
            String t = text.replace('_', '-');
            return find(values(), k -> k.name.equals(t) || k.name.replace("-", "").equals(t)).orElseThrow(() ->
                    new IllegalArgumentException("'" + text + "' is not something a gate can measure; use a latency "
                    + "(e2e.p99, e2e-from-send.p99, confirm.p999, publish-delay.max), a count ("
                    + Arrays.stream(values()).map(k -> k.name).collect(Collectors.joining(", "))
                    + ") or a rate (rate.sent, rate.confirmed, rate.received, throughput)"));
        }
    }

    /** The rates a gate can read, in messages per second. */
    enum RateKind {
        /** Published messages over the publishing time. */
        SENT("sent", "sent rate"),
        /** Confirmed messages over the publishing time. */
        CONFIRMED("confirmed", "confirmed rate"),
        /** Consumed messages between the first and last delivery. */
        RECEIVED("received", "received rate"),
        /** The received rate when the run has consumers, else the sent rate (as {@code hasThroughputAtLeast}). */
        THROUGHPUT("throughput", "throughput");

        private final String name;
        private final String label;

        RateKind(String name, String label) {
            this.name = name;
            this.label = label;
        }

        static RateKind parse(String text) {
            return find(values(), k -> k != THROUGHPUT && k.name.equals(text)).orElseThrow(() ->
                    new IllegalArgumentException("'rate." + text + "' is not a rate; use rate.sent, rate.confirmed or "
                            + "rate.received, for example rate.received<9000"));
        }
    }
}
