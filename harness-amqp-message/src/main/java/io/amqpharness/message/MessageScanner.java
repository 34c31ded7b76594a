package io.amqpharness.message;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Finds what the harness needs in an encoded AMQP 1.0 message without decoding it: where the body
 * (the first data section) lies, the {@code group-id} property (the publisher identity, see
 * docs/payload.md), whether the broker delivered the message before (the header's
 * {@code first-acquirer} false or {@code delivery-count} above 0), the {@code x-stream-offset}
 * message annotation and, on demand, the application properties ({@link #applicationProperties()}).
 * It reads every shape the drivers meet: deliveries of classic queues, quorum queues and streams
 * from RabbitMQ 3.x and 4.x over AMQP 1.0, and stream messages as the stream protocol stores them,
 * whatever client wrote them; numeric and symbolic section descriptors alike.
 *
 * <p>Why not a full decoder: RabbitMQ 3.10 encodes the {@code x-stream-offset} key of a stream
 * delivery as a string instead of a symbol, which protonj2 refuses to decode. Scanning skips the
 * annotations by their encoded size, so it reads every queue type of both broker generations, and
 * it leaves the body in place instead of copying it twice.
 *
 * <p>Not thread-safe: one instance per consumer (or thread), reused for every message. The only
 * allocation is the group-id string, and only when it differs from the previous message's.
 */
public final class MessageScanner {
    private static final byte[] STREAM_OFFSET_KEY = "x-stream-offset".getBytes(StandardCharsets.US_ASCII);
    /** Returned for descriptors of sections the scanner skips (no section has code 0). */
    private static final int OTHER_SECTION = 0;

    private final ValueReader in = new ValueReader();
    private int dataSections;
    private boolean otherBody;
    private int bodyOffset;
    private int bodyLength;
    private boolean redelivered;
    private boolean hasStreamOffset;
    private long streamOffset;
    private String groupId;
    private boolean hasApplicationProperties;
    private int applicationPropertiesAt;
    private byte[] lastGroupBytes = new byte[0];
    private String lastGroup;

    /**
     * Scans {@code length} bytes of {@code buffer} from {@code offset}. A message that cannot be
     * parsed yields its whole encoding as the body, no group-id and no redelivery flag.
     *
     * @return false if the encoding was malformed
     */
    public boolean scan(byte[] buffer, int offset, int length) {
        in.reset(buffer, offset, offset + length);
        dataSections = 0;
        otherBody = false;
        bodyOffset = offset;
        bodyLength = 0;
        redelivered = false;
        hasStreamOffset = false;
        groupId = null;
        hasApplicationProperties = false;
        try {
            while (in.remaining() > 0) {
                section();
            }
            return true; // without a data section (an amqp-value, say) the body is empty
        } catch (MalformedException | ArrayIndexOutOfBoundsException e) {
            dataSections = 0;
            bodyOffset = offset;
            bodyLength = length;
            redelivered = false;
            hasStreamOffset = false;
            groupId = null;
            hasApplicationProperties = false;
            return false;
        }
    }

    /** Start of the first data section's bytes in the scanned buffer. */
    public int bodyOffset() {
        return bodyOffset;
    }

    /** Length in bytes of the first data section, 0 if the message has none. */
    public int bodyLength() {
        return bodyLength;
    }

    /**
     * True if the body is exactly one data section: no other data section and no
     * {@code amqp-value} or {@code amqp-sequence} (which a reader that wants the body as
     * written then decodes in full).
     */
    public boolean singleDataBody() {
        return dataSections == 1 && !otherBody;
    }

    /** True if the header says the message was delivered before (first-acquirer false or delivery-count above 0). */
    public boolean redelivered() {
        return redelivered;
    }

    /** Whether the message annotations carry {@code x-stream-offset} (a delivery from a stream over AMQP 1.0). */
    public boolean hasStreamOffset() {
        return hasStreamOffset;
    }

    /** The {@code x-stream-offset} annotation; meaningful when {@link #hasStreamOffset()}. */
    public long streamOffset() {
        return streamOffset;
    }

    /** The {@code group-id} property, or null if the message has none. */
    public String groupId() {
        return groupId;
    }

    /** Whether the message has an application-properties section. */
    public boolean hasApplicationProperties() {
        return hasApplicationProperties;
    }

    /**
     * The application properties of the message last scanned, decoded now (a new map on each
     * call; the buffer must not have changed since the scan), in their order. Empty if it has
     * none. Values: null; {@code Boolean}; {@code Byte}, {@code Short}, {@code Integer},
     * {@code Long}; unsigned numbers as the next wider type ({@code ubyte} a {@code Short},
     * {@code ushort} an {@code Integer}, {@code uint} a {@code Long}, {@code ulong} a {@code Long}
     * or, above 2^63 - 1, a {@code BigInteger}); {@code Float}, {@code Double}; a {@code char} as a
     * {@code String} of its code point; a timestamp as a {@code Long} of milliseconds since the epoch
     * (as protonj2 decodes it); {@code UUID}; a binary as
     * {@code byte[]}; a string or symbol as {@code String}; a decimal as the {@code byte[]} of its
     * IEEE 754 encoding.
     *
     * @throws IllegalArgumentException if the section cannot be decoded
     */
    public Map<String, Object> applicationProperties() {
        if (!hasApplicationProperties) {
            return Map.of();
        }
        try {
            return in.mapAt(applicationPropertiesAt);
        } catch (MalformedException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("The application properties are not a map of simple values.", e);
        }
    }

    /**
     * The application properties of the message in {@code length} bytes of {@code buffer} from
     * {@code offset}, as {@link #applicationProperties()} gives them; a scan of its own.
     *
     * @throws IllegalArgumentException if the message or the section cannot be decoded
     */
    public static Map<String, Object> applicationProperties(byte[] buffer, int offset, int length) {
        MessageScanner s = new MessageScanner();
        if (!s.scan(buffer, offset, length)) {
            throw new IllegalArgumentException("Not an AMQP 1.0 message.");
        }
        return s.applicationProperties();
    }

    private void section() {
        if (in.u8() != AmqpCodes.DESCRIBED) {
            throw new MalformedException();
        }
        switch (descriptorCode()) {
            case AmqpCodes.HEADER -> header();
            case AmqpCodes.MESSAGE_ANNOTATIONS -> annotations();
            case AmqpCodes.PROPERTIES -> properties();
            case AmqpCodes.APPLICATION_PROPERTIES -> {
                hasApplicationProperties = true;
                applicationPropertiesAt = in.position();
                in.skipValue();
            }
            case AmqpCodes.DATA -> data();
            case AmqpCodes.AMQP_VALUE, AmqpCodes.AMQP_SEQUENCE -> {
                otherBody = true;
                in.skipValue();
            }
            default -> in.skipValue();
        }
    }

    /** The numeric descriptor of a section; symbolic descriptors are mapped to their codes. */
    private int descriptorCode() {
        int c = in.u8();
        switch (c) {
            case AmqpCodes.SMALL_ULONG:
                return in.u8();
            case AmqpCodes.ULONG: {
                long v = in.u64();
                return v > 0 && v <= 0xff ? (int) v : OTHER_SECTION;
            }
            case AmqpCodes.ULONG0:
                return OTHER_SECTION;
            case AmqpCodes.SYM8:
            case AmqpCodes.SYM32: {
                int n = c == AmqpCodes.SYM8 ? in.u8() : in.u32();
                return switch (new String(in.buffer(), in.take(n), n, StandardCharsets.US_ASCII)) {
                    case "amqp:header:list" -> AmqpCodes.HEADER;
                    case "amqp:message-annotations:map" -> AmqpCodes.MESSAGE_ANNOTATIONS;
                    case "amqp:properties:list" -> AmqpCodes.PROPERTIES;
                    case "amqp:application-properties:map" -> AmqpCodes.APPLICATION_PROPERTIES;
                    case "amqp:data:binary" -> AmqpCodes.DATA;
                    case "amqp:amqp-sequence:list" -> AmqpCodes.AMQP_SEQUENCE;
                    case "amqp:amqp-value:*" -> AmqpCodes.AMQP_VALUE;
                    default -> OTHER_SECTION;
                };
            }
            default:
                throw new MalformedException();
        }
    }

    private void header() {
        int count = in.listStart();
        for (int i = 0; i < count; i++) {
            if (i == AmqpCodes.FIRST_ACQUIRER_FIELD) {
                int c = in.u8();
                if (c == AmqpCodes.FALSE || (c == AmqpCodes.BOOLEAN && in.u8() == 0)) {
                    redelivered = true;
                } else if (c != AmqpCodes.TRUE && c != AmqpCodes.NULL && c != AmqpCodes.BOOLEAN) {
                    throw new MalformedException();
                }
            } else if (i == AmqpCodes.DELIVERY_COUNT_FIELD) {
                int c = in.u8();
                long deliveryCount = switch (c) {
                    case AmqpCodes.NULL, AmqpCodes.UINT0 -> 0;
                    case AmqpCodes.SMALL_UINT -> in.u8();
                    case AmqpCodes.UINT -> in.i32() & 0xffffffffL;
                    default -> throw new MalformedException();
                };
                redelivered |= deliveryCount > 0;
            } else {
                in.skipValue();
            }
        }
    }

    /** The message annotations: a map whose {@code x-stream-offset} (a symbol, or a string from 3.10) is read. */
    private void annotations() {
        int count = in.mapStart();
        for (int i = 0; i < count / 2; i++) {
            int k = in.u8();
            boolean offsetKey = false;
            if (k == AmqpCodes.SYM8 || k == AmqpCodes.STR8 || k == AmqpCodes.SYM32 || k == AmqpCodes.STR32) {
                int n = k == AmqpCodes.SYM8 || k == AmqpCodes.STR8 ? in.u8() : in.u32();
                int start = in.take(n);
                offsetKey = Arrays.equals(in.buffer(), start, start + n, STREAM_OFFSET_KEY, 0, STREAM_OFFSET_KEY.length);
            } else {
                in.back();
                in.skipValue();
            }
            if (offsetKey) {
                streamOffset = in.wholeNumber();
                hasStreamOffset = true;
            } else {
                in.skipValue();
            }
        }
    }

    private void properties() {
        int count = in.listStart();
        for (int i = 0; i < count; i++) {
            if (i == AmqpCodes.GROUP_ID_FIELD) {
                int c = in.u8();
                if (c == AmqpCodes.STR8 || c == AmqpCodes.STR32) {
                    int n = c == AmqpCodes.STR8 ? in.u8() : in.u32();
                    groupId = cachedString(in.take(n), n);
                } else if (c != AmqpCodes.NULL) {
                    throw new MalformedException();
                }
            } else {
                in.skipValue();
            }
        }
    }

    private void data() {
        int c = in.u8();
        int n = switch (c) {
            case AmqpCodes.VBIN8 -> in.u8();
            case AmqpCodes.VBIN32 -> in.u32();
            default -> throw new MalformedException();
        };
        int start = in.take(n);
        if (dataSections++ == 0) {
            bodyOffset = start;
            bodyLength = n;
        }
    }

    private String cachedString(int start, int n) {
        byte[] buf = in.buffer();
        if (lastGroup != null && Arrays.equals(buf, start, start + n, lastGroupBytes, 0, lastGroupBytes.length)) {
            return lastGroup;
        }
        lastGroupBytes = Arrays.copyOfRange(buf, start, start + n);
        lastGroup = new String(lastGroupBytes, StandardCharsets.UTF_8);
        return lastGroup;
    }

    /** The encoding is not a well-formed AMQP 1.0 message; carries no stack trace (it is control flow). */
    static final class MalformedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedException() {
            super(null, null, false, false);
        }
    }
}
