package io.amqpharness.stream;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.rabbitmq.stream.compression.Compression;
import java.io.IOException;

/**
 * Zstandard sub-entries through zstd-jni's one-shot calls, with one compression and one
 * decompression context per thread (the client's codec creates a native streaming context for every
 * sub-entry). It writes one frame at zstd's default level, with the content size in its header, and
 * reads any frames, also those of a streaming writer that leaves the size out.
 */
final class ZstdFrameCodec extends BlockCodec {
    /** A frame that says no size is read into a buffer growing up to this (bytes), then streamed. */
    private static final int GUESS_AT_MOST = 64 << 20;
    private static final int COMPRESS = 0;
    private static final int DECOMPRESS = 1;
    /** Frees a thread's native contexts once its buffers are unreachable (the thread ended). */
    private static final java.lang.ref.Cleaner CONTEXTS = java.lang.ref.Cleaner.create();
    private final int level = Zstd.defaultCompressionLevel();

    @Override
    int encode(byte[] src, int length, Scratch scratch) {
        ZstdCompressCtx ctx = (ZstdCompressCtx) scratch.state[COMPRESS];
        if (ctx == null) {
            ctx = new ZstdCompressCtx().setLevel(level).setContentSize(true);
            scratch.state[COMPRESS] = ctx;
            CONTEXTS.register(scratch, ctx::close);
        }
        scratch.ensure((int) Zstd.compressBound(length));
        return ctx.compressByteArray(scratch.out, 0, scratch.out.length, src, 0, length);
    }

    @Override
    int decode(byte[] src, int length, Scratch scratch) throws IOException {
        ZstdDecompressCtx ctx = (ZstdDecompressCtx) scratch.state[DECOMPRESS];
        if (ctx == null) {
            ctx = new ZstdDecompressCtx();
            scratch.state[DECOMPRESS] = ctx;
            CONTEXTS.register(scratch, ctx::close);
        }
        long size = Zstd.getFrameContentSize(src, 0, length);
        int capacity = size > 0 && size <= GUESS_AT_MOST ? (int) size : Math.max(scratch.out.length, length * 4);
        while (true) {
            scratch.ensure(capacity);
            try {
                return ctx.decompressByteArray(scratch.out, 0, scratch.out.length, src, 0, length);
            } catch (ZstdException e) {
                // a frame without its size (or several frames) larger than the guess: a larger buffer
                if (e.getErrorCode() != Zstd.errDstSizeTooSmall()) {
                    throw new IOException("corrupt zstd sub-entry: " + e.getMessage(), e);
                }
                if (scratch.out.length >= GUESS_AT_MOST) {
                    return viaFallback(src, length, scratch, ZstdInputStreamNoFinalizer::new);
                }
                capacity = scratch.out.length * 2;
            }
        }
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        return (int) Zstd.compressBound(sourceLength);
    }

    @Override
    public byte code() {
        return Compression.ZSTD.code();
    }

    @Override
    public String toString() {
        return "zstd (zstd-jni, native)";
    }
}
