package io.amqpharness.amqp10.engine;

import java.util.HashSet;
import java.util.Set;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBuffer;
import org.apache.qpid.protonj2.engine.AMQPPerformativeEnvelopePool;
import org.apache.qpid.protonj2.engine.ConnectionState;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineHandler;
import org.apache.qpid.protonj2.engine.EngineHandlerContext;
import org.apache.qpid.protonj2.engine.IncomingAMQPEnvelope;
import org.apache.qpid.protonj2.types.transport.Transfer;

/**
 * Decodes the transfer frames a receiver gets, as protonj2's frame decoder would, without its
 * per-frame allocations: one {@link Transfer} and one payload buffer (an array of the
 * connection's) are reused for every transfer, and the envelope comes from a pool of its own. What
 * stays per delivery is what the engine keeps: the delivery, and its tag ({@link SmallTag} for a
 * tag of up to 8 bytes: one object, no array).
 *
 * <p>It sits in the engine's pipeline just after protonj2's frame decoder, where input arrives as
 * whole frames ({@link WholeFrames}), and only once the broker's open has arrived. Of each run of
 * frames it takes the transfers that are a whole delivery in one frame, written in the encodings it
 * knows ({@code more}, {@code aborted}, {@code resume} not set, no {@code state}, no
 * {@code rcv-settle-mode}), and hands them to the engine as decoded; everything else goes to
 * protonj2's decoder, in order. A frame in an encoding it does not know (a symbolic descriptor
 * included), or a frame not whole, turns it off for the rest of the connection (protonj2 then
 * decodes everything, as before), and so does a link with a delivery in several frames until that
 * delivery's last frame. It reads every transfer, those with an extended frame header too: a
 * frame of a split delivery taken for a whole one would reach protonj2's delivery as a second
 * payload, which fails the engine.
 *
 * <p>The payload buffer is the engine's until the delivery is read: the consumer reads each
 * delivery as it arrives ({@code Amqp10Consumer}), after which the engine drops the buffer and the
 * next transfer reuses it. If a delivery keeps its bytes unread (a consumer not started yet), the
 * buffer is left to it and a new one, the size of that payload, is made for the next transfer. Engine
 * lock only.
 */
final class TransferReader implements EngineHandler {
    private static final int FRAME_HEADER_BYTES = 8;
    private static final int AMQP_FRAME = 0;
    private static final long TRANSFER = 0x14;
    /** The codes of the encodings read here (AMQP 1.0, part 1, section 1.6). */
    private static final int NULL = 0x40;
    private static final int TRUE = 0x41;
    private static final int FALSE = 0x42;
    private static final int BOOLEAN = 0x56;
    private static final int UINT0 = 0x43;
    private static final int SMALLUINT = 0x52;
    private static final int UINT = 0x70;
    private static final int SMALLULONG = 0x53;
    private static final int ULONG0 = 0x44;
    private static final int ULONG = 0x80;
    private static final int VBIN8 = 0xa0;
    private static final int VBIN32 = 0xb0;
    private static final int LIST8 = 0xc0;
    private static final int LIST32 = 0xd0;
    /** What a field's parse answers for a null (fields are unsigned, so no value is negative). */
    private static final long ABSENT = -1;
    /** What a field's parse answers for an encoding not read here. */
    private static final long UNKNOWN = -2;

    private final Engine engine;
    private final AMQPPerformativeEnvelopePool<IncomingAMQPEnvelope> envelopes =
            AMQPPerformativeEnvelopePool.incomingEnvelopePool();
    private final Transfer transfer = new Transfer();
    /** Links (channel and handle) with a delivery in several frames under way: protonj2 decodes theirs. */
    private final Set<Long> split = new HashSet<>();
    private static final int FIRST_PAYLOAD_BYTES = 256;
    private byte[] payloadArray = new byte[FIRST_PAYLOAD_BYTES];
    private ProtonBuffer payload = new ProtonByteArrayBuffer(payloadArray);
    private boolean off;
    private long decoded;
    /** Where the parse of the current frame is, and where its list ends. */
    private int at;
    private int listEnd;
    private int fields;
    private ProtonBuffer in;

    private TransferReader(Engine engine) {
        this.engine = engine;
    }

    /**
     * Puts a new instance into {@code engine}'s pipeline just before its last handler, the frame
     * encoder; before the engine starts, and before any other handler goes there, so that it is the
     * first after protonj2's frame decoder (input goes from the last handler to the first).
     */
    static TransferReader install(Engine engine) {
        return BeforeEncoder.install(engine, "harness-transfer-reader", new TransferReader(engine));
    }

    /** How many transfers were decoded here (the rest went to protonj2's decoder). */
    long decoded() {
        return decoded;
    }

    /** True once a frame it could not read turned it off for the rest of the connection. */
    boolean off() {
        return off;
    }

    @Override
    public void handleRead(EngineHandlerContext ctx, ProtonBuffer buffer) {
        if (off || engine.connection().getRemoteState() != ConnectionState.ACTIVE) {
            ctx.fireRead(buffer);
            return;
        }
        int end = buffer.getWriteOffset();
        int pending = buffer.getReadOffset(); // start of the frames not handed on yet
        int frame = pending;
        try {
            while (frame < end && !off && engine.isWritable()) {
                if (end - frame < FRAME_HEADER_BYTES || buffer.getByte(frame) == 'A') {
                    off = true; // not whole frames: protonj2 takes everything from here on
                    break;
                }
                long size = buffer.getInt(frame) & 0xffffffffL;
                if (size < FRAME_HEADER_BYTES || size > end - frame) {
                    off = true;
                    break;
                }
                int frameEnd = frame + (int) size;
                // The body starts after the extended header, if any (doff above 2): every transfer is
                // read here, so that none that starts a split delivery goes by unseen. A doff below 2,
                // or beyond the frame, is protonj2's to fail on.
                int bodyStart = frame + 4 * (buffer.getByte(frame + 4) & 0xff);
                if (buffer.getByte(frame + 5) == AMQP_FRAME && bodyStart >= frame + FRAME_HEADER_BYTES
                        && bodyStart < frameEnd) {
                    int channel = buffer.getShort(frame + 6) & 0xffff;
                    int kind = parse(buffer, bodyStart, frameEnd, channel);
                    if (kind == MINE) {
                        if (pending < frame) {
                            handOn(ctx, buffer, pending, frame);
                            if (!engine.isWritable()) {
                                pending = buffer.getReadOffset();
                                break;
                            }
                        }
                        deliver(ctx, buffer, channel, frameEnd);
                        pending = frameEnd;
                    }
                }
                frame = frameEnd;
            }
        } finally {
            in = null;
        }
        buffer.setReadOffset(pending);
        if (buffer.isReadable()) {
            ctx.fireRead(buffer); // protonj2 decodes the rest, and fails the engine on what cannot be right
        }
    }

    /** Gives protonj2's decoder the frames from {@code from} to {@code to} of {@code buffer}, and nothing after. */
    private static void handOn(EngineHandlerContext ctx, ProtonBuffer buffer, int from, int to) {
        int end = buffer.getWriteOffset();
        buffer.setReadOffset(from);
        buffer.setWriteOffset(to);
        try {
            ctx.fireRead(buffer);
        } finally {
            buffer.setWriteOffset(end);
        }
    }

    private void deliver(EngineHandlerContext ctx, ProtonBuffer buffer, int channel, int frameEnd) {
        int n = frameEnd - listEnd;
        ProtonBuffer p = null;
        if (n > 0) {
            if (n > payloadArray.length) {
                payloadArray = new byte[Math.max(n, payloadArray.length * 2)];
                payload = new ProtonByteArrayBuffer(payloadArray);
            }
            p = payload;
            p.clear();
            buffer.copyInto(listEnd, payloadArray, 0, n);
            p.setWriteOffset(n);
        }
        buffer.setReadOffset(frameEnd);
        decoded++;
        ctx.fireRead(envelopes.take(transfer, channel, p));
        if (p != null && (p.isReadable() || p.isClosed())) {
            // The delivery keeps it (its bytes not read yet): it is the delivery's now. The next one
            // is as large as this payload, not as the largest so far (it grows again as needed):
            // deliveries left unread after a large one do not each keep an array of its size.
            payloadArray = new byte[Math.max(FIRST_PAYLOAD_BYTES, n)];
            payload = new ProtonByteArrayBuffer(payloadArray);
        }
    }

    private static final int MINE = 0;
    private static final int NOT_MINE = 1;

    /**
     * Reads the performative at {@code start} into the reused transfer if it is one to decode here
     * ({@link #MINE}); else answers {@link #NOT_MINE}, having turned this reader off if it could not
     * tell what the frame is or whether it ends a split delivery.
     */
    private int parse(ProtonBuffer b, int start, int frameEnd, int channel) {
        in = b;
        at = start;
        if (frameEnd - at < 3 || b.getByte(at) != 0) {
            return NOT_MINE; // not a described performative: protonj2 will say so
        }
        at++;
        int d = u8();
        long descriptor;
        if (d == SMALLULONG) {
            descriptor = u8();
        } else if (d == ULONG && frameEnd - at >= 8) {
            descriptor = b.getLong(at);
            at += 8;
        } else if (d == ULONG0) {
            descriptor = 0;
        } else {
            // A symbolic descriptor, say: it may be a transfer that starts a split delivery, whose
            // later frames must go to protonj2 too; not knowing, protonj2 decodes everything from here.
            return unknown();
        }
        if (descriptor != TRANSFER) {
            return NOT_MINE;
        }
        if (!list(frameEnd)) {
            return unknown();
        }
        Transfer t = transfer;
        clear(t);
        long handle = field(UINT_FIELD);
        if (handle < 0) {
            return unknown(); // mandatory
        }
        t.setHandle(handle);
        long deliveryId = field(UINT_FIELD);
        long tag = field(BINARY_FIELD);
        int tagStart = binaryStart;
        long format = field(UINT_FIELD);
        long settled = field(BOOLEAN_FIELD);
        long more = field(BOOLEAN_FIELD);
        long rcvSettleMode = field(NULL_FIELD);
        long state = field(NULL_FIELD);
        long resume = field(BOOLEAN_FIELD);
        long aborted = field(BOOLEAN_FIELD);
        long batchable = field(BOOLEAN_FIELD);
        if (deliveryId == UNKNOWN || tag == UNKNOWN || format == UNKNOWN || settled == UNKNOWN || more == UNKNOWN
                || rcvSettleMode == UNKNOWN || state == UNKNOWN || resume == UNKNOWN || aborted == UNKNOWN
                || batchable == UNKNOWN || fields != 0 || at != listEnd) {
            // An encoding not read here, more than 11 fields, or a rcv-settle-mode or state (never sent
            // to a receiver by RabbitMQ): without the fields after it, whether it ends a split delivery is unknown.
            return unknown();
        }
        long link = ((long) channel << 32) | handle;
        boolean partOfSplit = !split.isEmpty() && split.contains(link);
        boolean lastFrame = more != 1 || aborted == 1;
        if (partOfSplit || !lastFrame || aborted == 1 || resume == 1 || deliveryId < 0) {
            if (!lastFrame) {
                split.add(link);
            } else if (partOfSplit) {
                split.remove(link);
            }
            return NOT_MINE;
        }
        t.setDeliveryId(deliveryId);
        if (tag >= 0) {
            t.setDeliveryTag(SmallTag.of(b, tagStart, (int) tag));
        }
        if (format >= 0) {
            t.setMessageFormat(format);
        }
        if (settled >= 0) {
            t.setSettled(settled == 1);
        }
        if (more >= 0) {
            t.setMore(false);
        }
        if (batchable >= 0) {
            t.setBatchable(batchable == 1);
        }
        return MINE;
    }

    private int unknown() {
        off = true;
        return NOT_MINE;
    }

    private static void clear(Transfer t) {
        t.clearHandle().clearDeliveryId().clearDeliveryTag().clearMessageFormat().clearSettled().clearMore()
                .clearRcvSettleMode().clearState().clearResume().clearAborted().clearBatchable();
    }

    private int u8() {
        return in.getByte(at++) & 0xff;
    }

    /** Reads a list's head: sets {@link #listEnd} and {@link #fields}; false for another encoding. */
    private boolean list(int frameEnd) {
        if (at >= frameEnd) {
            return false;
        }
        int code = u8();
        long size;
        if (code == LIST8 && frameEnd - at >= 2) {
            size = u8();
            fields = u8();
            listEnd = at - 1 + (int) size;
        } else if (code == LIST32 && frameEnd - at >= 8) {
            size = in.getInt(at) & 0xffffffffL;
            fields = in.getInt(at + 4);
            at += 8;
            listEnd = (int) Math.min(Integer.MAX_VALUE, at - 4 + size);
        } else {
            return false;
        }
        return fields >= 0 && listEnd <= frameEnd && listEnd >= at;
    }

    private static final int UINT_FIELD = 0;
    private static final int BINARY_FIELD = 1;
    private static final int BOOLEAN_FIELD = 2;
    private static final int NULL_FIELD = 3;

    /** The next field of the list: ABSENT if the list has no more fields or a null, else its value read as {@code kind}. */
    private long field(int kind) {
        if (fields == 0) {
            return ABSENT;
        }
        fields--;
        if (at >= listEnd) {
            return UNKNOWN;
        }
        if ((in.getByte(at) & 0xff) == NULL) {
            at++;
            return ABSENT;
        }
        return switch (kind) {
            case UINT_FIELD -> uint();
            case BINARY_FIELD -> binary();
            case BOOLEAN_FIELD -> bool();
            default -> UNKNOWN; // a value where only a null is read here
        };
    }

    private long uint() {
        int code = u8();
        if (code == UINT0) {
            return 0;
        }
        if (code == SMALLUINT && listEnd - at >= 1) {
            return u8();
        }
        if (code == UINT && listEnd - at >= 4) {
            long v = in.getInt(at) & 0xffffffffL;
            at += 4;
            return v;
        }
        return UNKNOWN;
    }

    private long bool() {
        int code = u8();
        if (code == TRUE) {
            return 1;
        }
        if (code == FALSE) {
            return 0;
        }
        if (code == BOOLEAN && listEnd - at >= 1) {
            int v = u8();
            return v == 1 ? 1 : v == 0 ? 0 : UNKNOWN;
        }
        return UNKNOWN;
    }

    /** Where the last binary's bytes start. */
    private int binaryStart;

    /** A binary's length, leaving {@link #at} after it and {@link #binaryStart} at its bytes. */
    private long binary() {
        int code = u8();
        long n;
        if (code == VBIN8 && listEnd - at >= 1) {
            n = u8();
        } else if (code == VBIN32 && listEnd - at >= 4) {
            n = in.getInt(at) & 0xffffffffL;
            at += 4;
        } else {
            return UNKNOWN;
        }
        if (n > listEnd - at) {
            return UNKNOWN;
        }
        binaryStart = at;
        at += (int) n;
        return n;
    }
}
