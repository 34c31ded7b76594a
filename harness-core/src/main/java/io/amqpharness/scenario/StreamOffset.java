package io.amqpharness.scenario;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a stream consumer starts reading. Parsed from {@code first}, {@code last}, {@code next},
 * a non-negative offset ({@code 42}), an ISO-8601 timestamp ({@code 2026-11-21T10:00:00Z}) or a
 * relative interval in RabbitMQ's syntax ({@code 10m}, {@code 1h}, {@code 7D}: read what arrived
 * in that much time before now).
 */
public sealed interface StreamOffset {

    /** Start with the first message still in the stream. */
    record First() implements StreamOffset {
        @Override public String toString() { return "first"; }
    }

    /** Start with the last chunk written. */
    record Last() implements StreamOffset {
        @Override public String toString() { return "last"; }
    }

    /** Start with the next message published (the broker's default). */
    record Next() implements StreamOffset {
        @Override public String toString() { return "next"; }
    }

    /** Start at an absolute offset (0 is the first message ever written). */
    record Offset(long value) implements StreamOffset {
        public Offset {
            if (value < 0) {
                throw new IllegalArgumentException("a stream offset is never negative: " + value);
            }
        }
        @Override public String toString() { return Long.toString(value); }
    }

    /** Start with messages stored at or after this instant (brokers use second precision). */
    record Timestamp(Instant instant) implements StreamOffset {
        @Override public String toString() { return instant.toString(); }
    }

    /**
     * Start with messages stored within an interval before now, in RabbitMQ's interval syntax:
     * a positive number followed by {@code Y}, {@code M}, {@code D}, {@code h}, {@code m} or {@code s}.
     */
    record Interval(String spec) implements StreamOffset {
        public Interval {
            if (!INTERVAL.matcher(spec).matches()) {
                throw new IllegalArgumentException("not an interval such as 10m or 1h: " + spec);
            }
        }
        /** The interval as a duration, as RabbitMQ reads it: a year is 365 days, a month 30. */
        public java.time.Duration duration() {
            long n = Long.parseLong(spec.substring(0, spec.length() - 1));
            return switch (spec.charAt(spec.length() - 1)) {
                case 'Y' -> java.time.Duration.ofDays(365 * n);
                case 'M' -> java.time.Duration.ofDays(30 * n);
                case 'D' -> java.time.Duration.ofDays(n);
                case 'h' -> java.time.Duration.ofHours(n);
                case 'm' -> java.time.Duration.ofMinutes(n);
                default -> java.time.Duration.ofSeconds(n);
            };
        }

        @Override public String toString() { return spec; }
    }

    /** The RabbitMQ interval syntax: a number then Y(ears), M(onths), D(ays), h, m or s. */
    Pattern INTERVAL = Pattern.compile("[1-9][0-9]*[YMDhms]");

    /** A valid example for error messages. */
    String EXAMPLES = "first, last, next, an offset such as 1000, a timestamp such as "
            + "2026-11-21T10:00:00Z, or an interval such as 10m";

    /**
     * Parses a stream offset specification.
     *
     * @return the offset, or empty if {@code text} is none of the accepted forms
     */
    static Optional<StreamOffset> parse(String text) {
        String t = text.trim();
        switch (t.toLowerCase(Locale.ROOT)) {
            case "first": return Optional.of(new First());
            case "last": return Optional.of(new Last());
            case "next": return Optional.of(new Next());
            default: break;
        }
        if (t.matches("[0-9]{1,18}")) {
            return Optional.of(new Offset(Long.parseLong(t)));
        }
        if (INTERVAL.matcher(t).matches()) {
            return Optional.of(new Interval(t));
        }
        try {
            return Optional.of(new Timestamp(Instant.parse(t)));
        } catch (DateTimeParseException e) {
            try {
                return Optional.of(new Timestamp(OffsetDateTime.parse(t).toInstant()));
            } catch (DateTimeParseException e2) {
                return Optional.empty();
            }
        }
    }
}
