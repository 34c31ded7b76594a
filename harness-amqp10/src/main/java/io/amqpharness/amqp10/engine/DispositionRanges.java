package io.amqpharness.amqp10.engine;

import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineHandler;
import org.apache.qpid.protonj2.engine.EngineHandlerContext;
import org.apache.qpid.protonj2.engine.OutgoingAMQPEnvelope;
import org.apache.qpid.protonj2.types.transport.DeliveryState;
import org.apache.qpid.protonj2.types.transport.Disposition;
import org.apache.qpid.protonj2.types.transport.Role;

/**
 * Turns a run of receiver dispositions into one frame that settles the range {@code first..last}.
 * protonj2's engine writes one disposition frame per delivery; a consumer that settles many
 * deliveries at once (a multiple ack) opens a batch with {@link #begin()}, settles them one by one,
 * and closes it with {@link #end()}: dispositions for consecutive delivery ids with the same
 * state on the same session become one frame, as AMQP 1.0 allows and RabbitMQ reads.
 *
 * <p>It sits in the engine's pipeline just before the frame encoder. Outside a batch it passes
 * every frame on untouched. Engine lock only.
 */
final class DispositionRanges implements EngineHandler {
    private static final int FRAME_HEADER_BYTES = 8;

    private final Encoder encoder = CodecFactory.getDefaultEncoder();
    private final EncoderState encoderState = encoder.newEncoderState();
    private final Disposition range = new Disposition();
    /** The range's frame, reused: the engine's output copies it before the write returns. */
    private final ProtonBuffer frame = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(64);
    private boolean batching;
    private boolean holding;
    private int channel;
    private long first;
    private long last;
    private boolean settled;
    private DeliveryState state;

    /** Puts a new instance into {@code engine}'s pipeline, just before the frame encoder; before the engine starts. */
    static DispositionRanges install(Engine engine) {
        return BeforeEncoder.install(engine, "harness-disposition-ranges", new DispositionRanges());
    }

    private DispositionRanges() {
    }

    /** Starts collecting dispositions. */
    void begin() {
        batching = true;
    }

    private EngineHandlerContext context;

    @Override
    public void handlerAdded(EngineHandlerContext context) {
        this.context = context;
    }

    /** Writes the range collected, if any, and stops collecting. */
    void end() {
        batching = false;
        if (holding) {
            writeRange(context);
        }
    }

    @Override
    public void handleWrite(EngineHandlerContext ctx, OutgoingAMQPEnvelope envelope) {
        if (!batching) {
            ctx.fireWrite(envelope);
            return;
        }
        if (envelope.getBody() instanceof Disposition d && d.getRole() == Role.RECEIVER && envelope.getPayload() == null) {
            long dFirst = d.getFirst();
            long dLast = d.hasLast() ? d.getLast() : dFirst;
            if (holding && envelope.getChannel() == channel && dFirst == last + 1 && d.getSettled() == settled
                    && sameState(d.getState(), state)) {
                last = dLast;
            } else {
                if (holding) {
                    writeRange(ctx);
                }
                holding = true;
                channel = envelope.getChannel();
                first = dFirst;
                last = dLast;
                settled = d.getSettled();
                state = d.getState();
            }
            envelope.handleOutgoingFrameWriteComplete(); // consumed here: back to the engine's pool
            return;
        }
        if (holding) {
            writeRange(ctx); // keep frames in order
        }
        ctx.fireWrite(envelope);
    }

    private static boolean sameState(DeliveryState a, DeliveryState b) {
        return a == b || (a != null && b != null && a.getType() == b.getType() && a.equals(b));
    }

    private void writeRange(EngineHandlerContext ctx) {
        holding = false;
        range.reset();
        range.setRole(Role.RECEIVER);
        range.setFirst(first);
        if (last != first) {
            range.setLast(last);
        }
        range.setSettled(settled);
        if (state != null) {
            range.setState(state);
        }
        ProtonBuffer frame = this.frame;
        frame.clear();
        frame.writeInt(0); // size, set below
        frame.writeByte((byte) 2); // data offset in 4-byte words
        frame.writeByte((byte) 0); // AMQP frame
        frame.writeShort((short) channel);
        encoder.writeObject(frame, encoderState, range);
        frame.setInt(0, frame.getReadableBytes());
        state = null;
        ctx.fireWrite(frame, null);
    }
}
