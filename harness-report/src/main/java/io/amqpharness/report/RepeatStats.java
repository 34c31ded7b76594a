package io.amqpharness.report;

import java.util.Arrays;

/**
 * One figure (a rate, a percentile) over repeated runs of one scenario: its median, its spread and a
 * distribution-free confidence interval of the median. Immutable.
 *
 * <p>The interval is the classic one from order statistics (for example Conover, <i>Practical
 * Nonparametric Statistics</i>, 3rd ed., §3.2): with the {@code n} values sorted, the median lies
 * between the {@code k}-th smallest and the {@code k}-th largest with probability
 * {@code 1 - 2 P(B <= k - 1)}, {@code B} binomial with {@code n} trials of 1/2, whatever the
 * figure's distribution. {@code k} is the largest rank whose coverage is at least 95 %; below 6 runs
 * no rank reaches 95 %, so the interval is the whole range and {@link #coverage} says how sure it is
 * (93.8 % for 5 runs, 87.5 % for 4).
 *
 * @param n        how many runs gave the figure
 * @param median   the median (the mean of the two middle values for an even {@code n})
 * @param min      the smallest value
 * @param max      the largest value
 * @param low      the lower end of the confidence interval of the median
 * @param high     the upper end of the confidence interval of the median
 * @param coverage the interval's coverage, 0 to 1: at least 0.95 from 6 runs on
 */
public record RepeatStats(int n, double median, double min, double max, double low, double high, double coverage) {

    /** The coverage asked of the interval: 95 %. */
    public static final double LEVEL = 0.95;

    /**
     * The statistics of {@code values}.
     *
     * @throws IllegalArgumentException if there is no value
     */
    public static RepeatStats of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        int k = rank(n);
        return new RepeatStats(n, median(x), x[0], x[n - 1], x[k - 1], x[n - k], coverage(n, k));
    }

    /** The median of sorted values. */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The largest rank {@code k} (from 1) whose interval covers the median with at least {@link #LEVEL}; 1 if none does. */
    static int rank(int n) {
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && coverage(n, k + 1) >= LEVEL) {
            k++;
        }
        return k;
    }

    /** {@code 1 - 2 P(B <= k - 1)} for {@code B ~ Binomial(n, 1/2)}: how often [x(k), x(n-k+1)] holds the median. */
    static double coverage(int n, int k) {
        double tail = 0;
        for (int i = 0; i < k; i++) {
            tail += Math.exp(logChoose(n, i) - n * Math.log(2));
        }
        return Math.max(0, 1 - 2 * tail);
    }

    static double logChoose(int n, int k) {
        double s = 0;
        for (int i = 1; i <= k; i++) {
            s += Math.log(n - k + i) - Math.log(i);
        }
        return s;
    }

    /** The range over the median, in percent: {@code (max - min) / median}; 0 when the median is 0. */
    public double spreadPercent() {
        return median == 0 ? 0 : 100 * (max - min) / Math.abs(median);
    }
}
