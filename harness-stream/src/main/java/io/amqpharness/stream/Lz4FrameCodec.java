package io.amqpharness.stream;

import com.rabbitmq.stream.compression.Compression;
import java.io.IOException;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;

/**
 * LZ4 sub-entries in LZ4's frame format, through lz4-java's block compressor (native where
 * lz4-java has its library for the platform): the frame the client's lz4-java codec writes (64 KiB
 * independent blocks, no checksums), read back with block and content checksums checked when a
 * writer set them. Frames with dependent blocks or a dictionary id go to Commons Compress's reader.
 */
final class Lz4FrameCodec extends BlockCodec {
    static final int MAGIC = 0x184D2204;
    private static final int BLOCK = 64 * 1024;
    /** Version 01, independent blocks. */
    private static final byte FLG = 0x60;
    /** 64 KiB blocks. */
    private static final byte BD = 0x40;
    private final LZ4Compressor compressor;
    private final LZ4SafeDecompressor decompressor;
    private final XXHash32 xxhash;
    private final byte headerChecksum;
    private final String name;

    /** Over lz4-java's fastest implementation here (JNI, else Java). */
    Lz4FrameCodec() {
        this(LZ4Factory.fastestInstance(), XXHashFactory.fastestInstance());
    }

    Lz4FrameCodec(LZ4Factory lz4, XXHashFactory hashes) {
        this.compressor = lz4.fastCompressor();
        this.decompressor = lz4.safeDecompressor();
        this.xxhash = hashes.hash32();
        this.headerChecksum = (byte) (xxhash.hash(new byte[] {FLG, BD}, 0, 2, 0) >> 8);
        this.name = "LZ4 frames (lz4-java " + lz4 + ")";
    }

    @Override
    int encode(byte[] src, int length, Scratch scratch) {
        int blocks = Math.max(1, (length + BLOCK - 1) / BLOCK);
        scratch.ensure(7 + blocks * 4 + compressor.maxCompressedLength(length) + blocks * 16 + 4);
        byte[] out = scratch.out;
        intLE(out, 0, MAGIC);
        out[4] = FLG;
        out[5] = BD;
        out[6] = headerChecksum;
        int pos = 7;
        for (int off = 0; off < length; off += BLOCK) {
            int len = Math.min(BLOCK, length - off);
            scratch.ensure(pos + 4 + compressor.maxCompressedLength(len) + 4);
            out = scratch.out;
            int c = compressor.compress(src, off, len, out, pos + 4, out.length - pos - 4);
            if (c < len) {
                intLE(out, pos, c);
                pos += 4 + c;
            } else { // did not shrink: stored as it is
                intLE(out, pos, len | 0x80000000);
                System.arraycopy(src, off, out, pos + 4, len);
                pos += 4 + len;
            }
        }
        intLE(out, pos, 0); // end mark
        return pos + 4;
    }

    @Override
    int decode(byte[] src, int length, Scratch scratch) throws IOException {
        int pos = 0;
        int n = 0;
        while (pos < length) {
            require(pos + 4 <= length, "truncated LZ4 frame");
            int magic = intLE(src, pos);
            if ((magic & 0xFFFFFFF0) == 0x184D2A50) { // a skippable frame
                require(pos + 8 <= length, "truncated LZ4 skippable frame");
                pos += 8 + intLE(src, pos + 4);
                continue;
            }
            require(magic == MAGIC, "not an LZ4 frame");
            require(pos + 7 <= length, "truncated LZ4 frame header");
            int flg = src[pos + 4] & 0xFF;
            require((flg >>> 6) == 1, "unknown LZ4 frame version");
            if ((flg & 0x20) == 0 || (flg & 0x01) != 0) {
                // dependent blocks or a dictionary: the general reader
                return viaFallback(src, length, scratch, in -> new FramedLZ4CompressorInputStream(in, true));
            }
            boolean blockChecksum = (flg & 0x10) != 0;
            boolean contentSize = (flg & 0x08) != 0;
            boolean contentChecksum = (flg & 0x04) != 0;
            int blockId = (src[pos + 5] >>> 4) & 0x7;
            require(blockId >= 4, "unknown LZ4 block size");
            int maxBlock = 1 << (2 * blockId + 8);
            int descriptor = 2 + (contentSize ? 8 : 0);
            require(pos + 4 + descriptor + 1 <= length, "truncated LZ4 frame header");
            require((byte) (xxhash.hash(src, pos + 4, descriptor, 0) >> 8) == src[pos + 4 + descriptor],
                    "LZ4 frame header checksum mismatch");
            pos += 4 + descriptor + 1;
            int frameStart = n;
            while (true) {
                require(pos + 4 <= length, "truncated LZ4 frame");
                int size = intLE(src, pos);
                pos += 4;
                if (size == 0) {
                    break;
                }
                boolean stored = size < 0;
                size &= 0x7FFFFFFF;
                require(size <= maxBlock && pos + size + (blockChecksum ? 4 : 0) <= length, "truncated LZ4 block");
                if (blockChecksum) {
                    require(xxhash.hash(src, pos, size, 0) == intLE(src, pos + size), "LZ4 block checksum mismatch");
                }
                // a block decompresses to at most its block size, and to about 255 times its length at most
                int room = stored ? size : (int) Math.min(maxBlock, size * 256L + 64);
                scratch.ensure(n + room);
                if (stored) {
                    System.arraycopy(src, pos, scratch.out, n, size);
                    n += size;
                } else {
                    try {
                        n += decompressor.decompress(src, pos, size, scratch.out, n, room);
                    } catch (net.jpountz.lz4.LZ4Exception e) {
                        throw new IOException("corrupt LZ4 block", e);
                    }
                }
                pos += size + (blockChecksum ? 4 : 0);
            }
            if (contentChecksum) {
                require(pos + 4 <= length, "truncated LZ4 frame");
                require(xxhash.hash(scratch.out, frameStart, n - frameStart, 0) == intLE(src, pos),
                        "LZ4 content checksum mismatch");
                pos += 4;
            }
        }
        return n;
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        int blocks = Math.max(1, (sourceLength + BLOCK - 1) / BLOCK);
        return 7 + 4 + blocks * 4 + sourceLength + sourceLength / 255 + 16 * blocks;
    }

    @Override
    public byte code() {
        return Compression.LZ4.code();
    }

    @Override
    public String toString() {
        return name;
    }
}
