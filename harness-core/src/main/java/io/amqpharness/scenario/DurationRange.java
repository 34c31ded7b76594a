package io.amqpharness.scenario;

import java.time.Duration;
import java.util.Optional;

/**
 * A fixed duration ({@code 5ms}) or a range to draw uniformly from ({@code 1ms-5ms}).
 *
 * @param min the shortest duration, not negative
 * @param max the longest duration, at least {@code min}
 */
public record DurationRange(Duration min, Duration max) {
    public DurationRange {
        if (min.isNegative() || max.compareTo(min) < 0) {
            throw new IllegalArgumentException("a range needs 0 <= min <= max: " + min + ", " + max);
        }
    }

    public static DurationRange fixed(Duration d) {
        return new DurationRange(d, d);
    }

    /** Parses {@code 5ms} or {@code 1ms-5ms}; empty if the text is neither. */
    public static Optional<DurationRange> parse(String text) {
        String t = text.trim();
        int dash = t.indexOf('-', 1);
        if (dash < 0) {
            return Durations.parse(t).map(DurationRange::fixed);
        }
        Optional<Duration> lo = Durations.parse(t.substring(0, dash));
        Optional<Duration> hi = Durations.parse(t.substring(dash + 1));
        if (lo.isEmpty() || hi.isEmpty() || hi.get().compareTo(lo.get()) < 0) {
            return Optional.empty();
        }
        return Optional.of(new DurationRange(lo.get(), hi.get()));
    }

    public boolean isFixed() {
        return min.equals(max);
    }

    @Override
    public String toString() {
        return isFixed() ? Durations.format(min) : Durations.format(min) + "-" + Durations.format(max);
    }
}
