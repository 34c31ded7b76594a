package io.amqpharness.scenario;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A pass/fail gate ({@code --fail-if e2e.p99>20ms}): the run fails when the measured
 * {@link GateQuantity quantity} compares to the threshold as written. Checked on the whole run
 * and on each step of a stepped run. Immutable; {@link #toString()} gives the canonical text,
 * which {@link #parse(String)} reads back as an equal gate.
 *
 * <p>The text is {@code QUANTITY OP VALUE}, spaces allowed around the operator:
 * <ul>
 *   <li>{@code QUANTITY}: a latency {@code e2e}, {@code confirm} or {@code publish-delay} with a
 *       statistic ({@code .p50}, {@code .p99}, {@code .p999}, {@code .max}, ..., see
 *       {@link GateQuantity.Statistic}); a count ({@code lost}, {@code duplicated}, {@code nacked},
 *       ...); or a rate ({@code rate.sent}, {@code rate.received}, ...);</li>
 *   <li>{@code OP}: {@code <}, {@code <=}, {@code >} or {@code >=};</li>
 *   <li>{@code VALUE}: for a latency a number with a unit ({@code ns}, {@code us} or
 *       {@code µs}, {@code ms}, {@code s}); for a count a whole number; for a rate messages per
 *       second.</li>
 * </ul>
 *
 * @param quantity   what is measured
 * @param comparison how the measured value must compare to the threshold for the gate to break
 * @param threshold  the threshold in the quantity's unit: nanoseconds for a latency, messages for a
 *                   count, messages per second for a rate; 0 or more
 */
public record Gate(GateQuantity quantity, Comparison comparison, double threshold) {
    /** Valid examples, for messages. */
    public static final String EXAMPLES = "e2e.p99>20ms, confirm.p999>100ms, lost>0 or rate.received<9000";

    public Gate {
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(comparison, "comparison");
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("a gate threshold must be 0 or more: " + threshold);
        }
    }

    /** The gate {@code text} stands for, if it is one; {@link #problem(String)} says why not. */
    public static Optional<Gate> parse(String text) {
        try {
            return Optional.of(of(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The gate {@code text} stands for.
     *
     * @throws IllegalArgumentException with a sentence (no final period) saying what is wrong
     */
    public static Gate of(String text) {
        String t = text == null ? "" : text.trim();
        int op = operatorIndex(t);
        if (op < 0) {
            throw new IllegalArgumentException("it has no comparison: write QUANTITY OP VALUE with OP one of <, <=, >, >=, "
                    + "for example 'e2e.p99>20ms' (quoted, or the shell takes > for a redirection)");
        }
        Comparison comparison = t.startsWith("=", op + 1) ? (t.charAt(op) == '<' ? Comparison.LE : Comparison.GE)
                : t.charAt(op) == '<' ? Comparison.LT : Comparison.GT;
        String left = t.substring(0, op).trim();
        String right = t.substring(op + comparison.symbol().length()).trim();
        if (left.isEmpty()) {
            throw new IllegalArgumentException("it names nothing to measure before " + comparison.symbol()
                    + "; for example e2e.p99>20ms");
        }
        if (right.isEmpty()) {
            throw new IllegalArgumentException("it has no value after " + comparison.symbol()
                    + "; for example e2e.p99>20ms");
        }
        GateQuantity quantity = GateQuantity.parse(left);
        return new Gate(quantity, comparison, quantity.parseValue(right));
    }

    /** Why {@code text} is not a gate, as a sentence without its final period; empty if it is one. */
    public static Optional<String> problem(String text) {
        try {
            of(text);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** True if a measured value (in the quantity's unit) breaks this gate. */
    public boolean breaksAt(double measured) {
        return comparison.holds(measured, threshold);
    }

    /** The threshold written for people, with its unit: {@code 20 ms}, {@code 9,000 msg/s}, {@code 0}. */
    public String thresholdText() {
        return quantity.describe(threshold);
    }

    @Override
    public String toString() {
        return quantity + comparison.symbol() + quantity.formatValue(threshold);
    }

    private static int operatorIndex(String t) {
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) == '<' || t.charAt(i) == '>') {
                return i;
            }
        }
        return -1;
    }

    /** How the measured value compares to the threshold when the gate breaks. */
    public enum Comparison {
        /** Breaks when the measured value is below the threshold. */
        LT("<", "below"),
        /** Breaks when the measured value is at or below the threshold. */
        LE("<=", "at or below"),
        /** Breaks when the measured value is above the threshold. */
        GT(">", "above"),
        /** Breaks when the measured value is at or above the threshold. */
        GE(">=", "at or above");

        private final String symbol;
        private final String words;

        Comparison(String symbol, String words) {
            this.symbol = symbol;
            this.words = words;
        }

        /** {@code <}, {@code <=}, {@code >} or {@code >=}. */
        public String symbol() {
            return symbol;
        }

        /** {@code below}, {@code at or above}, ...: the relation in a sentence. */
        public String words() {
            return words;
        }

        boolean holds(double measured, double threshold) {
            return switch (this) {
                case LT -> measured < threshold;
                case LE -> measured <= threshold;
                case GT -> measured > threshold;
                case GE -> measured >= threshold;
            };
        }

        @Override
        public String toString() {
            return symbol.toLowerCase(Locale.ROOT);
        }
    }
}
