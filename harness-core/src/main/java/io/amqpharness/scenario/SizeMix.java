package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The body sizes of {@code --size}: one size ({@code --size 1000}), or a weighted mix drawn per
 * message ({@code --size 100:50%,1kb:40%,64kb:10%}). Immutable.
 *
 * @param buckets the sizes and their shares, in the order given; one bucket of 100 % for a fixed
 *                size. Sizes are distinct; shares are positive and, for a valid mix, add up to
 *                100 (checked with the scenario, so a mix that does not is still a value here)
 */
public record SizeMix(List<Bucket> buckets) {

    /**
     * One size of a mix.
     *
     * @param bytes   body size in bytes
     * @param percent share of messages with this size, in percent (0 to 100)
     */
    public record Bucket(int bytes, double percent) {
        @Override
        public String toString() {
            return bytes + ":" + ValueType.DECIMAL.format(percent) + "%";
        }
    }

    public SizeMix {
        buckets = List.copyOf(buckets);
        if (buckets.isEmpty()) {
            throw new IllegalArgumentException("a size mix has at least one size");
        }
    }

    /** One size for every message. */
    public static SizeMix fixed(int bytes) {
        return new SizeMix(List.of(new Bucket(bytes, 100)));
    }

    /**
     * Parses {@code SIZE} or {@code SIZE:PERCENT%[,SIZE:PERCENT%...]} (the {@code %} may be left out);
     * empty if the text is neither, a share is not positive, or a size appears twice.
     */
    public static Optional<SizeMix> parse(String text) {
        String t = text.trim();
        if (!t.contains(":")) {
            return DataSize.parse(t).filter(s -> s.bytes() <= Integer.MAX_VALUE).map(s -> fixed((int) s.bytes()));
        }
        List<Bucket> buckets = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (String part : t.split(",", -1)) {
            String[] sp = part.trim().split(":", -1);
            if (sp.length != 2) {
                return Optional.empty();
            }
            Optional<DataSize> size = DataSize.parse(sp[0]);
            String share = sp[1].trim();
            share = share.endsWith("%") ? share.substring(0, share.length() - 1).trim() : share;
            double percent;
            try {
                percent = Double.parseDouble(share);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            if (size.isEmpty() || size.get().bytes() > Integer.MAX_VALUE || !(percent > 0) || percent > 100
                    || !seen.add((int) size.get().bytes())) {
                return Optional.empty();
            }
            buckets.add(new Bucket((int) size.get().bytes(), percent));
        }
        return Optional.of(new SizeMix(buckets));
    }

    /** True for a single size. */
    public boolean isFixed() {
        return buckets.size() == 1;
    }

    /** The sum of the shares, in percent: 100 for a valid mix. */
    public double totalPercent() {
        return buckets.stream().mapToDouble(Bucket::percent).sum();
    }

    /** True if the shares add up to 100 % (to within a millionth of a percent). */
    public boolean sumsTo100() {
        return Math.abs(totalPercent() - 100) < 1e-6;
    }

    /** The smallest size, bytes. */
    public int minBytes() {
        return buckets.stream().mapToInt(Bucket::bytes).min().orElseThrow();
    }

    /** The largest size, bytes. */
    public int maxBytes() {
        return buckets.stream().mapToInt(Bucket::bytes).max().orElseThrow();
    }

    /** The mean body size the shares give, in bytes, rounded; the size itself when fixed. */
    public int meanBytes() {
        double total = totalPercent();
        return (int) Math.round(buckets.stream().mapToDouble(b -> b.bytes() * b.percent()).sum() / total);
    }

    /** The buckets smallest size first. */
    public List<Bucket> bySize() {
        return buckets.stream().sorted(Comparator.comparingInt(Bucket::bytes)).toList();
    }

    /** {@code 1000}, or {@code 100:50%,1024:40%,65536:10%}: what {@link #parse} reads back. */
    @Override
    public String toString() {
        if (isFixed()) {
            return String.valueOf(buckets.get(0).bytes());
        }
        StringBuilder b = new StringBuilder();
        for (Bucket x : buckets) {
            b.append(b.length() == 0 ? "" : ",").append(x);
        }
        return b.toString();
    }

    /**
     * Each size with its share of the messages in percent, smallest size first (one entry of 100
     * for a single size).
     */
    public java.util.SortedMap<Integer, Double> percentBySize() {
        java.util.SortedMap<Integer, Double> out = new java.util.TreeMap<>();
        buckets.forEach(b -> out.merge(b.bytes(), b.percent(), Double::sum));
        return java.util.Collections.unmodifiableSortedMap(out);
    }

    /** A short label for a size in reports: {@code 100 B}, {@code 1 KiB}, {@code 64 KiB}, {@code 1.5 KiB}. */
    public static String label(int bytes) {
        return io.amqpharness.measure.SizeLatencies.label(bytes);
    }
}
