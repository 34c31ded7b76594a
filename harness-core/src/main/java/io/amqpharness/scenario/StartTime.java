package io.amqpharness.scenario;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * When publishing starts ({@code --start-at}): an ISO-8601 instant such as
 * {@code 2026-11-23T15:00:00Z}, or a time of day {@code HH:MM:SS} in the client's local time zone
 * (today). Immutable; keeps the text as given so the run's arguments reproduce it.
 *
 * @param text the value as written; {@link #parse} accepts it
 */
public record StartTime(String text) {
    private static final DateTimeFormatter TIME_OF_DAY = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** The start time {@code text} stands for, if it is one of the two forms. */
    public static Optional<StartTime> parse(String text) {
        String t = text.trim();
        try {
            Instant.parse(t);
            return Optional.of(new StartTime(t));
        } catch (DateTimeParseException e) {
            // not an instant: a time of day?
        }
        try {
            LocalTime.parse(t, TIME_OF_DAY);
            return Optional.of(new StartTime(t));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * The instant meant: the instant itself, or the time of day today in {@code zone}.
     *
     * @param zone the time zone of a time of day (the client's, {@link ZoneId#systemDefault()})
     * @param today the date a time of day falls on
     */
    public Instant instant(ZoneId zone, LocalDate today) {
        if (text.contains("T")) {
            return Instant.parse(text);
        }
        return LocalTime.parse(text, TIME_OF_DAY).atDate(today).atZone(zone).toInstant();
    }

    @Override
    public String toString() {
        return text;
    }
}
