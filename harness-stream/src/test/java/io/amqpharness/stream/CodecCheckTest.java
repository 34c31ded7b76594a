package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.compression.CompressionCodec;
import io.amqpharness.scenario.StreamSettings;
import java.io.InputStream;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CodecCheckTest {

    @ParameterizedTest
    @EnumSource(value = StreamSettings.Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
    void everyCodecTheDriverOffersWorksOnThisMachine(StreamSettings.Compression compression) {
        CompressionCodec codec = new SubEntryCodecs().get(StreamPublisher.compression(compression));
        assertThat(CodecCheck.failure(compression, codec)).isEmpty();
    }

    @Test
    void aNativeLibraryThatDoesNotLoadIsOneSentenceNamingThePlatform() {
        CompressionCodec unloadable = new Unloadable();
        String sentence = CodecCheck.failure(StreamSettings.Compression.ZSTD, unloadable).orElseThrow();
        assertThat(sentence).startsWith("--compression zstd does not work on this machine (")
                .contains(System.getProperty("os.arch") + ": no zstd-jni in java.library.path")
                .endsWith("); use none, gzip, snappy or lz4, which work without a native library.")
                .doesNotContain("\n");
    }

    /** A codec whose native library is missing, as zstd-jni's is on a platform it has no build for. */
    private static final class Unloadable implements CompressionCodec {
        @Override
        public int maxCompressedLength(int sourceLength) {
            throw new UnsatisfiedLinkError("no zstd-jni in java.library.path");
        }

        @Override
        public OutputStream compress(OutputStream outputStream) {
            throw new UnsatisfiedLinkError("no zstd-jni in java.library.path");
        }

        @Override
        public InputStream decompress(InputStream inputStream) {
            throw new UnsatisfiedLinkError("no zstd-jni in java.library.path");
        }

        @Override
        public byte code() {
            return com.rabbitmq.stream.compression.Compression.ZSTD.code();
        }
    }
}
