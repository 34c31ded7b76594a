package io.amqpharness.amqp10;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Finds what the harness needs in an encoded AMQP 1.0 message without decoding it: where the
 * body (the first Data section) lies, the {@code group-id} property (the publisher identity) and
 * whether the broker delivered the message before.
 *
 * <p>Why not {@code Delivery.message()}: RabbitMQ 3.10 encodes the {@code x-stream-offset} key of
 * stream deliveries as a string instead of a symbol, and protonj2 then refuses to decode the
 * message. Scanning skips the annotations by their encoded size, so it works on every queue type
 * and both broker generations, and it reads the body in place instead of copying it twice.
 *
 * <p>Not thread-safe: one instance per consumer, reused for every delivery. The only allocation
 * is the group-id string, and only when it differs from the previous message's.
 */
final class MessageScanner {
    private static final int HEADER = 0x70;
    private static final int MESSAGE_ANNOTATIONS = 0x72;
    private static final byte[] STREAM_OFFSET_KEY = "x-stream-offset".getBytes(StandardCharsets.US_ASCII);
    private static final int PROPERTIES = 0x73;
    private static final int DATA = 0x75;
    private static final int FIRST_ACQUIRER_FIELD = 3;
    private static final int DELIVERY_COUNT_FIELD = 4;
    private static final int GROUP_ID_FIELD = 10;
    /** Returned for descriptors of sections the scanner skips (no section has code 0). */
    private static final int OTHER_SECTION = 0;

    private byte[] buf;
    private int pos;
    private int end;

    private boolean bodyFound;
    private int bodyOffset;
    private int bodyLength;
    private boolean redelivered;
    private boolean hasStreamOffset;
    private long streamOffset;
    private String groupId;
    private byte[] lastGroupBytes = new byte[0];
    private String lastGroup;

    /**
     * Scans {@code length} bytes of {@code buffer} from {@code offset}. A message that cannot be
     * parsed yields its whole encoding as the body, no group-id and no redelivery flag.
     *
     * @return false if the encoding was malformed
     */
    boolean scan(byte[] buffer, int offset, int length) {
        buf = buffer;
        pos = offset;
        end = offset + length;
        bodyFound = false;
        bodyOffset = offset;
        bodyLength = 0;
        redelivered = false;
        hasStreamOffset = false;
        groupId = null;
        try {
            while (pos < end) {
                section();
            }
            return true; // without a Data section (an AmqpValue, say) the body is empty
        } catch (MalformedException | ArrayIndexOutOfBoundsException e) {
            bodyOffset = offset;
            bodyLength = length;
            redelivered = false;
            groupId = null;
            return false;
        }
    }

    /** Start of the first Data section's bytes in the scanned buffer. */
    int bodyOffset() {
        return bodyOffset;
    }

    /** Length of the first Data section, 0 if the message has none. */
    int bodyLength() {
        return bodyLength;
    }

    /** True if the header says the message was delivered before (first-acquirer false or delivery-count above 0). */
    boolean redelivered() {
        return redelivered;
    }

    /** Whether the message annotations carry {@code x-stream-offset} (a delivery from a stream). */
    boolean hasStreamOffset() {
        return hasStreamOffset;
    }

    /** The {@code x-stream-offset} annotation; meaningful when {@link #hasStreamOffset()}. */
    long streamOffset() {
        return streamOffset;
    }

    /** The {@code group-id} property, or null if the message has none. */
    String groupId() {
        return groupId;
    }

    private void section() {
        if (u8() != 0x00) {
            throw new MalformedException();
        }
        int code = descriptorCode();
        switch (code) {
            case HEADER -> header();
            case MESSAGE_ANNOTATIONS -> annotations();
            case PROPERTIES -> properties();
            case DATA -> data();
            default -> skipValue();
        }
    }

    /** The numeric descriptor of a section; symbolic descriptors are mapped to their codes. */
    private int descriptorCode() {
        int c = u8();
        switch (c) {
            case 0x53:
                return u8();
            case 0x80: {
                long v = u64();
                return v > 0 && v <= 0xff ? (int) v : OTHER_SECTION;
            }
            case 0x44:
                return OTHER_SECTION;
            case 0xa3:
            case 0xb3: {
                int n = c == 0xa3 ? u8() : u32();
                String name = new String(buf, take(n), n, StandardCharsets.US_ASCII);
                return switch (name) {
                    case "amqp:header:list" -> HEADER;
                    case "amqp:message-annotations:map" -> MESSAGE_ANNOTATIONS;
                    case "amqp:properties:list" -> PROPERTIES;
                    case "amqp:data:binary" -> DATA;
                    default -> OTHER_SECTION;
                };
            }
            default:
                throw new MalformedException();
        }
    }

    private void header() {
        int count = listStart();
        for (int i = 0; i < count; i++) {
            if (i == FIRST_ACQUIRER_FIELD) {
                int c = u8();
                if (c == 0x42 || (c == 0x56 && u8() == 0)) {
                    redelivered = true;
                } else if (c != 0x41 && c != 0x40 && c != 0x56) {
                    throw new MalformedException();
                }
            } else if (i == DELIVERY_COUNT_FIELD) {
                int c = u8();
                long count4 = switch (c) {
                    case 0x40, 0x43 -> 0;
                    case 0x52 -> u8();
                    case 0x70 -> i32() & 0xffffffffL;
                    default -> throw new MalformedException();
                };
                redelivered |= count4 > 0;
            } else {
                skipValue();
            }
        }
    }

    /** The message annotations: a map whose {@code x-stream-offset} (a symbol, or a string from 3.10) is read. */
    private void annotations() {
        int c = u8();
        int count = switch (c) {
            case 0xc1 -> {
                u8();
                yield u8();
            }
            case 0xd1 -> {
                u32();
                yield u32();
            }
            default -> throw new MalformedException();
        };
        for (int i = 0; i < count / 2; i++) {
            int k = u8();
            boolean offsetKey = false;
            if (k == 0xa3 || k == 0xa1 || k == 0xb3 || k == 0xb1) {
                int n = k == 0xa3 || k == 0xa1 ? u8() : u32();
                int start = take(n);
                offsetKey = Arrays.equals(buf, start, start + n, STREAM_OFFSET_KEY, 0, STREAM_OFFSET_KEY.length);
            } else {
                pos--;
                skipValue();
            }
            if (offsetKey) {
                readStreamOffset();
            } else {
                skipValue();
            }
        }
    }

    private void readStreamOffset() {
        int c = u8();
        long v = switch (c) {
            case 0x81, 0x80 -> u64(); // long, ulong
            case 0x55, 0x53 -> c == 0x55 ? (byte) u8() : u8(); // smalllong, smallulong
            case 0x44 -> 0; // ulong0
            case 0x71, 0x70 -> c == 0x71 ? i32() : i32() & 0xffffffffL; // int, uint
            case 0x54, 0x52 -> c == 0x54 ? (byte) u8() : u8(); // smallint, smalluint
            case 0x43 -> 0; // uint0
            default -> throw new MalformedException();
        };
        hasStreamOffset = true;
        streamOffset = v;
    }

    private void properties() {
        int count = listStart();
        for (int i = 0; i < count; i++) {
            if (i == GROUP_ID_FIELD) {
                int c = u8();
                if (c == 0xa1 || c == 0xb1) {
                    int n = c == 0xa1 ? u8() : u32();
                    groupId = cachedString(take(n), n);
                } else if (c != 0x40) {
                    throw new MalformedException();
                }
            } else {
                skipValue();
            }
        }
    }

    private void data() {
        int c = u8();
        int n = switch (c) {
            case 0xa0 -> u8();
            case 0xb0 -> u32();
            default -> throw new MalformedException();
        };
        int start = take(n);
        if (!bodyFound) {
            bodyFound = true;
            bodyOffset = start;
            bodyLength = n;
        }
    }

    /** Reads a list constructor and its size; returns the element count, positioned at the first element. */
    private int listStart() {
        int c = u8();
        return switch (c) {
            case 0x45 -> 0;
            case 0xc0 -> {
                u8();
                yield u8();
            }
            case 0xd0 -> {
                u32();
                yield u32();
            }
            default -> throw new MalformedException();
        };
    }

    private void skipValue() {
        int c = u8();
        if (c == 0x00) {
            skipValue(); // descriptor
            skipValue(); // described value
            return;
        }
        int width = c >> 4;
        switch (width) {
            case 0x4 -> { }
            case 0x5 -> take(1);
            case 0x6 -> take(2);
            case 0x7 -> take(4);
            case 0x8 -> take(8);
            case 0x9 -> take(16);
            case 0xa, 0xc, 0xe -> take(u8());
            case 0xb, 0xd, 0xf -> take(u32());
            default -> throw new MalformedException();
        }
    }

    private String cachedString(int start, int n) {
        if (lastGroup != null && Arrays.equals(buf, start, start + n, lastGroupBytes, 0, lastGroupBytes.length)) {
            return lastGroup;
        }
        lastGroupBytes = Arrays.copyOfRange(buf, start, start + n);
        lastGroup = new String(lastGroupBytes, StandardCharsets.UTF_8);
        return lastGroup;
    }

    /** Advances past {@code n} bytes; returns where they start. */
    private int take(int n) {
        if (n < 0 || n > end - pos) {
            throw new MalformedException();
        }
        int start = pos;
        pos += n;
        return start;
    }

    private int u8() {
        if (pos >= end) {
            throw new MalformedException();
        }
        return buf[pos++] & 0xff;
    }

    private int i32() {
        int start = take(4);
        return ((buf[start] & 0xff) << 24) | ((buf[start + 1] & 0xff) << 16) | ((buf[start + 2] & 0xff) << 8)
                | (buf[start + 3] & 0xff);
    }

    /** A 4-byte size or count. */
    private int u32() {
        int v = i32();
        if (v < 0) {
            throw new MalformedException(); // sizes above 2 GiB do not occur in a message we can hold
        }
        return v;
    }

    private long u64() {
        long hi = i32() & 0xffffffffL;
        return (hi << 32) | (i32() & 0xffffffffL);
    }

    /** The encoding is not a well-formed AMQP 1.0 message; carries no stack trace (it is control flow). */
    private static final class MalformedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedException() {
            super(null, null, false, false);
        }
    }
}
