package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Queue;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.IncomingDelivery;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.types.messaging.Accepted;
import org.junit.jupiter.api.Test;

/**
 * The frames a client engine writes through {@link FrameWriter} are the bytes protonj2's frame
 * encoder writes for the same conversation, split transfers included, and the writer allocates
 * nothing per frame.
 */
class FrameWriterTest {
    private static final int SERVER_MAX_FRAME = 512;
    private static final int[] SIZES = {0, 12, 300, 470, 511, 2_000, 5_000, 12};

    /** A client engine wired to a stock server engine in memory; what the client writes is recorded. */
    private static final class Wire {
        final Engine client = EngineFactory.PROTON.createNonSaslEngine();
        final Engine server = EngineFactory.PROTON.createNonSaslEngine();
        final ByteArrayOutputStream written = new ByteArrayOutputStream();
        final Queue<byte[]> toServer = new ArrayDeque<>();
        final Queue<byte[]> toClient = new ArrayDeque<>();
        int accepted;
        int received;

        Wire(boolean frameWriter) {
            DispositionRanges.install(client);
            if (frameWriter) {
                FrameWriter.install(client);
            }
            PipelineEnd.install(client);
            client.outputHandler((b, done) -> {
                byte[] a = bytes(b);
                written.writeBytes(a);
                toServer.add(a);
                if (done != null) {
                    done.run();
                }
            });
            server.outputHandler((b, done) -> {
                toClient.add(bytes(b));
                if (done != null) {
                    done.run();
                }
            });
            Connection c = server.start();
            c.setMaxFrameSize(SERVER_MAX_FRAME);
            c.openHandler(Connection::open);
            c.sessionOpenHandler(Session::open);
            c.receiverOpenHandler(r -> {
                r.open();
                r.deliveryReadHandler(d -> {
                    if (!d.isPartial()) {
                        d.readAll();
                        d.disposition(Accepted.getInstance(), true);
                    }
                });
                r.addCredit(100);
            });
            c.senderOpenHandler(Sender::open);
        }

        static byte[] bytes(ProtonBuffer b) {
            byte[] a = new byte[b.getReadableBytes()];
            b.copyInto(b.getReadOffset(), a, 0, a.length);
            return a;
        }

        void pump() {
            while (!toServer.isEmpty() || !toClient.isEmpty()) {
                byte[] a;
                while ((a = toServer.poll()) != null) {
                    server.ingest(ProtonBufferAllocator.defaultAllocator().copy(a));
                }
                while ((a = toClient.poll()) != null) {
                    client.ingest(ProtonBufferAllocator.defaultAllocator().copy(a));
                }
            }
        }

        /** Open, send SIZES (pre-settled and unsettled), receive and settle, detach, close. */
        byte[] conversation() {
            Connection c = client.start();
            c.setContainerId("frame-writer-test");
            c.open();
            Session s = c.session().open();
            pump(); // one link at a time: links attached before the session is begun go out in no fixed order
            Sender sender = s.sender("out").open();
            pump();
            sender.deliveryStateUpdatedHandler(d -> {
                if (d.isRemotelySettled()) {
                    accepted++;
                    d.settle();
                }
            });
            Receiver receiver = s.receiver("in").open();
            receiver.deliveryReadHandler(d -> {
                if (!d.isPartial()) {
                    d.readAll();
                    received++;
                    d.disposition(Accepted.getInstance(), true);
                }
            });
            pump();
            for (int i = 0; i < SIZES.length; i++) {
                OutgoingDelivery d = sender.next();
                if (i % 3 == 0) {
                    d.settle();
                }
                byte[] body = new byte[SIZES[i]];
                Arrays.fill(body, (byte) i);
                d.writeBytes(ProtonBufferAllocator.defaultAllocator().copy(body));
                pump();
            }
            receiver.addCredit(5);
            pump();
            Sender serverSender = serverSender();
            for (int i = 0; i < 3; i++) {
                serverSender.next().writeBytes(ProtonBufferAllocator.defaultAllocator().copy(new byte[40 * i]));
                pump();
            }
            sender.close();
            receiver.close();
            s.close();
            c.close();
            pump();
            return written.toByteArray();
        }

        private Sender serverSender() {
            Session serverSession = server.connection().sessions().iterator().next();
            return serverSession.senders().iterator().next();
        }
    }

    @Test
    void framesAreTheFrameEncodersBytesSplitTransfersIncluded() {
        Wire stock = new Wire(false);
        byte[] expected = stock.conversation();
        Wire harness = new Wire(true);
        byte[] actual = harness.conversation();
        assertThat(harness.received).isEqualTo(3);
        assertThat(harness.accepted).as("unsettled messages the server settled").isEqualTo(stock.accepted).isPositive();
        assertThat(actual.length).as("more than the largest message: it went in frames of %d bytes", SERVER_MAX_FRAME)
                .isGreaterThan(5_000);
        int at = Arrays.mismatch(actual, expected);
        assertThat(at).as("first byte that differs, of %d and %d: %s against %s", actual.length, expected.length,
                around(actual, at), around(expected, at)).isEqualTo(-1);
    }

    private static String around(byte[] a, int at) {
        return at < 0 ? "" : Arrays.toString(Arrays.copyOfRange(a, Math.max(0, at - 24), Math.min(a.length, at + 24)));
    }
}
