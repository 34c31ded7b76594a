package io.amqpharness.search;

import java.util.List;
import java.util.OptionalDouble;

/**
 * How {@code find-max} looks for the highest rate that meets its target: probe upwards from a
 * start rate, doubling while probes pass (or halving while they fail), then bisect between the
 * highest rate that passed and the lowest that failed until they are within {@code precision} of
 * each other. Pure: given the probes so far, it says which rate to probe next. Immutable and
 * thread-safe.
 *
 * @param startRate the first rate probed, messages per second over all publishers; above 0
 * @param maxRate   the highest rate worth probing (the answer is at most this); empty for no limit
 * @param minRate   the lowest rate worth probing when probes fail, above 0: below it the search
 *                  gives up without an answer
 * @param precision the search stops once the lowest failing rate is within this fraction of the
 *                  highest passing one, for example 0.05 (5 %); above 0 and below 1
 * @param maxProbes the most probes the search runs, at least 2; it stops with the best answer so
 *                  far when they are used up
 */
public record RateSearch(double startRate, OptionalDouble maxRate, double minRate, double precision, int maxProbes) {
    /** Default {@link #precision}: 5 %. */
    public static final double DEFAULT_PRECISION = 0.05;
    /** Default {@link #maxProbes}. */
    public static final int DEFAULT_MAX_PROBES = 20;
    /** Default {@link #minRate}, messages per second. */
    public static final double DEFAULT_MIN_RATE = 1;

    public RateSearch {
        if (!(startRate > 0) || Double.isInfinite(startRate)) {
            throw new IllegalArgumentException("the start rate must be above 0: " + startRate);
        }
        if (maxRate.isPresent() && !(maxRate.getAsDouble() >= startRate)) {
            throw new IllegalArgumentException("the highest rate must be at least the start rate: " + maxRate);
        }
        if (!(minRate > 0) || minRate > startRate) {
            throw new IllegalArgumentException("the lowest rate must be above 0 and at most the start rate: " + minRate);
        }
        if (!(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("the precision must be above 0 and below 1: " + precision);
        }
        if (maxProbes < 2) {
            throw new IllegalArgumentException("a search needs at least 2 probes: " + maxProbes);
        }
    }

    /** A search from {@code startRate} with the default precision, probe count and lowest rate, no highest rate. */
    public static RateSearch from(double startRate) {
        return new RateSearch(startRate, OptionalDouble.empty(), Math.min(DEFAULT_MIN_RATE, startRate),
                DEFAULT_PRECISION, DEFAULT_MAX_PROBES);
    }

    /** One probe: the rate tried (messages per second) and whether it met the target. */
    public record Attempt(double rate, boolean passed) {
    }

    /** The rate to probe next, or empty when the search is over. */
    public OptionalDouble next(List<Attempt> attempts) {
        if (attempts.isEmpty()) {
            return OptionalDouble.of(startRate);
        }
        if (attempts.size() >= maxProbes) {
            return OptionalDouble.empty();
        }
        OptionalDouble pass = highestPass(attempts);
        OptionalDouble fail = lowestFailAbove(attempts, pass.orElse(0));
        if (pass.isEmpty()) {
            double lower = round(fail.getAsDouble() / 2);
            return lower < minRate ? OptionalDouble.empty() : OptionalDouble.of(lower);
        }
        if (fail.isEmpty()) {
            double higher = round(pass.getAsDouble() * 2);
            if (maxRate.isPresent()) {
                double max = maxRate.getAsDouble();
                return pass.getAsDouble() >= max ? OptionalDouble.empty() : OptionalDouble.of(Math.min(higher, max));
            }
            return OptionalDouble.of(higher);
        }
        double lo = pass.getAsDouble();
        double hi = fail.getAsDouble();
        if (hi - lo <= precision * lo) {
            return OptionalDouble.empty();
        }
        double mid = round((lo + hi) / 2);
        return mid <= lo || mid >= hi ? OptionalDouble.empty() : OptionalDouble.of(mid);
    }

    /**
     * The answer: the highest rate that passed with no lower rate failing above it, empty if
     * none passed. A rate that passed above one that failed (a noisy probe) is not trusted.
     */
    public OptionalDouble answer(List<Attempt> attempts) {
        return highestPass(attempts);
    }

    /** True when the search ended because the pass and fail rates met the precision (or the highest rate passed). */
    public boolean converged(List<Attempt> attempts) {
        OptionalDouble pass = highestPass(attempts);
        if (pass.isEmpty()) {
            return false;
        }
        OptionalDouble fail = lowestFailAbove(attempts, pass.getAsDouble());
        if (fail.isEmpty()) {
            return maxRate.isPresent() && pass.getAsDouble() >= maxRate.getAsDouble();
        }
        double lo = pass.getAsDouble();
        return fail.getAsDouble() - lo <= precision * lo || round((lo + fail.getAsDouble()) / 2) <= lo;
    }

    /** The highest passing rate below every failing one. */
    private static OptionalDouble highestPass(List<Attempt> attempts) {
        double lowestFail = attempts.stream().filter(a -> !a.passed()).mapToDouble(Attempt::rate).min()
                .orElse(Double.POSITIVE_INFINITY);
        return attempts.stream().filter(Attempt::passed).mapToDouble(Attempt::rate).filter(r -> r < lowestFail).max();
    }

    private static OptionalDouble lowestFailAbove(List<Attempt> attempts, double rate) {
        return attempts.stream().filter(a -> !a.passed()).mapToDouble(Attempt::rate).filter(r -> r > rate).min();
    }

    /** Whole messages per second above 10, two decimals below. */
    private static double round(double rate) {
        return rate >= 10 ? Math.round(rate) : Math.round(rate * 100) / 100.0;
    }
}
