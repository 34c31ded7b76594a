package io.amqpharness.stream;

import com.rabbitmq.stream.compression.Compression;
import java.io.IOException;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Gzip sub-entries through the JDK's zlib, with one deflater and one inflater per thread, reset for
 * each sub-entry (the JDK's gzip streams set up and free zlib's state, some 256 KiB, for every one).
 * It writes one gzip member as the JDK's {@code GZIPOutputStream} does (default level, no name, no
 * time) and reads any members, with their optional header fields, checking each one's CRC-32 and size.
 */
final class GzipCodec extends BlockCodec {
    private static final int DEFLATER = 2;
    private static final int INFLATER = 3;
    private static final int CRC = 4;
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    @Override
    int encode(byte[] src, int length, Scratch scratch) {
        Deflater deflater = (Deflater) scratch.state[DEFLATER];
        if (deflater == null) {
            deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
            scratch.state[DEFLATER] = deflater;
        }
        deflater.reset();
        deflater.setInput(src, 0, length);
        deflater.finish();
        scratch.ensure(HEADER.length + maxCompressedLength(length));
        System.arraycopy(HEADER, 0, scratch.out, 0, HEADER.length);
        int pos = HEADER.length;
        while (!deflater.finished()) {
            if (scratch.out.length - pos < 64) {
                scratch.ensure(scratch.out.length + 4096);
            }
            pos += deflater.deflate(scratch.out, pos, scratch.out.length - pos - 8);
        }
        scratch.ensure(pos + 8);
        intLE(scratch.out, pos, crc(src, 0, length, scratch));
        intLE(scratch.out, pos + 4, length);
        return pos + 8;
    }

    @Override
    int decode(byte[] src, int length, Scratch scratch) throws IOException {
        Inflater inflater = (Inflater) scratch.state[INFLATER];
        if (inflater == null) {
            inflater = new Inflater(true);
            scratch.state[INFLATER] = inflater;
        }
        int pos = 0;
        int n = 0;
        while (pos < length) {
            pos = skipHeader(src, pos, length);
            inflater.reset();
            inflater.setInput(src, pos, length - pos);
            int start = n;
            try {
                while (!inflater.finished()) {
                    if (n == scratch.out.length) {
                        scratch.ensure(n + 4096);
                    }
                    int r = inflater.inflate(scratch.out, n, scratch.out.length - n);
                    n += r;
                    if (r == 0 && !inflater.finished() && n < scratch.out.length) {
                        require(!inflater.needsInput() && !inflater.needsDictionary(), "truncated gzip member");
                    }
                }
            } catch (DataFormatException e) {
                throw new IOException("corrupt gzip member: " + e.getMessage(), e);
            }
            pos = length - inflater.getRemaining();
            require(pos + 8 <= length, "truncated gzip trailer");
            require(intLE(src, pos) == crc(scratch.out, start, n - start, scratch), "gzip CRC-32 mismatch");
            require(intLE(src, pos + 4) == n - start, "gzip size mismatch");
            pos += 8;
        }
        return n;
    }

    /** The index of a gzip member's deflate data, past its header at {@code pos}. */
    private static int skipHeader(byte[] src, int pos, int length) throws IOException {
        require(pos + 10 <= length, "truncated gzip header");
        require(src[pos] == 0x1f && src[pos + 1] == (byte) 0x8b && src[pos + 2] == Deflater.DEFLATED, "not gzip");
        int flags = src[pos + 3];
        pos += 10;
        if ((flags & 4) != 0) { // FEXTRA
            require(pos + 2 <= length, "truncated gzip header");
            pos += 2 + ((src[pos] & 0xFF) | (src[pos + 1] & 0xFF) << 8);
        }
        for (int field : new int[] {8, 16}) { // FNAME, FCOMMENT: zero-terminated
            if ((flags & field) != 0) {
                while (pos < length && src[pos] != 0) {
                    pos++;
                }
                pos++;
            }
        }
        if ((flags & 2) != 0) { // FHCRC
            pos += 2;
        }
        require(pos <= length, "truncated gzip header");
        return pos;
    }

    private static int crc(byte[] b, int off, int len, Scratch scratch) {
        CRC32 crc = (CRC32) scratch.state[CRC];
        if (crc == null) {
            crc = new CRC32();
            scratch.state[CRC] = crc;
        }
        crc.reset();
        crc.update(b, off, len);
        return (int) crc.getValue();
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        // zlib's deflateBound, with the gzip header and trailer
        return sourceLength + (sourceLength >> 12) + (sourceLength >> 14) + (sourceLength >> 25) + 13 + 5 + 18;
    }

    @Override
    public byte code() {
        return Compression.GZIP.code();
    }

    @Override
    public String toString() {
        return "gzip (the JDK's zlib)";
    }
}
