package io.amqpharness.stream;

import com.rabbitmq.stream.compression.CompressionCodec;
import io.amqpharness.scenario.StreamSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Whether a sub-entry codec works on this machine before the run opens its first producer: zstd
 * goes through zstd-jni, which loads a native library (bundled for common platforms) the first time
 * it is used; without the check a platform it lacks would fail inside the client's batching, as a
 * stack trace, once publishing had begun. The check compresses a few bytes and reads them back. (gzip
 * is the JDK's, and lz4 and snappy fall back to pure Java where their native libraries do not load.)
 */
final class CodecCheck {
    private static final byte[] SAMPLE = "amqp-harness codec check".getBytes(StandardCharsets.US_ASCII);

    private CodecCheck() {
    }

    /**
     * The sentence that refuses {@code compression} if {@code codec} cannot compress and decompress
     * a sample here; empty if it can.
     */
    static Optional<String> failure(StreamSettings.Compression compression, CompressionCodec codec) {
        String reason;
        try {
            ByteArrayOutputStream compressed = new ByteArrayOutputStream();
            try (OutputStream out = codec.compress(compressed)) {
                out.write(SAMPLE);
            }
            byte[] back;
            try (InputStream in = codec.decompress(new ByteArrayInputStream(compressed.toByteArray()))) {
                back = in.readAllBytes();
            }
            if (Arrays.equals(back, SAMPLE)) {
                return Optional.empty();
            }
            reason = "a sample did not read back as written";
        } catch (IOException | RuntimeException | LinkageError e) {
            reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        }
        return Optional.of("--compression " + compression + " does not work on this machine ("
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ": " + reason
                + "); use none, gzip, snappy or lz4, which work without a native library.");
    }
}
