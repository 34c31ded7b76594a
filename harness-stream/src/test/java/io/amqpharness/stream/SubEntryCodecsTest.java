package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.ZstdOutputStream;
import com.rabbitmq.stream.compression.CommonsCompressCompressionCodecFactory;
import com.rabbitmq.stream.compression.Compression;
import com.rabbitmq.stream.compression.CompressionCodec;
import com.rabbitmq.stream.compression.CompressionUtils;
import com.rabbitmq.stream.compression.DefaultCompressionCodecFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Random;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SubEntryCodecsTest {
    /** Sizes around the 64 KiB blocks and chunks of the framed formats, and a sub-entry of ten 100-byte messages. */
    private static final int[] SIZES = {0, 1, 100, 1_040, 65_535, 65_536, 65_537, 300_000};

    @Test
    void theDriverChoosesTheNativeBackedCodecsWhereTheyLoad() {
        SubEntryCodecs codecs = new SubEntryCodecs();
        assertThat(codecs.get(Compression.NONE)).isNull();
        assertThat(codecs.get(Compression.LZ4)).isInstanceOf(Lz4FrameCodec.class);
        assertThat(codecs.get(Compression.SNAPPY)).isInstanceOf(SnappyFrameCodec.class);
        assertThat(codecs.get(Compression.ZSTD)).isInstanceOf(ZstdFrameCodec.class);
        assertThat(codecs.get(Compression.GZIP)).isInstanceOf(GzipCodec.class);
    }

    @Test
    void aCodecWhoseLibraryDoesNotLoadGivesWayToThePortableOne() {
        SubEntryCodecs codecs = new SubEntryCodecs(
                () -> { throw new UnsatisfiedLinkError("no lz4-java here"); },
                () -> { throw new IllegalStateException("no snappy-java here"); },
                () -> { throw new ExceptionInInitializerError("no zstd-jni here"); });
        assertThat(codecs.get(Compression.LZ4)).isInstanceOf(CompressionUtils.CommonsCompressLz4CompressionCodec.class);
        assertThat(codecs.get(Compression.SNAPPY)).isInstanceOf(CompressionUtils.CommonsCompressSnappyCompressionCodec.class);
        assertThat(codecs.get(Compression.ZSTD)).isInstanceOf(CompressionUtils.CommonsCompressZstdCompressionCodec.class);
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
    void whatItWritesReadsBackAndTheClientsOwnCodecsReadIt(Compression compression) throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(compression);
        CompressionCodec[] theirs = {new DefaultCompressionCodecFactory().get(compression),
                new CommonsCompressCompressionCodecFactory().get(compression)};
        for (int size : SIZES) {
            for (boolean compressible : new boolean[] {true, false}) {
                byte[] plain = sample(size, compressible);
                byte[] compressed = compress(ours, plain);
                assertThat(compressed.length).as("%s of %d bytes", compression, size)
                        .isLessThanOrEqualTo(ours.maxCompressedLength(plain.length));
                assertThat(decompress(ours, compressed)).as("%s of %d bytes", compression, size).isEqualTo(plain);
                for (CompressionCodec other : theirs) {
                    assertThat(decompress(other, compressed)).as("%s reads %s of %d", other, compression, size).isEqualTo(plain);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
    void itReadsWhatTheClientsOwnCodecsWrite(Compression compression) throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(compression);
        CompressionCodec[] theirs = {new DefaultCompressionCodecFactory().get(compression),
                new CommonsCompressCompressionCodecFactory().get(compression)};
        for (CompressionCodec other : theirs) {
            for (int size : SIZES) {
                byte[] plain = sample(size, size % 2 == 0);
                assertThat(decompress(ours, compress(other, plain))).as("%s of %d bytes", other, size).isEqualTo(plain);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
    void zerosThatCompressAsFarAsTheFormatGoesReadBack(Compression compression) throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(compression);
        byte[] zeros = new byte[200_000];
        assertThat(decompress(ours, compress(ours, zeros))).isEqualTo(zeros);
        assertThat(decompress(ours, compress(new DefaultCompressionCodecFactory().get(compression), zeros))).isEqualTo(zeros);
    }

    @Test
    void lz4FramesWithChecksumsAndDependentBlocksRead() throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(Compression.LZ4);
        byte[] plain = sample(200_000, true);
        for (boolean dependent : new boolean[] {false, true}) {
            ByteArrayOutputStream framed = new ByteArrayOutputStream();
            var parameters = new FramedLZ4CompressorOutputStream.Parameters(
                    FramedLZ4CompressorOutputStream.BlockSize.K64, true, true, dependent);
            try (OutputStream out = new FramedLZ4CompressorOutputStream(framed, parameters)) {
                out.write(plain);
            }
            assertThat(decompress(ours, framed.toByteArray())).as("dependent blocks %s", dependent).isEqualTo(plain);
        }
    }

    @Test
    void gzipMembersWithHeaderFieldsReadOneAfterTheOther() throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(Compression.GZIP);
        byte[] first = sample(3_000, true);
        byte[] second = sample(70_000, false);
        ByteArrayOutputStream members = new ByteArrayOutputStream();
        var parameters = new org.apache.commons.compress.compressors.gzip.GzipParameters();
        parameters.setFileName("sub-entry.bin");
        parameters.setComment("a gzip member with a name and a comment");
        try (OutputStream out = new org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream(members, parameters)) {
            out.write(first);
        }
        members.write(compress(ours, second));
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        assertThat(decompress(ours, members.toByteArray())).isEqualTo(both);
    }

    @Test
    void aZstdFrameWithoutItsSizeLargerThanTheBufferReads() throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(Compression.ZSTD);
        byte[] plain = new byte[1_000_000]; // zeros: compresses a thousandfold, far past any guess from its size
        ByteArrayOutputStream framed = new ByteArrayOutputStream();
        try (OutputStream out = new ZstdOutputStream(framed)) { // a streaming writer: no content size
            out.write(plain);
        }
        assertThat(decompress(ours, framed.toByteArray())).isEqualTo(plain);
    }

    @ParameterizedTest
    @EnumSource(value = Compression.class, names = {"GZIP", "SNAPPY", "LZ4", "ZSTD"})
    void aTruncatedSubEntryFailsToRead(Compression compression) throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(compression);
        byte[] cut = java.util.Arrays.copyOf(compress(ours, sample(5_000, true)), 40);
        assertThatThrownBy(() -> decompress(ours, cut)).isInstanceOf(IOException.class);
    }

    @Test
    void aSnappyChunkThatDoesNotMatchItsChecksumFailsToRead() throws IOException {
        // LZ4 and zstd frames as the clients write them carry no checksum; Snappy's chunks always do
        CompressionCodec ours = new SubEntryCodecs().get(Compression.SNAPPY);
        byte[] compressed = compress(ours, sample(5_000, false));
        compressed[compressed.length / 2] ^= 0x5A;
        assertThatThrownBy(() -> decompress(ours, compressed)).isInstanceOf(IOException.class)
                .hasMessageContaining("checksum");
    }

    @Test
    void theClientsCallsByteByByteAndInPiecesGiveTheSameFrame() throws IOException {
        CompressionCodec ours = new SubEntryCodecs().get(Compression.LZ4);
        byte[] plain = sample(1_040, true);
        ByteArrayOutputStream bytewise = new ByteArrayOutputStream();
        try (OutputStream out = ours.compress(bytewise)) {
            for (byte b : plain) {
                out.write(b);
            }
            out.flush();
        }
        assertThat(bytewise.toByteArray()).isEqualTo(compress(ours, plain));
    }

    /** Messages of 100 bytes that differ in a few (compressible), or random bytes. */
    private static byte[] sample(int size, boolean compressible) {
        byte[] b = new byte[size];
        Random random = new Random(size);
        random.nextBytes(b);
        if (compressible) {
            for (int i = 100; i < size; i++) {
                b[i] = i % 100 < 8 ? (byte) random.nextInt() : b[i - 100];
            }
        }
        return b;
    }

    /** As the client compresses a sub-entry: each message through the stream, then flush and close. */
    private static byte[] compress(CompressionCodec codec, byte[] plain) throws IOException {
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        try (OutputStream out = codec.compress(target)) {
            out.write(plain, 0, plain.length / 2);
            out.write(plain, plain.length / 2, plain.length - plain.length / 2);
            out.flush();
        }
        return target.toByteArray();
    }

    private static byte[] decompress(CompressionCodec codec, byte[] compressed) throws IOException {
        try (InputStream in = codec.decompress(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }
}
