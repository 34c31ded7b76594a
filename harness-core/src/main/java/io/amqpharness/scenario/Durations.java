package io.amqpharness.scenario;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints durations the way users write them: {@code 500ms}, {@code 10s}, {@code 5m},
 * {@code 1h}, {@code 1m30s}, a plain number of seconds ({@code 10}, as PerfTest's {@code -z}), or
 * ISO-8601 ({@code PT10S}).
 */
public final class Durations {
    private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(us|µs|ms|s|m|h|d)");
    private static final Pattern WHOLE = Pattern.compile("(?:[0-9]+(?:\\.[0-9]+)?(?:us|µs|ms|s|m|h|d))+");

    private Durations() {
    }

    /** Parses a duration; empty if the text is not one. */
    public static Optional<Duration> parse(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            return Optional.empty();
        }
        if (t.matches("[0-9]+")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(t)));
        }
        if (t.regionMatches(true, 0, "PT", 0, 2) || t.regionMatches(true, 0, "P", 0, 1)) {
            try {
                return Optional.of(Duration.parse(t.toUpperCase(Locale.ROOT)));
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
        if (!WHOLE.matcher(t).matches()) {
            return Optional.empty();
        }
        Matcher m = PART.matcher(t);
        double nanos = 0;
        while (m.find()) {
            double v = Double.parseDouble(m.group(1));
            nanos += v * switch (m.group(2)) {
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                case "h" -> 3600e9;
                default -> 86400e9;
            };
        }
        if (nanos > Long.MAX_VALUE) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos(Math.round(nanos)));
    }

    /** Prints a duration compactly: {@code 250ms}, {@code 10s}, {@code 5m}, {@code 1h30m}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 1_000_000_000L != 0 || nanos == 0) {
            if (nanos % 1_000_000L == 0) {
                return nanos / 1_000_000L + "ms";
            }
            if (nanos % 1_000L == 0) {
                return nanos / 1_000L + "us";
            }
            return nanos + "ns";
        }
        long s = d.toSeconds();
        StringBuilder sb = new StringBuilder();
        long h = s / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        if (h > 0) {
            sb.append(h).append('h');
        }
        if (m > 0) {
            sb.append(m).append('m');
        }
        if (sec > 0) {
            sb.append(sec).append('s');
        }
        return sb.toString();
    }
}
