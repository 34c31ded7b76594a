package io.amqpharness.run;

import io.amqpharness.scenario.SizeMix;

/**
 * One publisher's draw from a mix of sizes: one reused body per size, made once, and for each
 * message a size picked from the shares by a hash of the publisher's seed and the message's
 * sequence number. The same seed and sequence number always give the same size, whatever else the
 * publisher drew (a send retried after a failure, a random start delay), and a draw costs a few
 * multiplications: no allocation, no lock. Used by one publishing thread.
 */
final class SizeDraw {
    private final byte[][] bodies;
    /** Bucket i is drawn for values below {@code thresholds[i]} (and at or above the one before); the last is 2^53 ({@link ShapeDraw#thresholds}). */
    private final long[] thresholds;
    private final long seed;

    /**
     * @param mix  the sizes and their shares (adding up to 100 %)
     * @param seed the publisher's seed (the run's {@code --seed} mixed with the publisher's number)
     */
    SizeDraw(SizeMix mix, long seed) {
        int n = mix.buckets().size();
        this.bodies = new byte[n][];
        this.seed = seed;
        double[] percents = new double[n];
        for (int i = 0; i < n; i++) {
            SizeMix.Bucket b = mix.buckets().get(i);
            bodies[i] = new byte[b.bytes()];
            percents[i] = b.percent();
        }
        this.thresholds = ShapeDraw.thresholds(percents);
    }

    /** The body of the message numbered {@code seq}. */
    byte[] body(long seq) {
        return bodies[bucket(seed, seq, thresholds)];
    }

    /** Which bucket the message numbered {@code seq} of a publisher with this seed falls in. */
    static int bucket(long seed, long seq, long[] thresholds) {
        return ShapeDraw.pick(mix64(seed + seq * 0x9E3779B97F4A7C15L) >>> 11, thresholds); // 53 uniform bits
    }

    /** The index of the size {@code seq} gets; for tests. */
    int bucket(long seq) {
        return bucket(seed, seq, thresholds);
    }

    /** SplitMix64's finaliser (Steele, Lea and Flood 2014): a bijection that scatters consecutive inputs. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
