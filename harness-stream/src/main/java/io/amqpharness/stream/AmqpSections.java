package io.amqpharness.stream;

/**
 * The few pieces of the AMQP 1.0 message format (its type system's constructors and the message
 * sections' descriptors) that {@link HarnessCodec} writes and reads, and a way to step over any
 * encoded value without decoding it.
 */
final class AmqpSections {
    /** A described type's constructor, followed by its descriptor and its value. */
    static final int DESCRIBED = 0x00;
    /** A small unsigned long descriptor: one byte follows. */
    static final int SMALL_ULONG = 0x53;
    /** An unsigned long descriptor: eight bytes follow. */
    static final int ULONG = 0x80;
    static final int HEADER = 0x70;
    static final int DELIVERY_ANNOTATIONS = 0x71;
    static final int MESSAGE_ANNOTATIONS = 0x72;
    static final int PROPERTIES = 0x73;
    static final int APPLICATION_PROPERTIES = 0x74;
    static final int DATA = 0x75;
    static final int FOOTER = 0x78;
    static final int NULL = 0x40;
    static final int LIST0 = 0x45;
    static final int VBIN8 = 0xa0;
    static final int VBIN32 = 0xb0;
    static final int STR8 = 0xa1;
    static final int STR32 = 0xb1;
    static final int LIST8 = 0xc0;
    static final int LIST32 = 0xd0;
    static final int MAP8 = 0xc1;
    static final int MAP32 = 0xd1;
    /** The properties section's field that carries the publisher's identity (the eleventh). */
    static final int GROUP_ID_FIELD = 10;

    private AmqpSections() {
    }

    /**
     * The position just after the value encoded at {@code pos} (a described value with its
     * descriptor), or a position beyond {@code end} if the value does not fit.
     *
     * @throws IllegalArgumentException for a constructor the AMQP 1.0 type system does not have
     */
    static int skip(byte[] data, int pos, int end) {
        int constructor = data[pos] & 0xff;
        if (constructor == DESCRIBED) {
            int afterDescriptor = skip(data, pos + 1, end);
            return afterDescriptor >= end ? end + 1 : skip(data, afterDescriptor, end);
        }
        int next = pos + 1;
        return switch (constructor >>> 4) {
            case 0x4 -> next;
            case 0x5 -> next + 1;
            case 0x6 -> next + 2;
            case 0x7 -> next + 4;
            case 0x8 -> next + 8;
            case 0x9 -> next + 16;
            case 0xa, 0xc, 0xe -> next >= end ? end + 1 : next + 1 + (data[next] & 0xff);
            case 0xb, 0xd, 0xf -> {
                int length = next + 4 > end ? -1 : int32(data, next);
                yield length < 0 ? end + 1 : next + 4 + length;
            }
            default -> throw new IllegalArgumentException("AMQP 1.0 constructor 0x" + Integer.toHexString(constructor));
        };
    }

    /** The four bytes at {@code pos}, big-endian, as a length (negative when above 2^31 - 1). */
    static int int32(byte[] data, int pos) {
        return (data[pos] & 0xff) << 24 | (data[pos + 1] & 0xff) << 16 | (data[pos + 2] & 0xff) << 8
                | (data[pos + 3] & 0xff);
    }

    static void putInt32(byte[] data, int pos, int value) {
        data[pos] = (byte) (value >>> 24);
        data[pos + 1] = (byte) (value >>> 16);
        data[pos + 2] = (byte) (value >>> 8);
        data[pos + 3] = (byte) value;
    }
}
