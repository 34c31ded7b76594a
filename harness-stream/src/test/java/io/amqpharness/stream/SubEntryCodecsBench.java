package io.amqpharness.stream;

import com.rabbitmq.stream.compression.CommonsCompressCompressionCodecFactory;
import com.rabbitmq.stream.compression.Compression;
import com.rabbitmq.stream.compression.CompressionCodec;
import com.rabbitmq.stream.compression.CompressionCodecFactory;
import com.rabbitmq.stream.compression.DefaultCompressionCodecFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * The sub-entry codecs one against another, in one thread, as the client calls them: a sub-entry of
 * COUNT messages of SIZE bytes (each after its 4-byte length, 100 bytes that differ in their first 8)
 * compressed into a stream and read back. Prints per codec factory and algorithm the thread's CPU
 * microseconds and allocated bytes per message, compressing and decompressing. Not a test (no
 * assertion): {@code bench/stream-compression.sh codecs} runs it.
 *
 * <pre>java -cp CLASSPATH io.amqpharness.stream.SubEntryCodecsBench [COUNT [SIZE [SECONDS]]]</pre>
 */
public final class SubEntryCodecsBench {
    private SubEntryCodecsBench() {
    }

    public static void main(String[] args) throws IOException {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 2;
        byte[] plain = subEntry(count, size);
        CompressionCodecFactory[] factories = {new CommonsCompressCompressionCodecFactory(),
                new DefaultCompressionCodecFactory(), new SubEntryCodecs()};
        String[] names = {"Commons Compress (before)", "the client's default", "the harness's"};
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        System.out.printf("sub-entry of %d messages of %d bytes (%d bytes); per message:%n", count, size, plain.length);
        System.out.printf("%-8s %-26s %12s %14s %12s %14s %8s%n", "codec", "factory", "compress us", "compress B", "read us",
                "read B", "ratio");
        for (Compression c : new Compression[] {Compression.GZIP, Compression.SNAPPY, Compression.LZ4, Compression.ZSTD}) {
            for (int f = 0; f < factories.length; f++) {
                CompressionCodec codec = factories[f].get(c);
                byte[] compressed = compress(codec, plain);
                byte[] buffer = new byte[8192];
                run(codec, plain, compressed, buffer, seconds / 4); // warm-up
                long id = Thread.currentThread().getId();
                long cpu0 = threads.getThreadCpuTime(id);
                long alloc0 = threads.getThreadAllocatedBytes(id);
                long n = 0;
                long deadline = System.nanoTime() + (long) (seconds * 1e9);
                while (System.nanoTime() < deadline) {
                    for (int i = 0; i < 100; i++) {
                        compress(codec, plain);
                    }
                    n += 100;
                }
                long cpu1 = threads.getThreadCpuTime(id);
                long alloc1 = threads.getThreadAllocatedBytes(id);
                long m = 0;
                deadline = System.nanoTime() + (long) (seconds * 1e9);
                while (System.nanoTime() < deadline) {
                    for (int i = 0; i < 100; i++) {
                        read(codec, compressed, buffer);
                    }
                    m += 100;
                }
                long cpu2 = threads.getThreadCpuTime(id);
                long alloc2 = threads.getThreadAllocatedBytes(id);
                System.out.printf("%-8s %-26s %12.2f %14.0f %12.2f %14.0f %8.2f%n", c.name().toLowerCase(), names[f],
                        (cpu1 - cpu0) / 1e3 / n / count, (alloc1 - alloc0) / (double) n / count,
                        (cpu2 - cpu1) / 1e3 / m / count, (alloc2 - alloc1) / (double) m / count,
                        (double) compressed.length / plain.length);
            }
        }
    }

    private static void run(CompressionCodec codec, byte[] plain, byte[] compressed, byte[] buffer, double seconds)
            throws IOException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < deadline) {
            compress(codec, plain);
            read(codec, compressed, buffer);
        }
    }

    private static byte[] subEntry(int count, int size) {
        byte[] b = new byte[count * (4 + size)];
        Random random = new Random(42);
        byte[] body = new byte[size];
        random.nextBytes(body);
        for (int i = 0; i < count; i++) {
            int at = i * (4 + size);
            b[at + 3] = (byte) size;
            b[at + 2] = (byte) (size >>> 8);
            for (int k = 0; k < Math.min(8, size); k++) {
                body[k] = (byte) random.nextInt();
            }
            System.arraycopy(body, 0, b, at + 4, size);
        }
        return b;
    }

    private static final java.io.ByteArrayOutputStream TARGET = new java.io.ByteArrayOutputStream();

    private static byte[] compress(CompressionCodec codec, byte[] plain) throws IOException {
        TARGET.reset();
        try (OutputStream out = codec.compress(TARGET)) {
            out.write(plain);
            out.flush();
        }
        return TARGET.toByteArray();
    }

    /** As the client reads a sub-entry: through an 8 KiB transfer buffer. */
    private static void read(CompressionCodec codec, byte[] compressed, byte[] buffer) throws IOException {
        try (InputStream in = codec.decompress(new ByteArrayInputStream(compressed))) {
            while (in.read(buffer) >= 0) {
                // the client copies into its buffer here
            }
        }
    }
}
