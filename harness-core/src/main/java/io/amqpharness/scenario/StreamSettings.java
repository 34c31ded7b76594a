package io.amqpharness.scenario;

import java.util.Locale;
import java.util.Optional;

/**
 * Publishing settings of the RabbitMQ stream protocol ({@code --protocol stream}); the other
 * protocols have no use for them. Part of a validated {@link Scenario}.
 *
 * @param batchSize    most messages the stream client puts in one publish frame; default
 *                     {@link #DEFAULT_BATCH_SIZE} (100, as stream-perf-test)
 * @param subEntrySize messages per sub-entry (one stream entry holding several messages, compressed
 *                     together); 1 (default) means no sub-entry batching
 * @param compression  how sub-entries are compressed; {@link Compression#NONE} by default
 */
public record StreamSettings(int batchSize, int subEntrySize, Compression compression) {
    /** Messages per publish frame when none is given: 100. */
    public static final int DEFAULT_BATCH_SIZE = 100;
    /** The defaults: batches of 100, no sub-entries, no compression. */
    public static final StreamSettings DEFAULT = new StreamSettings(DEFAULT_BATCH_SIZE, 1, Compression.NONE);

    /**
     * Sub-entry compression. The stream client brings {@code none} and {@code gzip} (the JDK's); the
     * others need libraries (snappy-java, lz4-java, zstd-jni) the harness does not bundle.
     */
    public enum Compression {
        NONE(true), GZIP(true), SNAPPY(false), LZ4(false), ZSTD(false);

        private final boolean bundled;

        Compression(boolean bundled) {
            this.bundled = bundled;
        }

        /** True if the harness can use it: the client needs no extra library for it. */
        public boolean bundled() {
            return bundled;
        }

        /** Parses {@code none}, {@code gzip}, {@code snappy}, {@code lz4} or {@code zstd}. */
        public static Optional<Compression> parse(String text) {
            for (Compression c : values()) {
                if (c.toString().equals(text.trim().toLowerCase(Locale.ROOT))) {
                    return Optional.of(c);
                }
            }
            return Optional.empty();
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
