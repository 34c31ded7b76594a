package io.amqpharness.amqp10.engine;

import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBuffer;
import org.apache.qpid.protonj2.engine.Engine;

/**
 * Hands what a socket read to the engine as whole frames, straight from the reader's array, so
 * that no read needs a buffer of its own. The engine keeps no reference to a whole frame once it
 * has taken it (it copies a transfer's payload and every value it decodes, and {@link TransferReader}
 * copies the payloads it decodes into a buffer of its own); what it would keep is a
 * slice of a frame that arrived only in part, and a protocol header followed by more bytes makes it
 * split the buffer it was given. So a read is cut into units (a protocol header, 8 bytes starting
 * with {@code AMQP}, alone; runs of frames, each with its 4-byte size), and the part of a unit that
 * has not fully arrived is copied into a small buffer of the connection's, completed by the next
 * reads, and handed over on its own.
 *
 * <p>A frame whose size cannot be right (below 8 bytes, or above the largest frame this end accepts)
 * is handed over with everything after it, for the engine to fail the connection as it did before.
 * The partial-unit buffer grows to the largest frame that arrived in parts and stays that size.
 * Used by the thread that reads the connection, under the engine lock.
 */
final class WholeFrames {
    static final int HEADER_BYTES = 8;
    private static final int MIN_FRAME_BYTES = 8;
    private static final byte HEADER_FIRST_BYTE = 'A';

    private final Engine engine;
    /** The part of a unit that arrived so far; empty between units. */
    private final ProtonBuffer partial = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(64);
    /** The reader's array, wrapped once (a reader reuses its array for every read). */
    private ProtonBuffer wrapped = new ProtonByteArrayBuffer(new byte[0]);
    private byte[] wrappedArray;

    WholeFrames(Engine engine) {
        this.engine = engine;
    }

    /** Hands the whole units among the first {@code length} bytes of {@code bytes} to the engine and keeps the rest. */
    void ingest(byte[] bytes, int length) {
        int at = 0;
        if (partial.isReadable()) {
            at = completePartial(bytes, length);
            int need = unitLength(partial);
            if (need == SIZE_NOT_ARRIVED || need > partial.getReadableBytes()) {
                return; // still incomplete: every byte of this read went into it
            }
            hand(partial, partial.getReadableBytes());
            partial.clear();
        }
        ProtonBuffer in = wrap(bytes);
        in.clear();
        in.setWriteOffset(length);
        in.setReadOffset(at);
        int whole;
        while (in.isReadable() && engine.isWritable() && (whole = complete(in)) > 0) {
            hand(in, whole);
        }
        if (in.isReadable() && engine.isWritable()) {
            partial.ensureWritable(in.getReadableBytes());
            partial.writeBytes(in);
        }
    }

    private ProtonBuffer wrap(byte[] bytes) {
        if (bytes != wrappedArray) {
            wrapped = new ProtonByteArrayBuffer(bytes); // once per array the reader uses
            wrappedArray = bytes;
        }
        return wrapped;
    }

    /** Moves bytes of this read into the partial unit until it is complete or the read is used up; returns how many. */
    private int completePartial(byte[] bytes, int length) {
        int at = 0;
        while (at < length) {
            int need = unitLength(partial);
            int have = partial.getReadableBytes();
            if (need != SIZE_NOT_ARRIVED && have >= need) {
                break;
            }
            int take = Math.min(length - at, need == SIZE_NOT_ARRIVED ? Integer.BYTES - have : need - have);
            partial.ensureWritable(take);
            partial.writeBytes(bytes, at, take);
            at += take;
        }
        return at;
    }

    /** Gives the engine the next {@code n} readable bytes of {@code b} and nothing after them. */
    private void hand(ProtonBuffer b, int n) {
        int end = b.getWriteOffset();
        int unitEnd = b.getReadOffset() + n;
        b.setWriteOffset(unitEnd);
        try {
            do {
                engine.ingest(b);
            } while (b.isReadable() && engine.isWritable());
        } finally {
            b.setWriteOffset(end);
            if (b.getReadOffset() < unitEnd) {
                b.setReadOffset(unitEnd); // the engine failed midway: what it did not take is dropped, as before
            }
        }
    }

    /** What {@link #unitLength} answers while a frame's size has not arrived: no unit is 0 bytes long. */
    static final int SIZE_NOT_ARRIVED = 0;

    /**
     * The length of the first unit of {@code b}'s readable bytes: 8 for a protocol header, a frame's
     * size, all readable bytes for a size that cannot be right, or {@link #SIZE_NOT_ARRIVED} while its size
     * has not arrived.
     */
    int unitLength(ProtonBuffer b) {
        int start = b.getReadOffset();
        int readable = b.getReadableBytes();
        if (readable >= 1 && b.getByte(start) == HEADER_FIRST_BYTE) {
            return HEADER_BYTES;
        }
        if (readable < Integer.BYTES) {
            return SIZE_NOT_ARRIVED;
        }
        long size = b.getInt(start) & 0xffffffffL;
        if (size < MIN_FRAME_BYTES || size > engine.connection().getMaxFrameSize()) {
            return readable;
        }
        return (int) size;
    }

    /**
     * The length of the whole units at the start of {@code b}'s readable bytes that can go to the
     * engine together: a protocol header alone, or a run of frames up to the next header or the
     * first frame not fully there; 0 if the first unit is not complete.
     */
    int complete(ProtonBuffer b) {
        int start = b.getReadOffset();
        int end = b.getWriteOffset();
        int first = unitLength(b);
        if (first == SIZE_NOT_ARRIVED || first > end - start) {
            return 0;
        }
        if (b.getByte(start) == HEADER_FIRST_BYTE) {
            return HEADER_BYTES;
        }
        int at = start;
        while (end - at >= Integer.BYTES && b.getByte(at) != HEADER_FIRST_BYTE) {
            long size = b.getInt(at) & 0xffffffffL;
            if (size < MIN_FRAME_BYTES || size > engine.connection().getMaxFrameSize()) {
                return end - start; // let the engine fail on it, with everything after it
            }
            if (size > end - at) {
                break;
            }
            at += (int) size;
        }
        return at - start;
    }
}
