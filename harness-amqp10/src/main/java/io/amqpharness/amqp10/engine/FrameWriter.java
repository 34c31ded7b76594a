package io.amqpharness.amqp10.engine;

import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.EncodeException;
import org.apache.qpid.protonj2.codec.PerformativeEncoder;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineHandler;
import org.apache.qpid.protonj2.engine.EngineHandlerContext;
import org.apache.qpid.protonj2.engine.OutgoingAMQPEnvelope;
import org.apache.qpid.protonj2.engine.exceptions.FrameEncodingException;
import org.apache.qpid.protonj2.types.UnsignedInteger;

/**
 * Encodes the engine's AMQP frames (a performative and its payload) into one buffer reused for
 * every frame, instead of protonj2's frame encoder, which allocates a buffer per frame (a transfer's
 * buffer holds 128 bytes more than its payload): on a publisher that was most of what a message
 * allocated, and a copy of it. The bytes are the frame encoder's, byte for byte
 * ({@code FrameWriterTest}): the same performative encoder, the same frame header, the same split of
 * a payload larger than the peer's frame size. SASL frames and protocol headers still go through
 * protonj2's encoder, which passes the frames written here on unchanged.
 *
 * <p>The frame is handed on to the engine's output, which copies it at once ({@link Output#append}),
 * so the buffer is free again when the write returns. It sits in the pipeline just before protonj2's
 * frame encoder. Engine lock only. The buffer grows to the largest frame the connection wrote
 * (at most the peer's maximum frame size) and stays that size.
 */
final class FrameWriter implements EngineHandler {
    private static final int FRAME_HEADER_BYTES = 8;
    /** Data offset 2 (4-byte words), frame type 0 (AMQP); the channel goes in the low 16 bits. */
    private static final int AMQP_FRAME_PREFIX = 2 << 24;
    private static final int INITIAL_BYTES = 256;

    private final PerformativeEncoder encoder = new PerformativeEncoder(CodecFactory.getEncoder());
    private final ProtonBuffer frame = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(INITIAL_BYTES);
    private Engine engine;

    /** Puts a new instance into {@code engine}'s pipeline, just before the frame encoder (its last handler); before the engine starts. */
    static FrameWriter install(Engine engine) {
        return BeforeEncoder.install(engine, "harness-frame-writer", new FrameWriter());
    }

    private FrameWriter() {
    }

    @Override
    public void handlerAdded(EngineHandlerContext context) {
        engine = context.engine();
    }

    @Override
    public void handleWrite(EngineHandlerContext context, OutgoingAMQPEnvelope envelope) {
        int maxFrameSize = (int) outboundMaxFrameSize();
        ProtonBuffer payload = envelope.getPayload();
        writePerformative(envelope);
        if (payload != null) {
            int n = payload.getReadableBytes();
            if (n > maxFrameSize - frame.getWriteOffset()) {
                envelope.handlePayloadToLarge(); // the transfer says "more": the rest goes in further frames
                writePerformative(envelope);
                n = maxFrameSize - frame.getWriteOffset();
            }
            frame.ensureWritable(n);
            payload.copyInto(payload.getReadOffset(), frame, frame.getWriteOffset(), n);
            frame.advanceWriteOffset(n);
            payload.advanceReadOffset(n);
        }
        frame.setInt(0, frame.getReadableBytes());
        frame.setInt(4, AMQP_FRAME_PREFIX | envelope.getChannel());
        context.fireWrite(frame, null);
        envelope.handleOutgoingFrameWriteComplete(); // what the frame encoder's write-complete callback does
    }

    /**
     * The largest frame the peer takes: protonj2's rule for an open AMQP connection (the smaller of
     * ours and the peer's, at most 2^32 - 1), which its configuration keeps to itself.
     */
    private long outboundMaxFrameSize() {
        Connection c = engine.connection();
        return Math.min(UnsignedInteger.MAX_VALUE.longValue(), Math.min(c.getMaxFrameSize(), c.getRemoteMaxFrameSize()));
    }

    private void writePerformative(OutgoingAMQPEnvelope envelope) {
        frame.setReadOffset(0);
        frame.setWriteOffset(FRAME_HEADER_BYTES);
        try {
            envelope.getBody().invoke(encoder, frame, envelope.getChannel(), encoder.getEncoder());
        } catch (EncodeException e) {
            throw new FrameEncodingException(e);
        }
    }
}
