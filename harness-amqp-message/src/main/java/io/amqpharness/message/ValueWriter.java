package io.amqpharness.message;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes AMQP 1.0 values in the encodings protonj2 chooses (the smallest that fits), for the
 * sections a publisher encodes once; not used per message. Not thread-safe.
 */
final class ValueWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    byte[] toByteArray() {
        return out.toByteArray();
    }

    ValueWriter code(int constructor) {
        out.write(constructor);
        return this;
    }

    /** A section: the described constructor, its small-ulong descriptor, then the value to follow. */
    ValueWriter section(int descriptor) {
        return code(AmqpCodes.DESCRIBED).code(AmqpCodes.SMALL_ULONG).code(descriptor);
    }

    ValueWriter bytes(byte[] b) {
        out.writeBytes(b);
        return this;
    }

    private void int32(int v) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    private void int64(long v) {
        int32((int) (v >>> 32));
        int32((int) v);
    }

    ValueWriter bool(boolean v) {
        return code(v ? AmqpCodes.TRUE : AmqpCodes.FALSE);
    }

    ValueWriter ubyte(int v) {
        return code(AmqpCodes.UBYTE).code(v);
    }

    ValueWriter uint(long v) {
        if (v == 0) {
            return code(AmqpCodes.UINT0);
        }
        if (v <= 0xff) {
            return code(AmqpCodes.SMALL_UINT).code((int) v);
        }
        code(AmqpCodes.UINT);
        int32((int) v);
        return this;
    }

    ValueWriter long64(long v) {
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            return code(AmqpCodes.SMALL_LONG).code((int) v);
        }
        code(AmqpCodes.LONG);
        int64(v);
        return this;
    }

    ValueWriter string(String s) {
        return variable(AmqpCodes.STR8, AmqpCodes.STR32, s.getBytes(StandardCharsets.UTF_8));
    }

    ValueWriter symbol(String s) {
        return variable(AmqpCodes.SYM8, AmqpCodes.SYM32, s.getBytes(StandardCharsets.US_ASCII));
    }

    private ValueWriter variable(int small, int large, byte[] b) {
        if (b.length <= 0xff) {
            code(small).code(b.length);
        } else {
            code(large);
            int32(b.length);
        }
        return bytes(b);
    }

    /** A list of these already encoded elements (an empty one as a {@code list8}, as protonj2 writes a header). */
    ValueWriter list(List<byte[]> elements) {
        return compound(AmqpCodes.LIST8, AmqpCodes.LIST32, elements.size(), elements);
    }

    /** A list of these already encoded elements in the 4-byte size encoding, as protonj2 writes properties. */
    ValueWriter list32(List<byte[]> elements) {
        return compound(AmqpCodes.LIST32, AmqpCodes.LIST32, elements.size(), elements);
    }

    /** A map of these already encoded keys and values, in turn. */
    ValueWriter map(List<byte[]> keysAndValues) {
        return compound(AmqpCodes.MAP8, AmqpCodes.MAP32, keysAndValues.size(), keysAndValues);
    }

    /** As {@link #map}, in the 4-byte size encoding. */
    ValueWriter map32(List<byte[]> keysAndValues) {
        return compound(AmqpCodes.MAP32, AmqpCodes.MAP32, keysAndValues.size(), keysAndValues);
    }

    /** A list or map: its size counts the count's bytes and the elements'. */
    private ValueWriter compound(int small, int large, int count, List<byte[]> elements) {
        int size = elements.stream().mapToInt(e -> e.length).sum();
        if (small != large && size + 1 <= 0xff && count <= 0xff) {
            code(small).code(size + 1).code(count);
        } else {
            code(large);
            int32(size + 4);
            int32(count);
        }
        elements.forEach(this::bytes);
        return this;
    }

    /**
     * An application property's value: a string, a boolean, a whole number (as protonj2 writes a
     * Java {@code Long}, {@code Integer}, {@code Short} or {@code Byte}), a float or double, a
     * binary, a UUID, a timestamp ({@code Date}) or null.
     *
     * @throws IllegalArgumentException for another type
     */
    ValueWriter simple(Object v) {
        if (v == null) {
            return code(AmqpCodes.NULL);
        } else if (v instanceof String s) {
            return string(s);
        } else if (v instanceof Boolean b) {
            return bool(b);
        } else if (v instanceof Long l) {
            return long64(l);
        } else if (v instanceof Integer i) {
            if (i >= Byte.MIN_VALUE && i <= Byte.MAX_VALUE) {
                return code(AmqpCodes.SMALL_INT).code(i);
            }
            code(AmqpCodes.INT);
            int32(i);
            return this;
        } else if (v instanceof Short s) {
            code(AmqpCodes.SHORT);
            out.write(s >>> 8);
            out.write(s);
            return this;
        } else if (v instanceof Byte b) {
            return code(AmqpCodes.BYTE).code(b);
        } else if (v instanceof Double d) {
            code(AmqpCodes.DOUBLE);
            int64(Double.doubleToRawLongBits(d));
            return this;
        } else if (v instanceof Float f) {
            code(AmqpCodes.FLOAT);
            int32(Float.floatToRawIntBits(f));
            return this;
        } else if (v instanceof byte[] b) {
            return variable(AmqpCodes.VBIN8, AmqpCodes.VBIN32, b);
        } else if (v instanceof UUID u) {
            code(AmqpCodes.UUID);
            int64(u.getMostSignificantBits());
            int64(u.getLeastSignificantBits());
            return this;
        } else if (v instanceof Date d) {
            code(AmqpCodes.TIMESTAMP);
            int64(d.getTime());
            return this;
        }
        throw new IllegalArgumentException("An application property cannot be a " + v.getClass().getSimpleName()
                + "; use a string, a number or a boolean, such as region=eu.");
    }

    /** One value on its own. */
    static byte[] encode(java.util.function.Consumer<ValueWriter> write) {
        ValueWriter w = new ValueWriter();
        write.accept(w);
        return w.toByteArray();
    }

    /** The application properties section of these entries, in their order; {@code wide}: a map32 whatever its size. */
    static byte[] applicationProperties(Map<String, ?> entries, boolean wide) {
        List<byte[]> kv = new java.util.ArrayList<>();
        entries.forEach((k, v) -> {
            kv.add(encode(w -> w.string(k)));
            kv.add(encode(w -> w.simple(v)));
        });
        ValueWriter w = new ValueWriter().section(AmqpCodes.APPLICATION_PROPERTIES);
        return (wide ? w.map32(kv) : w.map(kv)).toByteArray();
    }
}
