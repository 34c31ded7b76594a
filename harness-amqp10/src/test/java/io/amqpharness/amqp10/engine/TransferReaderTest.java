package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.IncomingDelivery;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;
import org.apache.qpid.protonj2.types.messaging.Accepted;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.DeliveryState.DeliveryStateType;
import org.apache.qpid.protonj2.types.transport.SenderSettleMode;
import org.junit.jupiter.api.Test;

/**
 * Two protonj2 engines back to back, the server sending: the client's {@link TransferReader}
 * decodes the transfers it can, and the client's receiver must see exactly what the server sent
 * (bytes, tags, ids, settlement), with the engines' credit and windows still right (the server
 * keeps sending as credit comes back, and sees every settlement).
 */
class TransferReaderTest {
    private static final int CREDIT = 100;

    /** One pair of engines; {@code reader} false for the plain protonj2 client. */
    private static final class Pair {
        final BackToBack wire = new BackToBack();
        final Engine client = wire.client;
        final List<byte[]> bodies = new ArrayList<>();
        final List<IncomingDelivery> deliveries = new ArrayList<>();
        final List<OutgoingDelivery> settledAtServer = wire.settledAtServer;
        final TransferReader reader;
        Sender sender;
        Receiver receiver;
        /** What the receiver does with a complete delivery; by default reads it, accepts it and tops up credit. */
        Consumer<IncomingDelivery> onDelivery = this::readAndAccept;

        final boolean preSettled;

        Pair(boolean withReader, int clientMaxFrameSize, SenderSettleMode mode) {
            preSettled = mode == SenderSettleMode.SETTLED;
            reader = withReader ? TransferReader.install(client) : null;
            wire.start(s -> {
                s.setSenderSettleMode(mode);
                s.setDeliveryTagGenerator(ProtonDeliveryTagGenerator.BUILTIN.SEQUENTIAL.createGenerator());
            });
            Connection cc = client.start();
            cc.setMaxFrameSize(clientMaxFrameSize);
            cc.open();
            receiver = cc.session().open().receiver("r");
            receiver.setSource(new Source().setAddress("q"));
            receiver.setTarget(new Target());
            receiver.deliveryReadHandler(d -> {
                if (!d.isPartial() && !d.isAborted()) {
                    onDelivery.accept(d);
                }
            });
            receiver.open();
            pump();
            receiver.addCredit(CREDIT);
            pump();
            sender = wire.sender();
        }

        void readAndAccept(IncomingDelivery d) {
            byte[] b = new byte[d.available()];
            d.readBytes(b, 0, b.length);
            bodies.add(b);
            deliveries.add(d);
            if (!d.isRemotelySettled()) {
                d.disposition(Accepted.getInstance(), true);
            }
            if (receiver.getCredit() <= CREDIT / 2) {
                receiver.addCredit(CREDIT - receiver.getCredit());
            }
        }

        /** Sends each body as one delivery as credit allows, pumping between, until all went. */
        void send(List<byte[]> toSend) {
            int i = 0;
            while (i < toSend.size()) {
                while (i < toSend.size() && sender.isSendable()) {
                    OutgoingDelivery d = sender.next();
                    if (preSettled) {
                        d.settle(); // the transfer says settled
                    }
                    d.writeBytes(ProtonBufferAllocator.defaultAllocator().copy(toSend.get(i++)));
                }
                pump();
            }
        }

        void pump() {
            wire.pump();
        }
    }

    private static List<byte[]> bodies(int n, int size) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] b = new byte[size + i % 7];
            Arrays.fill(b, (byte) i);
            b[0] = (byte) (i >> 8);
            out.add(b);
        }
        return out;
    }

    @Test
    void wholeDeliveriesAreDecodedHereAndReadAsProtonj2ReadsThem() {
        Pair pair = new Pair(true, 65_536, SenderSettleMode.UNSETTLED);
        List<byte[]> sent = bodies(1_000, 60);
        pair.send(sent);
        assertThat(pair.bodies).containsExactlyElementsOf(sent);
        assertThat(pair.reader.decoded()).isEqualTo(1_000);
        assertThat(pair.reader.off()).isFalse();
        for (int i = 0; i < pair.deliveries.size(); i++) {
            IncomingDelivery d = pair.deliveries.get(i);
            assertThat(d.getTag().tagBytes()).isEqualTo(pair.settledAtServer.get(i).getTag().tagBytes());
            assertThat(d.getTag()).isEqualTo(pair.settledAtServer.get(i).getTag());
            assertThat(d.getMessageFormat()).isZero();
            assertThat(d.isRemotelySettled()).isFalse();
        }
        assertThat(pair.settledAtServer).hasSize(1_000)
                .allSatisfy(d -> assertThat(d.getRemoteState().getType()).isEqualTo(DeliveryStateType.Accepted));
        assertThat(pair.sender.unsettled()).isEmpty();
        assertThat(pair.receiver.unsettled()).isEmpty();
    }

    @Test
    void preSettledDeliveriesStaySettled() {
        Pair pair = new Pair(true, 65_536, SenderSettleMode.SETTLED);
        List<byte[]> sent = bodies(300, 12);
        pair.send(sent);
        assertThat(pair.bodies).containsExactlyElementsOf(sent);
        assertThat(pair.reader.decoded()).isEqualTo(300);
        assertThat(pair.deliveries).allSatisfy(d -> assertThat(d.isRemotelySettled()).isTrue());
    }

    @Test
    void aDeliveryInSeveralFramesGoesToProtonj2AndTheNextOnesAreDecodedHereAgain() {
        Pair pair = new Pair(true, 512, SenderSettleMode.UNSETTLED);
        List<byte[]> sent = new ArrayList<>(bodies(3, 30));
        sent.addAll(bodies(2, 2_000)); // split by the client's 512-byte frames
        sent.addAll(bodies(4, 40));
        pair.send(sent);
        assertThat(pair.bodies).containsExactlyElementsOf(sent);
        assertThat(pair.reader.decoded()).isEqualTo(7);
        assertThat(pair.reader.off()).isFalse();
        assertThat(pair.settledAtServer).hasSize(9);
    }

    @Test
    void aDeliveryReadLaterKeepsItsBytes() {
        Pair pair = new Pair(true, 65_536, SenderSettleMode.UNSETTLED);
        List<IncomingDelivery> kept = new ArrayList<>();
        pair.onDelivery = d -> {
            if (kept.size() < 3) {
                kept.add(d); // not read yet: the engine keeps its bytes
            } else {
                pair.readAndAccept(d);
            }
        };
        List<byte[]> sent = bodies(10, 50);
        pair.send(sent);
        for (IncomingDelivery d : kept) {
            pair.readAndAccept(d);
        }
        pair.pump();
        List<byte[]> expected = new ArrayList<>(sent.subList(3, 10));
        expected.addAll(sent.subList(0, 3));
        assertThat(pair.bodies).containsExactlyElementsOf(expected);
        assertThat(pair.settledAtServer).hasSize(10);
    }

    /**
     * Deliveries left unread (a consumer cancelled or not started yet) keep the payload buffer they
     * were given: after one large message, small ones must not each keep an array of its size.
     */
    @Test
    void smallDeliveriesLeftUnreadAfterALargeOneDoNotEachKeepALargeArray() {
        Pair pair = new Pair(true, 65_536, SenderSettleMode.UNSETTLED);
        List<IncomingDelivery> kept = new ArrayList<>();
        pair.onDelivery = d -> {
            if (d.available() > 1_000) {
                pair.readAndAccept(d);
            } else {
                kept.add(d);
            }
        };
        List<byte[]> sent = new ArrayList<>(bodies(1, 50_000));
        sent.addAll(bodies(50, 40));
        pair.send(sent);
        assertThat(pair.reader.decoded()).isEqualTo(51);
        assertThat(kept).hasSize(50);
        int large = 0;
        for (int i = 0; i < kept.size(); i++) {
            ProtonBuffer b = kept.get(i).readAll();
            byte[] bytes = new byte[b.getReadableBytes()];
            b.copyInto(b.getReadOffset(), bytes, 0, bytes.length);
            assertThat(bytes).isEqualTo(sent.get(i + 1));
            large += b.capacity() > 4_096 ? 1 : 0;
        }
        assertThat(large).as("unread small deliveries holding an array of the large one's size").isLessThanOrEqualTo(1);
    }

    @Test
    void aFrameInAnEncodingItDoesNotReadGoesToProtonj2AndTurnsItOff() {
        Pair pair = new Pair(true, 65_536, SenderSettleMode.UNSETTLED);
        pair.send(bodies(2, 20));
        assertThat(pair.reader.decoded()).isEqualTo(2);
        // handle 0, delivery-id 2, tag {9}, format 0, settled false, more false, rcv-settle-mode null,
        // state accepted (a described list0): a state, which only protonj2 reads here.
        int[] fields = {0x43, 0x52, 2, 0xa0, 1, 9, 0x43, 0x42, 0x42, 0x40, 0x00, 0x53, 0x24, 0x45};
        ProtonBuffer f = frameOf(fields, 8, new int[] {0x00, 0x53, 0x75, 0xa0, 1, 7});
        pair.client.ingest(f);
        assertThat(pair.bodies).hasSize(3);
        assertThat(pair.bodies.get(2)).containsExactly(0x00, 0x53, 0x75, 0xa0, 1, 7);
        assertThat(pair.deliveries.get(2).getRemoteState().getType()).isEqualTo(DeliveryStateType.Accepted);
        assertThat(pair.reader.off()).isTrue();
        assertThat(pair.reader.decoded()).isEqualTo(2);
    }

    /** A client engine with the reader and a receiver r0 attached by a scripted peer; records what it reads. */
    private static final class Scripted {
        final Engine client = EngineFactory.PROTON.createNonSaslEngine();
        final TransferReader reader = TransferReader.install(client);
        final WholeFrames frames = new WholeFrames(client);
        final List<String> read = new ArrayList<>();
        Throwable failure;

        /** Hands over the peer's handshake, then (in one read) the frames of {@code peer}. */
        Scripted(PeerScript peer) {
            client.outputHandler((b, done) -> {
                if (done != null) {
                    done.run();
                }
            });
            client.errorHandler(e -> failure = e.failureCause());
            Connection c = client.start();
            c.open();
            Receiver r = c.session().open().receiver("r0");
            r.setSource(new Source().setAddress("q"));
            r.setTarget(new Target());
            r.deliveryReadHandler(d -> {
                if (!d.isPartial()) {
                    byte[] b = new byte[d.available()];
                    d.readBytes(b, 0, b.length);
                    read.add(Arrays.toString(d.getTag().tagBytes()) + " " + Arrays.toString(b));
                    d.disposition(Accepted.getInstance(), true);
                }
            });
            r.open();
            r.addCredit(CREDIT);
            byte[] handshake = new PeerScript().handshake(0, 0, 0).bytes();
            frames.ingest(handshake, handshake.length);
            byte[] bytes = peer.bytes();
            frames.ingest(bytes, bytes.length);
        }
    }

    /** A transfer body: handle 0, then these fields (more set or not), then the payload. */
    private static byte[] transfer(int deliveryId, byte[] tag, boolean more, byte[] payload) {
        PeerScript.TransferBody t = new PeerScript.TransferBody().field(PeerScript.uint0());
        t.field(deliveryId < 0 ? null : PeerScript.smalluint(deliveryId));
        t.field(tag == null ? null : PeerScript.vbin8(tag));
        t.field(PeerScript.uint0()).field(PeerScript.bool(false, false)).field(PeerScript.bool(more, false));
        return t.encode(payload);
    }

    @Test
    void aDeliveryWhoseFirstFrameHasAnExtendedHeaderIsNotTakenForWholeAtItsLastFrame() {
        // Delivery 0 in two frames, the first with an extended header (doff 3), the last with its
        // delivery-id (the spec allows it on every frame); then delivery 1, whole.
        PeerScript peer = new PeerScript();
        peer.frame(0, 3, transfer(0, new byte[] {1}, true, new byte[] {10, 11}));
        peer.frame(0, 2, transfer(0, null, false, new byte[] {12}));
        peer.frame(0, 2, transfer(1, new byte[] {2}, false, new byte[] {13}));
        Scripted s = new Scripted(peer);
        assertThat(s.failure).isNull();
        assertThat(s.read).containsExactly("[1] [10, 11, 12]", "[2] [13]");
        assertThat(s.reader.decoded()).isEqualTo(1);
    }

    @Test
    void aTransferWithASymbolicDescriptorGoesToProtonj2AndTurnsTheReaderOff() {
        // Delivery 0 in two frames, the first described by its symbol; the reader cannot tell whether
        // a later frame continues it, so protonj2 decodes everything from there.
        PeerScript peer = new PeerScript();
        PeerScript.TransferBody first = new PeerScript.TransferBody()
                .descriptor(PeerScript.TransferBody.DESCRIPTOR_SYMBOL).field(PeerScript.uint0())
                .field(PeerScript.uint0()).field(PeerScript.vbin8(new byte[] {1})).field(PeerScript.uint0())
                .field(PeerScript.bool(false, false)).field(PeerScript.bool(true, false));
        peer.frame(0, 2, first.encode(new byte[] {10}));
        peer.frame(0, 2, transfer(0, null, false, new byte[] {11}));
        peer.frame(0, 2, transfer(1, new byte[] {2}, false, new byte[] {12}));
        Scripted s = new Scripted(peer);
        assertThat(s.failure).isNull();
        assertThat(s.read).containsExactly("[1] [10, 11]", "[2] [12]");
        assertThat(s.reader.off()).isTrue();
    }

    /** A transfer frame on channel 0: a list8 of these encoded fields ({@code count} of them), then the payload. */
    private static ProtonBuffer frameOf(int[] fields, int count, int[] payload) {
        int listSize = 1 + fields.length;
        int size = 8 + 3 + 2 + listSize + payload.length;
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(size);
        b.writeInt(size).writeByte((byte) 2).writeByte((byte) 0).writeShort((short) 0);
        b.writeByte((byte) 0).writeByte((byte) 0x53).writeByte((byte) 0x14);
        b.writeByte((byte) 0xc0).writeByte((byte) listSize).writeByte((byte) count);
        for (int x : fields) {
            b.writeByte((byte) x);
        }
        for (int p : payload) {
            b.writeByte((byte) p);
        }
        return b;
    }

    @Test
    void aDeliveryDecodedHereAllocatesLessThanOneProtonj2Decodes() {
        long with = bytesPerDelivery(true);
        long without = bytesPerDelivery(false);
        System.out.printf("client and server, bytes allocated per delivery: %d with the reader, %d without%n", with, without);
        // The payload copy, its buffer, the transfer, the envelope and the tag's array: well over 100 bytes.
        assertThat(without - with).isGreaterThan(100);
    }

    private static long bytesPerDelivery(boolean withReader) {
        Pair pair = new Pair(withReader, 65_536, SenderSettleMode.UNSETTLED);
        List<byte[]> warm = bodies(20_000, 60);
        pair.send(warm);
        pair.bodies.clear();
        pair.deliveries.clear();
        pair.settledAtServer.clear();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        List<byte[]> measured = bodies(20_000, 60);
        long before = threads.getThreadAllocatedBytes(id);
        pair.send(measured);
        long after = threads.getThreadAllocatedBytes(id);
        assertThat(pair.bodies).hasSize(20_000);
        return (after - before) / 20_000;
    }
}
