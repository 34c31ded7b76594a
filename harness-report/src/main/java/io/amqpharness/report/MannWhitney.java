package io.amqpharness.report;

import java.util.Arrays;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum test) of two sets of runs: is one figure's
 * distribution shifted between them, or is the difference within run-to-run noise? It assumes
 * nothing of the figure's distribution, only independent runs. Stateless.
 *
 * <p>{@code U} of the first set counts the pairs (a, b) with a &gt; b, ties counting one half.
 * The two-sided p-value is exact (the distribution of {@code U} counted over all rank
 * assignments) when there are no ties and both sets have at most 50 runs; otherwise it is the
 * normal approximation with the tie correction of the variance and a continuity correction of 1/2,
 * as {@code scipy.stats.mannwhitneyu} computes them ({@code method="exact"} and
 * {@code method="asymptotic"}).
 */
public final class MannWhitney {
    /** Below this p-value a difference is called beyond the noise: 0.05. */
    public static final double ALPHA = 0.05;

    private MannWhitney() {
    }

    /**
     * The test's outcome.
     *
     * @param u      the U statistic of the first set
     * @param p      the two-sided p-value, 0 to 1
     * @param exact  whether {@code p} is exact (no ties, at most 50 runs a set) rather than the normal approximation
     */
    public record Result(double u, double p, boolean exact) {
        /** Whether the difference is beyond the noise: {@code p < }{@link #ALPHA}. */
        public boolean significant() {
            return p < ALPHA;
        }
    }

    /**
     * Tests {@code a} against {@code b}.
     *
     * @throws IllegalArgumentException if either set is empty
     */
    public static Result test(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (n1 == 0 || n2 == 0) {
            throw new IllegalArgumentException("each set needs at least one run");
        }
        double u = 0;
        for (double x : a) {
            for (double y : b) {
                u += x > y ? 1 : x == y ? 0.5 : 0;
            }
        }
        boolean ties = hasTies(a, b);
        if (!ties && n1 <= 50 && n2 <= 50) {
            return new Result(u, exactP(u, n1, n2), true);
        }
        return new Result(u, normalP(u, a, b), false);
    }

    private static boolean hasTies(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * The exact two-sided p-value: twice the smaller tail of U's distribution at {@code u}, at most 1.
     * The distribution is counted with the recurrence f(i, j, s) = f(i - 1, j, s - j) + f(i, j - 1, s)
     * over the number of arrangements of i and j values whose U is s.
     */
    static double exactP(double u, int n1, int n2) {
        int max = n1 * n2;
        // counts[j][s]: arrangements of the current i values of the first set and j of the second with U = s.
        double[][] counts = new double[n2 + 1][max + 1];
        for (int j = 0; j <= n2; j++) {
            counts[j][0] = 1; // i = 0: U is 0
        }
        for (int i = 1; i <= n1; i++) {
            double[][] next = new double[n2 + 1][max + 1];
            next[0][0] = 1;
            for (int j = 1; j <= n2; j++) {
                for (int s = 0; s <= i * j; s++) {
                    // the largest value is the first set's (it beats all j of the second) or the second's
                    next[j][s] = (s >= j ? counts[j][s - j] : 0) + next[j - 1][s];
                }
            }
            counts = next;
        }
        double[] f = counts[n2];
        double total = 0;
        for (double c : f) {
            total += c;
        }
        int k = (int) Math.round(u);
        double lower = 0;
        double upper = 0;
        for (int s = 0; s <= max; s++) {
            if (s <= k) {
                lower += f[s];
            }
            if (s >= k) {
                upper += f[s];
            }
        }
        return Math.min(1, 2 * Math.min(lower, upper) / total);
    }

    /** The normal approximation with tie correction and a continuity correction of 1/2. */
    static double normalP(double u, double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        int n = n1 + n2;
        double[] all = new double[n];
        System.arraycopy(a, 0, all, 0, n1);
        System.arraycopy(b, 0, all, n1, n2);
        Arrays.sort(all);
        double tieSum = 0;
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && all[j + 1] == all[i]) {
                j++;
            }
            double t = j - i + 1;
            tieSum += t * t * t - t;
            i = j + 1;
        }
        double mean = n1 * n2 / 2.0;
        double variance = n1 * n2 / 12.0 * ((n + 1) - tieSum / (n * (double) (n - 1)));
        if (variance <= 0) {
            return 1;
        }
        double z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
        return Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))));
    }

    /** The standard normal distribution function. */
    static double normalCdf(double z) {
        return 0.5 * erfc(-z / Math.sqrt(2));
    }

    /** The complementary error function: the Maclaurin series of erf below 0.5, a continued fraction (Lentz) above. */
    static double erfc(double x) {
        if (x < 0) {
            return 2 - erfc(-x);
        }
        if (x < 0.5) {
            // Maclaurin series of erf
            double sum = x;
            double term = x;
            double x2 = x * x;
            for (int k = 1; k < 60; k++) {
                term *= -x2 / k;
                double add = term / (2 * k + 1);
                sum += add;
                if (Math.abs(add) < 1e-17) {
                    break;
                }
            }
            return 1 - 2 / Math.sqrt(Math.PI) * sum;
        }
        // Lentz's continued fraction for erfc
        double tiny = 1e-300;
        double f = tiny;
        double c = f;
        double d = 0;
        // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + 1/2/(x + 1/(x + 3/2/(x + 2/(x + ...)))))
        for (int i = 0; i < 500; i++) {
            double an = i == 0 ? 1 : i / 2.0;
            double bn = x;
            d = bn + an * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = bn + an / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return Math.exp(-x * x) / Math.sqrt(Math.PI) * f;
    }
}
