package io.amqpharness.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The message header shared with PerfTest and omq: a 4-byte big-endian int (the low 32 bits of
 * the publisher's sequence number) followed by an 8-byte big-endian timestamp. Bodies are at
 * least {@link #HEADER_BYTES} long; the rest is left as allocated (zeros).
 *
 * <p>Stateless and thread-safe; reads and writes the caller's arrays without allocating.
 */
public final class PayloadCodec {
    /** Bytes taken by the header: {@code --size 12} is the smallest body. */
    public static final int HEADER_BYTES = 12;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private PayloadCodec() {
    }

    /** Writes the header at the start of {@code body}. */
    public static void write(byte[] body, long sequence, long timestamp) {
        INT.set(body, 0, (int) sequence);
        LONG.set(body, 4, timestamp);
    }

    /** The low 32 bits of the sequence number, unsigned. */
    public static long sequence32(byte[] body, int offset) {
        return Integer.toUnsignedLong((int) INT.get(body, offset));
    }

    /** The timestamp written by {@link #write}. */
    public static long timestamp(byte[] body, int offset) {
        return (long) LONG.get(body, offset + 4);
    }

    /**
     * Restores a full sequence number from its low 32 bits, choosing the value nearest to
     * {@code reference} (a sequence known to be close, such as the last one sent).
     */
    public static long extend(long sequence32, long reference) {
        long candidate = (reference & ~0xFFFF_FFFFL) | sequence32;
        long half = 1L << 31;
        if (candidate > reference + half) {
            candidate -= 1L << 32;
        } else if (candidate < reference - half) {
            candidate += 1L << 32;
        }
        return candidate;
    }
}
