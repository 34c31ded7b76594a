package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One step of a variable rate: this many messages per second for this long. A list of steps
 * repeats for as long as the run goes on ({@code --variable-rate 100:10s,1000:5s}).
 *
 * @param ratePerSecond messages per second, 0 or more (0 pauses)
 * @param duration      how long the step lasts, positive
 */
public record RateStep(double ratePerSecond, Duration duration) {
    public RateStep {
        if (!(ratePerSecond >= 0) || Double.isInfinite(ratePerSecond) || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("a rate step needs a rate >= 0 and a positive duration");
        }
    }

    /**
     * Parses {@code RATE:DURATION[,RATE:DURATION...]}; durations as in {@link Durations}, a bare
     * number meaning seconds as in PerfTest. Empty if the text is not such a list.
     */
    public static Optional<List<RateStep>> parseList(String text) {
        List<RateStep> steps = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] rd = part.trim().split(":");
            if (rd.length != 2) {
                return Optional.empty();
            }
            try {
                double rate = Double.parseDouble(rd[0].trim());
                Optional<Duration> d = Durations.parse(rd[1]);
                if (d.isEmpty() || !(rate >= 0) || Double.isInfinite(rate) || d.get().isZero()) {
                    return Optional.empty();
                }
                steps.add(new RateStep(rate, d.get()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return steps.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(steps));
    }

    @Override
    public String toString() {
        double r = ratePerSecond;
        return (r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r)) + ":" + Durations.format(duration);
    }
}
