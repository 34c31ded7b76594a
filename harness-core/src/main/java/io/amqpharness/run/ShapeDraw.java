package io.amqpharness.run;

import io.amqpharness.scenario.MessageShape;
import io.amqpharness.scenario.Shares;
import java.util.List;

/**
 * One publisher's draw of each message's routing key and property variant ({@link MessageShape}):
 * for each dimension (the keys, the priorities, the TTLs, each header) a value picked from its
 * shares by a hash of the publisher's seed, the dimension and the message's sequence number, as
 * {@link SizeDraw} picks sizes. The same seed and sequence number always give the same key and
 * properties; the dimensions are independent of each other and of the size. A draw costs a few
 * multiplications per dimension and a search of its thresholds: no allocation, no lock. Counts
 * what was sent with each key and variant. Used by one publishing thread; the counts are read once
 * it stopped.
 */
final class ShapeDraw {
    private static final long SCALE = 1L << 53;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final long seed;
    /** The keys drawn from; null without {@code --routing-keys}. */
    private final String[] keys;
    private final long[] keyThresholds;
    /** Per property dimension: the thresholds of its values. */
    private final long[][] thresholds;
    /** Per property dimension: what its value's index is multiplied by in the variant number. */
    private final int[] multipliers;
    private final long[] sentPerKey;
    private final long[] sentPerVariant;

    /**
     * @param shape what is drawn
     * @param seed  the publisher's seed (the run's {@code --seed} mixed with the publisher's number)
     */
    ShapeDraw(MessageShape shape, long seed) {
        this.seed = seed;
        Shares<String> k = shape.routingKeys().orElse(null);
        this.keys = k == null ? null : k.values().toArray(new String[0]);
        this.keyThresholds = k == null ? new long[0]
                : thresholds(k.shares().stream().mapToDouble(Shares.Share::percent).toArray());
        List<double[]> dims = shape.dimensions();
        this.thresholds = new long[dims.size()][];
        this.multipliers = new int[dims.size()];
        int m = 1;
        for (int d = 0; d < dims.size(); d++) {
            thresholds[d] = thresholds(dims.get(d));
            multipliers[d] = m;
            m *= dims.get(d).length;
        }
        this.sentPerKey = new long[keys == null ? 0 : keys.length];
        this.sentPerVariant = new long[m];
    }

    /**
     * The cumulative thresholds of {@code percents} over 2^53 values: value i is drawn for 53 uniform
     * bits below {@code t[i]} (and at or above the one before); the last is 2^53, whatever rounding left.
     */
    static long[] thresholds(double[] percents) {
        double total = 0;
        for (double p : percents) {
            total += p;
        }
        long[] t = new long[percents.length];
        double cumulative = 0;
        for (int i = 0; i < t.length; i++) {
            cumulative += percents[i];
            t[i] = i == t.length - 1 ? SCALE : (long) Math.floor(cumulative / total * SCALE);
        }
        return t;
    }

    /** True if routing keys are drawn. */
    boolean drawsKeys() {
        return keys != null;
    }

    /** The index of the routing key of message {@code seq}; 0 without drawn keys. */
    int keyIndex(long seq) {
        return keys == null ? 0 : pick(uniform(seed, 0, seq), keyThresholds);
    }

    /** The routing key with index {@code i} ({@link #keyIndex}); only when keys are drawn. */
    String key(int i) {
        return keys[i];
    }

    /** The property variant of message {@code seq} (see {@link MessageShape#variants}); 0 without drawn properties. */
    int variant(long seq) {
        int v = 0;
        for (int d = 0; d < thresholds.length; d++) {
            v += multipliers[d] * pick(uniform(seed, d + 1, seq), thresholds[d]);
        }
        return v;
    }

    /** Counts a message sent with key {@code keyIndex} and variant {@code variant}. */
    void sent(int keyIndex, int variant) {
        if (keys != null) {
            sentPerKey[keyIndex]++;
        }
        sentPerVariant[variant]++;
    }

    /** Messages sent per routing key, in the order of the shares; empty without drawn keys. */
    long[] sentPerKey() {
        return sentPerKey.clone();
    }

    /** Messages sent per variant. */
    long[] sentPerVariant() {
        return sentPerVariant.clone();
    }

    /** 53 uniform bits for dimension {@code dimension} of message {@code seq}. */
    static long uniform(long seed, int dimension, long seq) {
        long salt = SizeDraw.mix64((dimension + 1) * 0xD1B54A32D192ED03L);
        return SizeDraw.mix64((seed ^ salt) + seq * GOLDEN) >>> 11;
    }

    /** The first index whose threshold is above {@code u}: a linear scan for a few values, else a binary search. */
    static int pick(long u, long[] t) {
        if (t.length <= 8) {
            int i = 0;
            while (u >= t[i]) {
                i++;
            }
            return i;
        }
        int lo = 0;
        int hi = t.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u >= t[mid]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
