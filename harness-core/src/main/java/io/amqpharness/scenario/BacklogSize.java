package io.amqpharness.scenario;

import java.util.Optional;

/**
 * How large a backlog {@code --backlog} builds: a number of messages ({@code 100000}) or of bytes
 * of message bodies ({@code 50mb}, {@code 512kib}; binary units as {@link DataSize}).
 *
 * @param amount messages, or bytes when {@code bytes}; above 0 in a valid scenario
 * @param bytes  whether {@code amount} is bytes of message bodies
 */
public record BacklogSize(long amount, boolean bytes) {
    public BacklogSize {
        if (amount < 0) {
            throw new IllegalArgumentException("a backlog is never negative: " + amount);
        }
    }

    /** A backlog of {@code count} messages. */
    public static BacklogSize ofMessages(long count) {
        return new BacklogSize(count, false);
    }

    /** A backlog of {@code bytes} bytes of message bodies. */
    public static BacklogSize ofBytes(long bytes) {
        return new BacklogSize(bytes, true);
    }

    /** Parses {@code 100000} (messages) or {@code 50mb} (bytes); empty if the text is neither. */
    public static Optional<BacklogSize> parse(String text) {
        String t = text.trim();
        if (t.matches("[0-9]+")) {
            try {
                return Optional.of(ofMessages(Long.parseLong(t)));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return DataSize.parse(t).map(s -> ofBytes(s.bytes()));
    }

    /**
     * The backlog in messages: the amount, or for bytes that many bodies of {@code meanBodyBytes}
     * (rounded up; at least 1).
     */
    public long messages(int meanBodyBytes) {
        if (!bytes) {
            return amount;
        }
        long body = Math.max(1, meanBodyBytes);
        return Math.max(1, (amount + body - 1) / body);
    }

    @Override
    public String toString() {
        return bytes ? DataSize.ofBytes(amount).toString() : Long.toString(amount);
    }
}
