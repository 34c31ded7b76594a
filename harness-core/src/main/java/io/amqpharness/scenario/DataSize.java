package io.amqpharness.scenario;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of bytes, parsed from {@code 12}, {@code 1kb}, {@code 4KiB}, {@code 1mb}. Units are
 * binary (1 kb = 1024 bytes), as in PerfTest and the RabbitMQ documentation.
 *
 * @param bytes the size in bytes, at least 0
 */
public record DataSize(long bytes) {
    private static final Pattern FORMAT =
            Pattern.compile("([0-9]+)\\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?", Pattern.CASE_INSENSITIVE);

    public DataSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size is never negative: " + bytes);
        }
    }

    public static DataSize ofBytes(long bytes) {
        return new DataSize(bytes);
    }

    /** Parses {@code 12}, {@code 1kb}, {@code 2mb}; empty if the text is not a size. */
    public static Optional<DataSize> parse(String text) {
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        long value;
        try {
            value = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        long factor = switch (unit.charAt(0)) {
            case 'k' -> 1024L;
            case 'm' -> 1024L * 1024;
            case 'g' -> 1024L * 1024 * 1024;
            default -> 1L;
        };
        if (value > Long.MAX_VALUE / factor) {
            return Optional.empty();
        }
        return Optional.of(new DataSize(value * factor));
    }

    @Override
    public String toString() {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + "mb";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + "kb";
        }
        return bytes + "b";
    }
}
