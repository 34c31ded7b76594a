package io.amqpharness.junit.oracle;

/**
 * The oracle's own reading of the harness's message header (the wire contract in
 * {@code docs/payload.md}): bytes 0-3 the low 32 bits of the publisher's sequence number, bytes
 * 4-11 a timestamp, both big-endian. Written from the contract, not from the harness's codec, so
 * that a change to one is caught by the test that holds them together.
 *
 * <p>Stateless and thread-safe; allocates nothing.
 */
public final class PayloadHeader {
    /** The header's length in bytes; shorter bodies carry no sequence. */
    public static final int LENGTH = 12;

    private PayloadHeader() {
    }

    /** True if a body of {@code length} bytes carries a header. */
    public static boolean present(int length) {
        return length >= LENGTH;
    }

    /** The low 32 bits of the sequence number, unsigned (0 to 2^32 - 1). */
    public static long sequence32(byte[] body, int offset) {
        return ((body[offset] & 0xFFL) << 24) | ((body[offset + 1] & 0xFFL) << 16)
                | ((body[offset + 2] & 0xFFL) << 8) | (body[offset + 3] & 0xFFL);
    }

    /** The 8-byte timestamp after the sequence (the clock is the publisher's choice). */
    public static long timestamp(byte[] body, int offset) {
        long t = 0;
        for (int i = 4; i < LENGTH; i++) {
            t = (t << 8) | (body[offset + i] & 0xFFL);
        }
        return t;
    }

    /**
     * The full sequence number whose low 32 bits are {@code low32} and which lies nearest to
     * {@code near} (for example the highest sequence the publisher sent); at least 1.
     */
    public static long sequence(long low32, long near) {
        long base = near & ~0xFFFF_FFFFL;
        long best = base | low32;
        for (long c : new long[] {best - (1L << 32), best + (1L << 32)}) {
            if (c >= 1 && Math.abs(c - near) < Math.abs(best - near)) {
                best = c;
            }
        }
        return best;
    }
}
