package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Values with their shares of the messages, one drawn per message: {@code 0:80%,5:15%,9:5%}, or
 * one value for every message ({@code 5}, a share of 100 %). Immutable.
 *
 * @param shares the values and their shares, in the order given; values are distinct and shares
 *               positive. Whether they add up to 100 % is checked with the scenario, so a list that
 *               does not is still a value here
 * @param <T>    the values' type
 */
public record Shares<T>(List<Share<T>> shares) {

    /**
     * One value and its share.
     *
     * @param value   the value: a string for routing keys, an integer for priorities, nanoseconds for TTLs,
     *                as {@code --message-headers} types it for headers
     * @param percent its share of the messages, in percent (above 0, at most 100)
     */
    public record Share<T>(T value, double percent) {
    }

    public Shares {
        shares = List.copyOf(shares);
        if (shares.isEmpty()) {
            throw new IllegalArgumentException("a list of shares has at least one value");
        }
    }

    /** One value for every message. */
    public static <T> Shares<T> of(T value) {
        return new Shares<>(List.of(new Share<>(value, 100)));
    }

    /**
     * Reads {@code VALUE} or {@code VALUE:PERCENT%[,VALUE:PERCENT%...]} (the {@code %} may be left
     * out); an item whose value {@code values} expands to several values splits its share evenly
     * among them. Empty if an item cannot be read, a share is not above 0 or above 100, or a value
     * appears twice.
     *
     * @param values reads one item's value text into one or more values; empty if it is not one
     */
    public static <T> Optional<Shares<T>> parse(String text, Function<String, Optional<List<T>>> values) {
        List<Share<T>> out = new ArrayList<>();
        Set<T> seen = new HashSet<>();
        String[] items = text.split(",", -1);
        for (String item : items) {
            String t = item.trim();
            int colon = t.lastIndexOf(':');
            double percent = 100;
            String valueText = t;
            if (colon >= 0 && (items.length > 1 || isShare(t.substring(colon + 1)))) {
                String share = t.substring(colon + 1).trim();
                share = share.endsWith("%") ? share.substring(0, share.length() - 1).trim() : share;
                try {
                    percent = Double.parseDouble(share);
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
                valueText = t.substring(0, colon).trim();
            } else if (items.length > 1) {
                return Optional.empty();
            }
            if (!(percent > 0) || percent > 100 || valueText.isEmpty()) {
                return Optional.empty();
            }
            Optional<List<T>> v = values.apply(valueText);
            if (v.isEmpty() || v.get().isEmpty()) {
                return Optional.empty();
            }
            for (T x : v.get()) {
                if (!seen.add(x)) {
                    return Optional.empty();
                }
                out.add(new Share<>(x, percent / v.get().size()));
            }
        }
        return Optional.of(new Shares<>(out));
    }

    private static boolean isShare(String s) {
        return s.trim().matches("[0-9]+(\\.[0-9]+)?\\s*%?");
    }

    /** One value each, read by {@code one}; for {@link #parse}. */
    public static <T> Function<String, Optional<List<T>>> single(Function<String, Optional<T>> one) {
        return s -> one.apply(s).map(List::of);
    }

    /** The number of values. */
    public int size() {
        return shares.size();
    }

    /** The values, in order. */
    public List<T> values() {
        return shares.stream().map(Share::value).toList();
    }

    /** The sum of the shares, in percent: 100 for a valid list. */
    public double totalPercent() {
        return shares.stream().mapToDouble(Share::percent).sum();
    }

    /** True if the shares add up to 100 % (to within a millionth of a percent). */
    public boolean sumsTo100() {
        return Math.abs(totalPercent() - 100) < 1e-6;
    }

    /** True for one value for every message. */
    public boolean isFixed() {
        return shares.size() == 1;
    }

    /** {@code 5}, or {@code 0:80%,5:15%,9:5%}, each value written by {@code format}. */
    public String format(Function<T, String> format) {
        if (isFixed() && shares.get(0).percent() == 100) {
            return format.apply(shares.get(0).value());
        }
        StringBuilder b = new StringBuilder();
        for (Share<T> s : shares) {
            b.append(b.length() == 0 ? "" : ",").append(format.apply(s.value())).append(':')
                    .append(ValueType.DECIMAL.format(s.percent())).append('%');
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return format(String::valueOf);
    }
}
