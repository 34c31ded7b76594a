package io.amqpharness.stream;

import com.rabbitmq.stream.compression.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A sub-entry codec that compresses and decompresses a whole sub-entry at once, in buffers this
 * thread reuses, instead of opening a framed stream per sub-entry (the client's codecs allocate
 * each stream's block buffers, 64 KiB and more, and zstd's native context, for every sub-entry of
 * a few hundred bytes). It writes and reads the same framed formats as the client's codecs, so
 * other clients read what it writes and it reads theirs.
 *
 * <p>The client compresses a sub-entry on one thread, from {@link #compress} to closing its stream,
 * and reads a decompressed stream to its end on the thread that opened it before opening the next:
 * the streams share their thread's buffers ({@link Scratch}), so a stream must not be used on another
 * thread, nor kept open past the next one. Frames a subclass does not read itself (a rare feature of
 * another writer's) go through {@link #viaFallback}, the library's own stream.
 */
abstract class BlockCodec implements CompressionCodec {
    /** Buffers past this size (bytes) are let go after use, so a rare huge sub-entry does not stay in memory. */
    static final int KEEP_AT_MOST = 4 << 20;
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * Compresses {@code src[0..length)} into {@code scratch.out} from index 0.
     *
     * @return the compressed length, in bytes
     */
    abstract int encode(byte[] src, int length, Scratch scratch) throws IOException;

    /**
     * Decompresses {@code src[0..length)} into {@code scratch.out} from index 0, growing it as needed
     * ({@link Scratch#ensure}).
     *
     * @return the decompressed length, in bytes
     */
    abstract int decode(byte[] src, int length, Scratch scratch) throws IOException;

    @Override
    public final OutputStream compress(OutputStream target) {
        return new Collector(target, SCRATCH.get());
    }

    @Override
    public final InputStream decompress(InputStream source) {
        return new Decoded(source, SCRATCH.get());
    }

    /** A library's decompressing stream over another stream. */
    @FunctionalInterface
    interface Reader {
        InputStream over(InputStream in) throws IOException;
    }

    /** Reads what {@code reader} decompresses of {@code src[0..length)} into {@code scratch.out}. */
    static int viaFallback(byte[] src, int length, Scratch scratch, Reader reader) throws IOException {
        int n = 0;
        try (InputStream in = reader.over(new ByteArrayInputStream(src, 0, length))) {
            while (true) {
                scratch.ensure(n + 8192);
                int r = in.read(scratch.out, n, scratch.out.length - n);
                if (r < 0) {
                    return n;
                }
                n += r;
            }
        }
    }

    /** This thread's buffers: the plain and the compressed side of one sub-entry. */
    static final class Scratch {
        /** What is compressed (plain data) or decompressed (compressed data). */
        byte[] in = new byte[4096];
        /** What results. */
        byte[] out = new byte[4096];
        /**
         * What a codec keeps per thread: zstd's native contexts ({@link ZstdFrameCodec}, slots 0 and 1),
         * gzip's deflater, inflater and checksum ({@link GzipCodec}, slots 2 to 4).
         */
        final Object[] state = new Object[5];

        /** Makes {@link #out} hold at least {@code size} bytes, keeping its first bytes. */
        void ensure(int size) {
            if (out.length < size) {
                out = java.util.Arrays.copyOf(out, Math.max(size, (int) Math.min(Integer.MAX_VALUE - 8, out.length * 2L)));
            }
        }

        void ensureIn(int size) {
            if (in.length < size) {
                in = java.util.Arrays.copyOf(in, Math.max(size, (int) Math.min(Integer.MAX_VALUE - 8, in.length * 2L)));
            }
        }

        void trim() {
            if (in.length > KEEP_AT_MOST) {
                in = new byte[4096];
            }
            if (out.length > KEEP_AT_MOST) {
                out = new byte[4096];
            }
        }
    }

    /** Collects a sub-entry's plain bytes, and writes it compressed to the target when closed. */
    private final class Collector extends OutputStream {
        private final OutputStream target;
        private final Scratch scratch;
        private int length;
        private boolean closed;

        Collector(OutputStream target, Scratch scratch) {
            this.target = target;
            this.scratch = scratch;
        }

        @Override
        public void write(int b) {
            scratch.ensureIn(length + 1);
            scratch.in[length++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            scratch.ensureIn(length + len);
            System.arraycopy(b, off, scratch.in, length, len);
            length += len;
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            int n = encode(scratch.in, length, scratch);
            target.write(scratch.out, 0, n);
            target.flush();
            scratch.trim();
        }
    }

    /** A sub-entry read whole and decompressed on opening, read back from this thread's buffer. */
    private final class Decoded extends InputStream {
        private final InputStream source;
        private final Scratch scratch;
        private boolean opened;
        private int position;
        private int length;

        Decoded(InputStream source, Scratch scratch) {
            this.source = source;
            this.scratch = scratch;
        }

        /** Decompresses on the first read: opening a stream does not fail, reading it may. */
        private void open() throws IOException {
            if (opened) {
                return;
            }
            opened = true;
            int n = 0;
            int available = source.available();
            scratch.ensureIn(Math.max(available, 1));
            while (true) {
                if (n == scratch.in.length) {
                    scratch.ensureIn(n + 4096);
                }
                int r = source.read(scratch.in, n, scratch.in.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            length = decode(scratch.in, n, scratch);
        }

        @Override
        public int read() throws IOException {
            open();
            return position < length ? scratch.out[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            open();
            if (len == 0) {
                return 0;
            }
            if (position >= length) {
                return -1;
            }
            int n = Math.min(len, length - position);
            System.arraycopy(scratch.out, position, b, off, n);
            position += n;
            return n;
        }

        @Override
        public int available() throws IOException {
            open();
            return length - position;
        }

        @Override
        public void close() {
            if (opened) {
                scratch.trim();
            }
        }
    }

    /** Reads a little-endian int at {@code i}. */
    static int intLE(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }

    /** Writes a little-endian int at {@code i}. */
    static void intLE(byte[] b, int i, int v) {
        b[i] = (byte) v;
        b[i + 1] = (byte) (v >>> 8);
        b[i + 2] = (byte) (v >>> 16);
        b[i + 3] = (byte) (v >>> 24);
    }

    /** Fails a read of a truncated or corrupt sub-entry. */
    static void require(boolean condition, String what) throws IOException {
        if (!condition) {
            throw new IOException(what);
        }
    }
}
