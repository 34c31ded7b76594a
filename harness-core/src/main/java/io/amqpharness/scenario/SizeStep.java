package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One step of a variable message size: bodies of this many bytes for this long. A list of steps
 * repeats for as long as the run goes on ({@code --variable-size 1000:30s,10kb:30s}).
 *
 * @param bytes    body size, at least 12
 * @param duration how long the step lasts, positive
 */
public record SizeStep(int bytes, Duration duration) {

    /** Parses {@code SIZE:DURATION[,SIZE:DURATION...]}; empty if the text is not such a list. */
    public static Optional<List<SizeStep>> parseList(String text) {
        List<SizeStep> steps = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] sd = part.trim().split(":");
            if (sd.length != 2) {
                return Optional.empty();
            }
            Optional<DataSize> size = DataSize.parse(sd[0]);
            Optional<Duration> d = Durations.parse(sd[1]);
            if (size.isEmpty() || d.isEmpty() || d.get().isZero() || size.get().bytes() > Integer.MAX_VALUE) {
                return Optional.empty();
            }
            steps.add(new SizeStep((int) size.get().bytes(), d.get()));
        }
        return steps.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(steps));
    }

    @Override
    public String toString() {
        return bytes + ":" + Durations.format(duration);
    }
}
