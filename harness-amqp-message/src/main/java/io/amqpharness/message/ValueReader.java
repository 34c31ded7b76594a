package io.amqpharness.message;

import io.amqpharness.message.MessageScanner.MalformedException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Reads AMQP 1.0 values from a range of a byte array: steps over any value by its encoded size,
 * reads sizes and whole numbers, and decodes simple values (application properties). Throws
 * {@link MalformedException} for a constructor that is not there or bytes beyond the range. Not
 * thread-safe; allocation-free but for {@link #simple()} and {@link #mapAt}.
 */
final class ValueReader {
    private byte[] buf;
    private int pos;
    private int end;

    void reset(byte[] buffer, int from, int to) {
        buf = buffer;
        pos = from;
        end = to;
    }

    byte[] buffer() {
        return buf;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return end - pos;
    }

    /** Steps back over the constructor just read. */
    void back() {
        pos--;
    }

    /** Advances past {@code n} bytes; returns where they start. */
    int take(int n) {
        if (n < 0 || n > end - pos) {
            throw new MalformedException();
        }
        int start = pos;
        pos += n;
        return start;
    }

    int u8() {
        if (pos >= end) {
            throw new MalformedException();
        }
        return buf[pos++] & 0xff;
    }

    int i32() {
        int s = take(4);
        return (buf[s] & 0xff) << 24 | (buf[s + 1] & 0xff) << 16 | (buf[s + 2] & 0xff) << 8 | (buf[s + 3] & 0xff);
    }

    /** A 4-byte size or count (sizes above 2 GiB do not occur in a message a Java array holds). */
    int u32() {
        int v = i32();
        if (v < 0) {
            throw new MalformedException();
        }
        return v;
    }

    long u64() {
        long hi = i32() & 0xffffffffL;
        return hi << 32 | (i32() & 0xffffffffL);
    }

    /** Reads a list's constructor and size; returns its element count, positioned at the first element. */
    int listStart() {
        return switch (u8()) {
            case AmqpCodes.LIST0 -> 0;
            case AmqpCodes.LIST8 -> {
                u8();
                yield u8();
            }
            case AmqpCodes.LIST32 -> {
                u32();
                yield u32();
            }
            default -> throw new MalformedException();
        };
    }

    /** Reads a map's constructor and size; returns its count (keys and values), positioned at the first key. */
    int mapStart() {
        return switch (u8()) {
            case AmqpCodes.MAP8 -> {
                u8();
                yield u8();
            }
            case AmqpCodes.MAP32 -> {
                u32();
                yield u32();
            }
            default -> throw new MalformedException();
        };
    }

    /** Steps over one value, a described one with its descriptor, by the size its constructor gives. */
    void skipValue() {
        int c = u8();
        if (c == AmqpCodes.DESCRIBED) {
            skipValue(); // descriptor
            skipValue(); // described value
            return;
        }
        switch (c >> 4) {
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

    /** A whole number of any integer encoding (unsigned ones above 2^63 - 1 wrap). */
    long wholeNumber() {
        int c = u8();
        return switch (c) {
            case AmqpCodes.LONG, AmqpCodes.ULONG -> u64();
            case AmqpCodes.SMALL_LONG, AmqpCodes.BYTE -> (byte) u8();
            case AmqpCodes.SMALL_ULONG, AmqpCodes.SMALL_UINT, AmqpCodes.UBYTE -> u8();
            case AmqpCodes.ULONG0, AmqpCodes.UINT0 -> 0;
            case AmqpCodes.INT -> i32();
            case AmqpCodes.UINT -> i32() & 0xffffffffL;
            case AmqpCodes.SMALL_INT -> (byte) u8();
            case AmqpCodes.SHORT -> (short) (u8() << 8 | u8());
            case AmqpCodes.USHORT -> u8() << 8 | u8();
            default -> throw new MalformedException();
        };
    }

    /** Decodes the map at {@code at} of the current range into string keys and {@link #simple()} values. */
    Map<String, Object> mapAt(int at) {
        pos = at;
        int count = mapStart();
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < count / 2; i++) {
            if (!(simple() instanceof String key)) {
                throw new MalformedException();
            }
            map.put(key, simple());
        }
        return map;
    }

    /** A simple value, as AMQP 1.0 allows in application properties, typed as {@link MessageScanner#applicationProperties()} says. */
    Object simple() {
        int c = u8();
        return switch (c) {
            case AmqpCodes.NULL -> null;
            case AmqpCodes.TRUE -> Boolean.TRUE;
            case AmqpCodes.FALSE -> Boolean.FALSE;
            case AmqpCodes.BOOLEAN -> u8() != 0;
            case AmqpCodes.BYTE -> (byte) u8();
            case AmqpCodes.UBYTE -> (short) u8();
            case AmqpCodes.SHORT -> (short) (u8() << 8 | u8());
            case AmqpCodes.USHORT -> u8() << 8 | u8();
            case AmqpCodes.INT -> i32();
            case AmqpCodes.SMALL_INT -> (int) (byte) u8();
            case AmqpCodes.UINT -> i32() & 0xffffffffL;
            case AmqpCodes.SMALL_UINT -> (long) u8();
            case AmqpCodes.UINT0 -> 0L;
            case AmqpCodes.LONG -> u64();
            case AmqpCodes.SMALL_LONG -> (long) (byte) u8();
            case AmqpCodes.ULONG -> {
                long v = u64();
                yield v >= 0 ? (Object) v : new BigInteger(Long.toUnsignedString(v));
            }
            case AmqpCodes.SMALL_ULONG -> (long) u8();
            case AmqpCodes.ULONG0 -> 0L;
            case AmqpCodes.FLOAT -> Float.intBitsToFloat(i32());
            case AmqpCodes.DOUBLE -> Double.longBitsToDouble(u64());
            case AmqpCodes.CHAR -> new String(Character.toChars(i32()));
            case AmqpCodes.TIMESTAMP -> u64(); // milliseconds since the epoch, as protonj2 gives it
            case AmqpCodes.UUID -> new UUID(u64(), u64());
            case AmqpCodes.DECIMAL32, AmqpCodes.DECIMAL64, AmqpCodes.DECIMAL128 -> {
                int n = c == AmqpCodes.DECIMAL32 ? 4 : c == AmqpCodes.DECIMAL64 ? 8 : 16;
                int s = take(n);
                yield Arrays.copyOfRange(buf, s, s + n);
            }
            case AmqpCodes.VBIN8, AmqpCodes.VBIN32 -> {
                int n = c == AmqpCodes.VBIN8 ? u8() : u32();
                int s = take(n);
                yield Arrays.copyOfRange(buf, s, s + n);
            }
            case AmqpCodes.STR8, AmqpCodes.STR32, AmqpCodes.SYM8, AmqpCodes.SYM32 -> {
                int n = c == AmqpCodes.STR8 || c == AmqpCodes.SYM8 ? u8() : u32();
                yield new String(buf, take(n), n, c == AmqpCodes.STR8 || c == AmqpCodes.STR32
                        ? StandardCharsets.UTF_8 : StandardCharsets.US_ASCII);
            }
            default -> throw new MalformedException();
        };
    }
}
