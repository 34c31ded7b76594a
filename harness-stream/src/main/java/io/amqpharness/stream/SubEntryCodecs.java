package io.amqpharness.stream;

import com.rabbitmq.stream.compression.Compression;
import com.rabbitmq.stream.compression.CompressionCodec;
import com.rabbitmq.stream.compression.CompressionCodecFactory;
import com.rabbitmq.stream.compression.CompressionUtils;
import java.util.function.Supplier;

/**
 * The sub-entry codecs of a run, for its producers and its consumers alike (the environment's
 * factory): gzip through the JDK's zlib, lz4, snappy and zstd through the native-backed libraries
 * (lz4-java, snappy-java, zstd-jni), each a {@link BlockCodec} that reuses its thread's buffers.
 * Where a library cannot load here, lz4 and snappy fall back to Commons Compress's pure-Java codecs
 * (the same formats, several times slower), and zstd to the client's, which {@link CodecCheck} then
 * refuses with a sentence. Immutable once built; the codecs are safe on any number of threads.
 */
final class SubEntryCodecs implements CompressionCodecFactory {
    private final CompressionCodec[] codecs = new CompressionCodec[5];

    /** The fast codecs where their libraries load here. */
    SubEntryCodecs() {
        this(Lz4FrameCodec::new, SnappyFrameCodec::new, ZstdFrameCodec::new);
    }

    /** With the given fast codecs, each replaced by its portable one if it fails to build. */
    SubEntryCodecs(Supplier<CompressionCodec> lz4, Supplier<CompressionCodec> snappy, Supplier<CompressionCodec> zstd) {
        codecs[Compression.GZIP.code()] = new GzipCodec();
        codecs[Compression.LZ4.code()] = choose(lz4, CompressionUtils.CommonsCompressLz4CompressionCodec::new);
        codecs[Compression.SNAPPY.code()] = choose(snappy, CompressionUtils.CommonsCompressSnappyCompressionCodec::new);
        codecs[Compression.ZSTD.code()] = choose(zstd, CompressionUtils.CommonsCompressZstdCompressionCodec::new);
    }

    private static CompressionCodec choose(Supplier<CompressionCodec> fast, Supplier<CompressionCodec> portable) {
        try {
            return fast.get();
        } catch (LinkageError | RuntimeException e) {
            // no native library for this platform (or it cannot load): the slower codec of the same format
            return portable.get();
        }
    }

    /** The codec for {@code compression}; none for {@link Compression#NONE}. */
    @Override
    public CompressionCodec get(Compression compression) {
        return compression == Compression.NONE ? null : codecs[compression.code()];
    }
}
