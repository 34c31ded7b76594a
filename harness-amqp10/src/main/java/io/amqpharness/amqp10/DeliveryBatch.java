package io.amqpharness.amqp10;

import java.util.Arrays;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.engine.IncomingDelivery;

/**
 * Deliveries copied out of the engine to be handed over later: their bytes one after the other in
 * one array, with each one's tag, offset and length. Reused: {@link #clear()} keeps the arrays,
 * which grow to the largest batch. Not thread-safe.
 */
final class DeliveryBatch {
    private byte[] bytes = new byte[16 * 1024];
    private long[] tags = new long[64];
    private int[] offsets = new int[64];
    private int[] lengths = new int[64];
    private int used;
    private int size;

    /** Copies a delivery's readable bytes (null: none). */
    void add(long tag, ProtonBuffer payload) {
        int n = payload == null ? 0 : payload.getReadableBytes();
        int at = reserve(tag, n);
        if (n > 0) {
            payload.copyInto(payload.getReadOffset(), bytes, at, n);
        }
    }

    /**
     * Reads what a delivery holds straight into the batch, as {@link IncomingDelivery#readAll()}
     * would have taken it (the session's window accounting included) but without the buffer it
     * hands back.
     */
    void add(long tag, IncomingDelivery delivery) {
        int n = delivery.available();
        int at = reserve(tag, n);
        if (n > 0) {
            delivery.readBytes(bytes, at, n);
        }
    }

    /** Room for {@code n} more bytes and one more delivery, which is recorded; returns where its bytes go. */
    private int reserve(long tag, int n) {
        if (size == tags.length) {
            tags = Arrays.copyOf(tags, size * 2);
            offsets = Arrays.copyOf(offsets, size * 2);
            lengths = Arrays.copyOf(lengths, size * 2);
        }
        if (used + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + n));
        }
        int at = used;
        tags[size] = tag;
        offsets[size] = at;
        lengths[size] = n;
        used += n;
        size++;
        return at;
    }

    int size() {
        return size;
    }

    byte[] bytes() {
        return bytes;
    }

    long tag(int i) {
        return tags[i];
    }

    int offset(int i) {
        return offsets[i];
    }

    int length(int i) {
        return lengths[i];
    }

    void clear() {
        used = 0;
        size = 0;
    }
}
