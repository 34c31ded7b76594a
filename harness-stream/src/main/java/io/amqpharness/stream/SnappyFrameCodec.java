package io.amqpharness.stream;

import com.rabbitmq.stream.compression.Compression;
import java.io.IOException;
import java.util.zip.CRC32C;
import org.xerial.snappy.Snappy;

/**
 * Snappy sub-entries in Snappy's framing format, through snappy-java's native block codec: the
 * stream identifier, then chunks of up to 64 KiB, each with the masked CRC-32C of its plain bytes,
 * compressed unless that saves less than 15% (as snappy-java's framed stream writes them). Reading
 * checks every chunk's checksum.
 */
final class SnappyFrameCodec extends BlockCodec {
    private static final int CHUNK = 64 * 1024;
    private static final byte[] STREAM_ID = {(byte) 0xFF, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y'};
    /** A chunk is stored compressed when that takes at most this share of its plain size (snappy-java's rule). */
    private static final double MIN_RATIO = 0.85;
    private final ThreadLocal<CRC32C> crcs = ThreadLocal.withInitial(CRC32C::new);

    /**
     * Fails here, with an {@link IllegalStateException}, if snappy-java's native library does not
     * load (none for this platform, or no writable temporary directory to unpack it into).
     */
    SnappyFrameCodec() {
        try {
            byte[] sample = new byte[64];
            Snappy.compress(sample, 0, sample.length, new byte[Snappy.maxCompressedLength(sample.length)], 0);
        } catch (IOException | org.xerial.snappy.SnappyError e) {
            throw new IllegalStateException("snappy-java does not load here: " + e.getMessage(), e);
        }
    }

    @Override
    int encode(byte[] src, int length, Scratch scratch) throws IOException {
        scratch.ensure(STREAM_ID.length);
        System.arraycopy(STREAM_ID, 0, scratch.out, 0, STREAM_ID.length);
        int pos = STREAM_ID.length;
        for (int off = 0; off < length; off += CHUNK) {
            int len = Math.min(CHUNK, length - off);
            scratch.ensure(pos + 8 + Math.max(len, Snappy.maxCompressedLength(len)));
            byte[] out = scratch.out;
            int crc = masked(src, off, len);
            int c = Snappy.compress(src, off, len, out, pos + 8);
            boolean compressed = c <= len * MIN_RATIO;
            if (!compressed) {
                System.arraycopy(src, off, out, pos + 8, len);
                c = len;
            }
            int chunk = c + 4;
            out[pos] = (byte) (compressed ? 0x00 : 0x01);
            out[pos + 1] = (byte) chunk;
            out[pos + 2] = (byte) (chunk >>> 8);
            out[pos + 3] = (byte) (chunk >>> 16);
            intLE(out, pos + 4, crc);
            pos += 8 + c;
        }
        return pos;
    }

    @Override
    int decode(byte[] src, int length, Scratch scratch) throws IOException {
        require(length >= STREAM_ID.length && (src[0] & 0xFF) == 0xFF, "not a framed Snappy stream");
        int pos = 0;
        int n = 0;
        while (pos < length) {
            require(pos + 4 <= length, "truncated Snappy chunk");
            int type = src[pos] & 0xFF;
            int chunk = (src[pos + 1] & 0xFF) | (src[pos + 2] & 0xFF) << 8 | (src[pos + 3] & 0xFF) << 16;
            pos += 4;
            require(pos + chunk <= length, "truncated Snappy chunk");
            if (type == 0xFF) {
                require(chunk == 6 && java.util.Arrays.equals(src, pos, pos + 6, STREAM_ID, 4, 10), "bad Snappy stream identifier");
            } else if (type == 0x00 || type == 0x01) {
                require(chunk >= 4, "short Snappy chunk");
                int crc = intLE(src, pos);
                int plain;
                if (type == 0x00) {
                    plain = Snappy.uncompressedLength(src, pos + 4, chunk - 4);
                    require(plain >= 0 && plain <= CHUNK, "bad Snappy chunk length");
                    scratch.ensure(n + plain);
                    plain = Snappy.uncompress(src, pos + 4, chunk - 4, scratch.out, n);
                } else {
                    plain = chunk - 4;
                    require(plain <= CHUNK, "bad Snappy chunk length");
                    scratch.ensure(n + plain);
                    System.arraycopy(src, pos + 4, scratch.out, n, plain);
                }
                require(masked(scratch.out, n, plain) == crc, "Snappy chunk checksum mismatch");
                n += plain;
            } else {
                require(type >= 0x80, "unskippable unknown Snappy chunk type " + type);
            }
            pos += chunk;
        }
        return n;
    }

    /** The framing format's masked CRC-32C of {@code b[off..off+len)}. */
    private int masked(byte[] b, int off, int len) {
        CRC32C crc = crcs.get();
        crc.reset();
        crc.update(b, off, len);
        int c = (int) crc.getValue();
        return ((c >>> 15) | (c << 17)) + 0xa282ead8;
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        int chunks = Math.max(1, (sourceLength + CHUNK - 1) / CHUNK);
        return STREAM_ID.length + chunks * 8 + sourceLength;
    }

    @Override
    public byte code() {
        return Compression.SNAPPY.code();
    }

    @Override
    public String toString() {
        return "Snappy frames (snappy-java, native)";
    }
}
