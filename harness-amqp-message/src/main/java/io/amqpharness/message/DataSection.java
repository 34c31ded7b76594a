package io.amqpharness.message;

/**
 * Writes the head of a data section, the one section of a message that changes with each message:
 * the described constructor, the small-ulong descriptor {@link AmqpCodes#DATA}, and a binary's
 * constructor and size ({@code vbin8} up to 255 bytes, else {@code vbin32}). The body follows it.
 * Stateless; allocates nothing.
 */
public final class DataSection {
    /** The largest head: 3 bytes of descriptor, then {@code vbin32} and a 4-byte size. */
    public static final int MAX_HEAD_SIZE = 8;

    private DataSection() {
    }

    /** The size in bytes of the head of a data section holding {@code bodyLength} bytes: 5 or 8. */
    public static int headSize(int bodyLength) {
        return bodyLength <= 0xff ? 5 : MAX_HEAD_SIZE;
    }

    /**
     * Writes the head of a data section of {@code bodyLength} bytes at {@code pos}.
     *
     * @return the position after it, where the body goes
     */
    public static int writeHead(byte[] out, int pos, int bodyLength) {
        out[pos++] = AmqpCodes.DESCRIBED;
        out[pos++] = AmqpCodes.SMALL_ULONG;
        out[pos++] = AmqpCodes.DATA;
        if (bodyLength <= 0xff) {
            out[pos++] = (byte) AmqpCodes.VBIN8;
            out[pos++] = (byte) bodyLength;
            return pos;
        }
        out[pos++] = (byte) AmqpCodes.VBIN32;
        out[pos++] = (byte) (bodyLength >>> 24);
        out[pos++] = (byte) (bodyLength >>> 16);
        out[pos++] = (byte) (bodyLength >>> 8);
        out[pos++] = (byte) bodyLength;
        return pos;
    }
}
