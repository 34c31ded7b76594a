package io.amqpharness.run;

import io.amqpharness.scenario.Durations;
import io.amqpharness.scenario.HeaderShares;
import io.amqpharness.scenario.MessageShape;
import io.amqpharness.scenario.Shares;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * What the publishers of a run sent with each drawn routing key, priority, TTL and header value
 * ({@link MessageShape}), summed over their {@link ShapeDraw}s once they stopped, as one note of the
 * run: {@code Sent per routing key: a.b 1,412, a.c 588; per priority: 0 1,598, 5 302, 9 100.}
 */
final class ShapeCounts {
    /** The most values of one dimension the note lists; a range of keys may make thousands. */
    static final int MAX_LISTED = 20;

    private ShapeCounts() {
    }

    /** The note; empty when nothing is drawn or nothing was sent. */
    static List<String> note(MessageShape shape, List<ShapeDraw> draws) {
        if (shape.isEmpty() || draws.isEmpty()) {
            return List.of();
        }
        List<String> parts = new ArrayList<>();
        shape.routingKeys().ifPresent(k -> {
            long[] sum = new long[k.size()];
            for (ShapeDraw d : draws) {
                long[] c = d.sentPerKey();
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += c[i];
                }
            }
            parts.add("routing key: " + list(k, sum, String::valueOf));
        });
        long[] perVariant = new long[(int) shape.variantCount()];
        for (ShapeDraw d : draws) {
            long[] c = d.sentPerVariant();
            for (int i = 0; i < perVariant.length; i++) {
                perVariant[i] += c[i];
            }
        }
        List<double[]> dims = shape.dimensions();
        int dim = 0;
        int multiplier = 1;
        if (shape.priorities().isPresent()) {
            parts.add("priority: " + list(shape.priorities().get(), marginal(perVariant, multiplier,
                    dims.get(dim).length), String::valueOf));
            multiplier *= dims.get(dim++).length;
        }
        if (shape.ttls().isPresent()) {
            parts.add("TTL: " + list(shape.ttls().get(), marginal(perVariant, multiplier, dims.get(dim).length),
                    Durations::format));
            multiplier *= dims.get(dim++).length;
        }
        for (HeaderShares h : shape.headers()) {
            parts.add("header " + h.name() + ": " + list(h.values(), marginal(perVariant, multiplier,
                    dims.get(dim).length), String::valueOf));
            multiplier *= dims.get(dim++).length;
        }
        long total = 0;
        for (long v : perVariant) {
            total += v;
        }
        if (total == 0) {
            return List.of();
        }
        return List.of("Sent per " + String.join("; per ", parts) + ".");
    }

    /** The messages sent with each value of the dimension whose index in a variant is multiplied by {@code multiplier}. */
    private static long[] marginal(long[] perVariant, int multiplier, int size) {
        long[] out = new long[size];
        for (int v = 0; v < perVariant.length; v++) {
            out[(v / multiplier) % size] += perVariant[v];
        }
        return out;
    }

    private static <T> String list(Shares<T> shares, long[] counts, Function<T, String> format) {
        StringBuilder b = new StringBuilder();
        int n = Math.min(counts.length, MAX_LISTED);
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append(format.apply(shares.shares().get(i).value())).append(' ')
                    .append(String.format(Locale.ROOT, "%,d", counts[i]));
        }
        if (counts.length > n) {
            b.append(String.format(Locale.ROOT, " and %,d more", counts.length - n));
        }
        return b.toString();
    }
}
