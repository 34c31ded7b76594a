package io.amqpharness.amqp10.engine;

import java.util.Arrays;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.types.DeliveryTag;

/**
 * A delivery tag of up to 8 bytes held in a {@code long}: one object per delivery where protonj2's
 * tag is an object and an array. Equal to, and hashed as, protonj2's tag of the same bytes.
 * Immutable.
 */
final class SmallTag implements DeliveryTag {
    private final long bits;
    private final int length;

    private SmallTag(long bits, int length) {
        this.bits = bits;
        this.length = length;
    }

    /** The tag of the {@code length} bytes of {@code b} from {@code offset}: a {@link SmallTag} up to 8 bytes, else protonj2's. */
    static DeliveryTag of(ProtonBuffer b, int offset, int length) {
        if (length > Long.BYTES) {
            byte[] bytes = new byte[length];
            b.copyInto(offset, bytes, 0, length);
            return new ProtonDeliveryTag(bytes);
        }
        long bits = 0;
        for (int i = 0; i < length; i++) {
            bits = bits << 8 | (b.getByte(offset + i) & 0xff);
        }
        return new SmallTag(bits, length);
    }

    @Override
    public int tagLength() {
        return length;
    }

    @Override
    public byte[] tagBytes() {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (bits >>> (8 * (length - 1 - i)));
        }
        return bytes;
    }

    @Override
    public ProtonBuffer tagBuffer() {
        return ProtonBufferAllocator.defaultAllocator().copy(tagBytes()).convertToReadOnly();
    }

    @Override
    public DeliveryTag copy() {
        return this;
    }

    @Override
    public void writeTo(ProtonBuffer buffer) {
        for (int i = 0; i < length; i++) {
            buffer.writeByte((byte) (bits >>> (8 * (length - 1 - i))));
        }
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(tagBytes());
    }

    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof DeliveryTag t && Arrays.equals(tagBytes(), t.tagBytes());
    }

    @Override
    public String toString() {
        return "DeliveryTag: {" + Arrays.toString(tagBytes()) + "}";
    }
}
