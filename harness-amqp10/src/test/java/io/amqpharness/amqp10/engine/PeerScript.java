package io.amqpharness.amqp10.engine;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.Attach;
import org.apache.qpid.protonj2.types.transport.Begin;
import org.apache.qpid.protonj2.types.transport.Open;
import org.apache.qpid.protonj2.types.transport.ReceiverSettleMode;
import org.apache.qpid.protonj2.types.transport.Role;
import org.apache.qpid.protonj2.types.transport.SenderSettleMode;

/**
 * The bytes a sending AMQP 1.0 peer writes, made by hand: performatives other than transfer through
 * protonj2's encoder, transfers field by field in the encodings the test chooses (each field's
 * encoding, list8 or list32, trailing fields left out, a numeric or symbolic descriptor, an
 * extended frame header). What a broker could send, and what protonj2's own encoder never writes.
 */
final class PeerScript {
    static final byte[] AMQP_HEADER = {'A', 'M', 'Q', 'P', 0, 1, 0, 0};

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Encoder encoder = CodecFactory.getEncoder();
    private final EncoderState state = encoder.newEncoderState();

    PeerScript header() {
        out.writeBytes(AMQP_HEADER);
        return this;
    }

    /** The broker's open, begin on {@code channel} answering the client's session on channel 0, and an attach per handle. */
    PeerScript handshake(int channel, long nextOutgoingId, long... handles) {
        begun(channel, nextOutgoingId);
        return attaches(channel, handles);
    }

    /** The broker's open, and begin on {@code channel} answering the client's session on channel 0. */
    PeerScript begun(int channel, long nextOutgoingId) {
        header();
        performative(0, 2, new Open().setContainerId("peer").setMaxFrameSize(1 << 20));
        return performative(channel, 2, new Begin().setRemoteChannel(0).setNextOutgoingId(nextOutgoingId)
                .setIncomingWindow(Integer.MAX_VALUE).setOutgoingWindow(Integer.MAX_VALUE));
    }

    /** The broker's attach of a sending link named {@code r0}, {@code r1}, ... per handle. */
    PeerScript attaches(int channel, long... handles) {
        for (int i = 0; i < handles.length; i++) {
            performative(channel, 2, new Attach().setName("r" + i).setHandle(handles[i]).setRole(Role.SENDER)
                    .setSenderSettleMode(SenderSettleMode.MIXED).setReceiverSettleMode(ReceiverSettleMode.FIRST)
                    .setSource(new Source().setAddress("q" + i)).setTarget(new Target()).setInitialDeliveryCount(0));
        }
        return this;
    }

    /** A frame holding {@code performative} as protonj2 encodes it; {@code doff} 2 for no extended header. */
    PeerScript performative(int channel, int doff, Object performative) {
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(256);
        encoder.writeObject(b, state, performative);
        byte[] body = new byte[b.getReadableBytes()];
        b.readBytes(body, 0, body.length);
        return frame(channel, doff, body);
    }

    /** A frame of this body; {@code doff} above 2 puts an extended header of that many words less 2 before it. */
    PeerScript frame(int channel, int doff, byte[] body) {
        int size = doff * 4 + body.length;
        out.write(size >>> 24);
        out.write(size >>> 16);
        out.write(size >>> 8);
        out.write(size);
        out.write(doff);
        out.write(0); // AMQP frame
        out.write(channel >>> 8);
        out.write(channel);
        for (int i = 8; i < doff * 4; i++) {
            out.write(0x5a); // an extended header: ignored by every receiver
        }
        out.writeBytes(body);
        return this;
    }

    /** An empty frame (a heartbeat). */
    PeerScript empty() {
        return frame(0, 2, new byte[0]);
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    int size() {
        return out.size();
    }

    // ----- transfer bodies, field by field

    /** Builds a transfer performative and its payload in chosen encodings. */
    static final class TransferBody {
        /** Encoded fields in order; a null entry is a null (0x40), and the list ends after the last entry. */
        private final List<byte[]> fields = new ArrayList<>();
        private boolean list32;
        private int descriptor = DESCRIPTOR_SMALL;

        static final int DESCRIPTOR_SMALL = 0;
        static final int DESCRIPTOR_ULONG = 1;
        static final int DESCRIPTOR_SYMBOL = 2;

        TransferBody field(byte[] encoded) {
            fields.add(encoded);
            return this;
        }

        TransferBody list32(boolean wide) {
            this.list32 = wide;
            return this;
        }

        TransferBody descriptor(int kind) {
            this.descriptor = kind;
            return this;
        }

        /** The described list, then {@code payload}. */
        byte[] encode(byte[] payload) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(0x00);
            switch (descriptor) {
                case DESCRIPTOR_SMALL -> {
                    b.write(0x53);
                    b.write(0x14);
                }
                case DESCRIPTOR_ULONG -> {
                    b.write(0x80);
                    b.writeBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0x14});
                }
                default -> {
                    byte[] name = "amqp:transfer:list".getBytes(StandardCharsets.US_ASCII);
                    b.write(0xa3);
                    b.write(name.length);
                    b.writeBytes(name);
                }
            }
            ByteArrayOutputStream items = new ByteArrayOutputStream();
            for (byte[] f : fields) {
                items.writeBytes(f == null ? new byte[] {0x40} : f);
            }
            int n = items.size();
            if (!list32 && n + 1 <= 0xff) {
                b.write(0xc0);
                b.write(n + 1);
                b.write(fields.size());
            } else {
                b.write(0xd0);
                writeInt(b, n + 4);
                writeInt(b, fields.size());
            }
            b.writeBytes(items.toByteArray());
            b.writeBytes(payload);
            return b.toByteArray();
        }
    }

    static void writeInt(ByteArrayOutputStream b, long v) {
        b.write((int) (v >>> 24));
        b.write((int) (v >>> 16));
        b.write((int) (v >>> 8));
        b.write((int) v);
    }

    static byte[] uint0() {
        return new byte[] {0x43};
    }

    static byte[] smalluint(int v) {
        return new byte[] {0x52, (byte) v};
    }

    static byte[] uint(long v) {
        return new byte[] {0x70, (byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    /** {@code true}/{@code false} in their one-byte encodings, or {@code boolean} (0x56) with a byte. */
    static byte[] bool(boolean v, boolean wide) {
        return wide ? new byte[] {0x56, (byte) (v ? 1 : 0)} : new byte[] {(byte) (v ? 0x41 : 0x42)};
    }

    static byte[] vbin8(byte[] v) {
        byte[] e = new byte[2 + v.length];
        e[0] = (byte) 0xa0;
        e[1] = (byte) v.length;
        System.arraycopy(v, 0, e, 2, v.length);
        return e;
    }

    static byte[] vbin32(byte[] v) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0xb0);
        writeInt(b, v.length);
        b.writeBytes(v);
        return b.toByteArray();
    }

    static byte[] ubyte(int v) {
        return new byte[] {0x50, (byte) v};
    }

    /** The accepted outcome, a described empty list (list0). */
    static byte[] accepted() {
        return new byte[] {0x00, 0x53, 0x24, 0x45};
    }
}
