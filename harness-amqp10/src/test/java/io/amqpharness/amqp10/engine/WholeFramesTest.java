package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.engine.exceptions.EngineFailedException;
import org.junit.jupiter.api.Test;

/**
 * Reads cut anywhere (inside a protocol header, a frame's size, a frame, a transfer split over
 * frames) reach the engine as whole frames from the reader's one array, which the reader then
 * overwrites: every delivery arrives intact, so the engine kept nothing of that array.
 */
class WholeFramesTest {
    private static final int CLIENT_MAX_FRAME = 512;
    private static final int[] SIZES = {0, 1, 12, 100, 470, 511, 512, 1_000, 3_000, 12, 20_000, 7};

    private static byte[] bytes(ProtonBuffer b) {
        byte[] a = new byte[b == null ? 0 : b.getReadableBytes()];
        if (a.length > 0) {
            b.copyInto(b.getReadOffset(), a, 0, a.length);
        }
        return a;
    }

    private static byte[] body(int i) {
        byte[] body = new byte[SIZES[i]];
        for (int j = 0; j < body.length; j++) {
            body[j] = (byte) (i * 31 + j);
        }
        return body;
    }

    /** A stock server engine talking to a client engine that reads through {@link WholeFrames}. */
    private static final class Wire {
        final SplittableRandom random;
        final Engine client = EngineFactory.PROTON.createNonSaslEngine();
        final Engine server = EngineFactory.PROTON.createNonSaslEngine();
        final WholeFrames frames = new WholeFrames(client);
        final Queue<byte[]> toServer = new ArrayDeque<>();
        final ByteArrayOutputStream toClient = new ByteArrayOutputStream();
        final byte[] readArray = new byte[4_096];
        final List<byte[]> received = new ArrayList<>();
        Sender serverSender;
        int reads;

        Wire(long seed) {
            random = new SplittableRandom(seed);
            client.outputHandler((b, done) -> {
                toServer.add(bytes(b));
                if (done != null) {
                    done.run();
                }
            });
            server.outputHandler((b, done) -> {
                toClient.writeBytes(bytes(b));
                if (done != null) {
                    done.run();
                }
            });
            Connection c = server.start();
            c.openHandler(Connection::open);
            c.sessionOpenHandler(Session::open);
            c.senderOpenHandler(s -> {
                s.open();
                serverSender = s;
            });
        }

        /** Delivers what each side wrote; the client's input in reads of random sizes from one array, overwritten after each. */
        void pump() {
            while (!toServer.isEmpty() || toClient.size() > 0) {
                byte[] a;
                while ((a = toServer.poll()) != null) {
                    server.ingest(ProtonBufferAllocator.defaultAllocator().copy(a));
                }
                byte[] in = toClient.toByteArray();
                toClient.reset();
                int at = 0;
                while (at < in.length) {
                    int n = Math.min(in.length - at, random.nextInt(4) == 0 ? 1 + random.nextInt(9)
                            : 1 + random.nextInt(readArray.length));
                    System.arraycopy(in, at, readArray, 0, n);
                    frames.ingest(readArray, n);
                    Arrays.fill(readArray, (byte) 0x5a); // the reader's next read overwrites the array
                    at += n;
                    reads++;
                }
            }
        }
    }

    @Test
    void deliveriesArriveIntactWhereverTheReadsAreCut() {
        for (long seed = 1; seed <= 30; seed++) {
            Wire w = new Wire(seed);
            Connection c = w.client.start();
            c.setMaxFrameSize(CLIENT_MAX_FRAME); // transfers above it come in several frames
            c.open();
            Session s = c.session().open();
            Receiver receiver = s.receiver("in").open();
            receiver.deliveryReadHandler(d -> {
                if (!d.isPartial()) {
                    w.received.add(bytes(d.readAll()));
                    d.settle();
                }
            });
            receiver.addCredit(SIZES.length);
            w.pump();
            assertThat(w.serverSender).as("seed %d: attached", seed).isNotNull();
            for (int i = 0; i < SIZES.length; i++) {
                w.serverSender.next().writeBytes(ProtonBufferAllocator.defaultAllocator().copy(body(i)));
                w.pump();
            }
            assertThat(w.client.isFailed()).as("seed %d", seed).isFalse();
            assertThat(w.received).as("seed %d", seed).hasSize(SIZES.length);
            for (int i = 0; i < SIZES.length; i++) {
                assertThat(w.received.get(i)).as("seed %d, delivery %d", seed, i).isEqualTo(body(i));
            }
            assertThat(w.reads).isGreaterThan(SIZES.length);
        }
    }

    @Test
    void aFrameSizeThatCannotBeRightFailsTheEngineAsBefore() {
        Wire w = new Wire(1);
        Connection c = w.client.start();
        c.open();
        w.pump();
        assertThat(c.isRemotelyOpen()).isTrue();
        byte[] bad = {0, 0, 0, 3, 2, 0, 0, 0};
        assertThatThrownBy(() -> w.frames.ingest(bad, bad.length)).as("the engine's own error, which EngineInput reports")
                .isInstanceOf(EngineFailedException.class).hasMessageContaining("frame size 3");
        assertThat(w.client.isFailed()).isTrue();
    }
}
