package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.IncomingDelivery;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.types.messaging.Accepted;
import org.apache.qpid.protonj2.types.messaging.Released;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.Close;
import org.apache.qpid.protonj2.types.transport.Detach;
import org.apache.qpid.protonj2.types.transport.Flow;
import org.junit.jupiter.api.Test;

/**
 * Many randomly generated, valid streams of frames from a sending peer (transfers in every encoding
 * a broker may use: delivery-id and message-format as uint0, smalluint or uint; tags in vbin8 or
 * vbin32, empty or longer than 8 bytes; the flags as true, false, boolean or null, or left out with
 * the fields after them; list8 or list32; a numeric or ulong descriptor; extended frame headers;
 * deliveries in several frames, aborted ones, continuation frames with and without their
 * delivery-id and tag; any channel and handle; empty frames and session flows between; a detach or a
 * close in the middle of a read), cut into reads of random sizes and handed over as {@link WholeFrames}
 * hands them, to two client engines that differ only in {@link TransferReader}. The receiving code
 * reads some deliveries at once, some in parts as their frames arrive, some later, some with
 * {@code readAll()}; settles, releases or leaves them for later; tops up credit; sometimes closes a
 * link while its transfers keep coming. Both engines must report the same deliveries (ids, tags,
 * settled flags, message formats, bytes, aborts), the same failure if any, and write the very same
 * bytes back (flows with their delivery counts and windows, dispositions); buffers handed out by
 * {@code readAll()} must keep their bytes; and when nothing closes, what they report must be what
 * the peer sent.
 */
class TransferReaderEquivalenceTest {
    private static final int STREAMS = 600;
    private static final int CREDIT = 1_000;
    private static final long BASE_SEED = 20261129L;

    @Test
    void theEngineDeliversAndWritesTheSameWithTheReaderAsWithout() {
        long decoded = 0;
        long deliveries = 0;
        int readerStayedOn = 0;
        int failed = 0;
        int shutDown = 0;
        for (int i = 0; i < STREAMS; i++) {
            long seed = BASE_SEED + i;
            Script script = Script.generate(seed);
            Client plain = Client.run(script, false);
            Client withReader = Client.run(script, true);
            String where = "stream of seed " + seed + " (" + script + ")";
            sameList(where + ": what the receiving code saw", withReader.events, plain.events);
            assertThat(withReader.written.toByteArray()).as(where + ": the bytes written back")
                    .isEqualTo(plain.written.toByteArray());
            withReader.checkReadAllBuffersKeptTheirBytes(where);
            plain.checkReadAllBuffersKeptTheirBytes(where);
            if (script.truthCheck && !plain.stopped) {
                assertThat(plain.failure).as(where).isNull();
                sameList(where + ": what the plain engine delivered", plain.delivered, script.expected);
            }
            decoded += withReader.reader.decoded();
            deliveries += script.expected.size();
            readerStayedOn += withReader.reader.off() ? 0 : 1;
            failed += withReader.failure == null ? 0 : 1;
            shutDown += withReader.engine.isShutdown() ? 1 : 0;
        }
        System.out.printf("%d streams, %d deliveries, %d transfers decoded by the reader, reader on to the end in %d,"
                + " engine failed in %d, shut down in %d%n", STREAMS, deliveries, decoded, readerStayedOn, failed, shutDown);
        // Not vacuous: the reader decoded most single-frame deliveries of the streams it stayed on for.
        assertThat(decoded).isGreaterThan(deliveries / 3);
        assertThat(readerStayedOn).isGreaterThan(STREAMS / 2);
        assertThat(failed).as("streams ending in a transfer the engine must fail on").isPositive();
    }

    /** Fails on the first element that differs, showing it alone (the lists are long). */
    private static void sameList(String what, List<String> actual, List<String> expected) {
        for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
            assertThat(actual.get(i)).as("%s, element %d of %d", what, i, expected.size()).isEqualTo(expected.get(i));
        }
        assertThat(actual.size()).as("%s: size; last elements %s and %s", what,
                actual.subList(Math.max(0, actual.size() - 3), actual.size()),
                expected.subList(Math.max(0, expected.size() - 3), expected.size())).isEqualTo(expected.size());
    }

    /** A payload in short: its length and CRC-32. */
    static String digest(byte[] b) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(b);
        return b.length + "/" + Long.toHexString(crc.getValue());
    }

    /** What the peer sends, and what a receiver must get from it. */
    static final class Script {
        final long seed;
        byte[] bytes;
        /** The length of the header, open and begin at the start of {@link #bytes}: handed over first, on their own. */
        int begun;
        int channel;
        long[] handles;
        /** Reads: sizes of the pieces the stream arrives in. */
        final List<Integer> reads = new ArrayList<>();
        /** The client session's incoming capacity in bytes (0: none, an incoming window of 2^31 - 1). */
        int incomingCapacity;
        /** The receiver closes its first link after this many deliveries it read (0: never). */
        int closeAfter;
        /** Whether what the plain engine delivers must be {@link #expected} (nothing closed or failed). */
        boolean truthCheck = true;
        /** Every delivery in the order sent, as the receiver should record it. */
        final List<String> expected = new ArrayList<>();
        private final StringBuilder about = new StringBuilder();

        private Script(long seed) {
            this.seed = seed;
        }

        @Override
        public String toString() {
            return about.toString();
        }

        static Script generate(long seed) {
            Random r = new Random(new java.util.SplittableRandom(seed).nextLong()); // seeds next to each other, draws not alike
            Script s = new Script(seed);
            boolean wild = r.nextInt(4) == 0; // also state, rcv-settle-mode, symbolic descriptors: the reader turns off
            // Not 32,768 or above: protonj2 1.1.0 reads a frame's channel as a signed short and fails the engine on
            // the begin of such a channel ("Remote channel value given is out of range: -25536"), reader or not.
            s.channel = pickInt(r, 0, 1, 2, 255, 256, 4_095, 32_767);
            int links = 1 + r.nextInt(2);
            long[] handleChoices = {0, 1, 2, 7, 255, 256, 65_535, 65_536, 0x7fff_ffffL, 0x8000_0005L, 0xffff_fffeL};
            s.handles = new long[links];
            s.handles[0] = handleChoices[r.nextInt(handleChoices.length)];
            if (links == 2) {
                do {
                    s.handles[1] = handleChoices[r.nextInt(handleChoices.length)];
                } while (s.handles[1] == s.handles[0]);
            }
            long firstId = pick(r, 0L, 1L, 255L, 256L, 65_535L, 0x7fff_ffffL, 0xffff_fff0L, r.nextLong() & 0xffff_ffffL);
            long nextOutgoingId = r.nextLong() & 0xffff_ffffL;
            s.incomingCapacity = pickInt(r, 0, 0, 70_000, 200_000, 1 << 20);
            PeerScript p = new PeerScript().begun(s.channel, nextOutgoingId);
            s.begun = p.size();
            p.attaches(s.channel, s.handles);
            int n = 5 + r.nextInt(120);
            s.about.append(String.format("wild %b channel %d handles %s first id %d deliveries %d", wild, s.channel,
                    Arrays.toString(s.handles), firstId, n));
            long transfers = 0;
            boolean detached0 = false;
            int detachAt = r.nextInt(6) == 0 ? r.nextInt(n) : -1;
            for (int k = 0; k < n; k++) {
                int link = links == 2 ? r.nextInt(2) : 0;
                if (detached0 && link == 0) {
                    link = links == 2 ? 1 : -1;
                }
                if (link < 0) {
                    break;
                }
                long handle = s.handles[link];
                long id = (firstId + k) & 0xffff_ffffL;
                byte[] payload = bytes(r, switch (r.nextInt(10)) {
                    case 0 -> 0;
                    case 1, 2, 3, 4, 5, 6 -> 1 + r.nextInt(200);
                    case 7, 8 -> 200 + r.nextInt(1_300);
                    default -> 1_500 + r.nextInt(4_500);
                });
                byte[] tag = bytes(r, switch (r.nextInt(10)) {
                    case 0 -> 0;
                    case 1, 2, 3, 4, 5 -> 8;
                    case 6, 7 -> 1 + r.nextInt(7);
                    default -> 9 + r.nextInt(32);
                });
                int frames = r.nextInt(4) == 0 ? 2 + r.nextInt(3) : 1;
                boolean abort = frames > 1 && r.nextInt(8) == 0 || frames == 1 && r.nextInt(40) == 0;
                int[] cuts = cuts(r, payload.length, frames);
                Long format = r.nextInt(3) == 0 ? null : pick(r, 0L, 0L, 1L, 255L, 256L, 0x8001_3700L, 0xffff_ffffL);
                boolean settled = false;
                for (int f = 0; f < frames; f++) {
                    boolean first = f == 0;
                    boolean last = f == frames - 1;
                    byte[][] fields = new byte[11][];
                    fields[0] = uint(r, handle);
                    fields[1] = first || r.nextBoolean() ? uint(r, id) : null;
                    fields[2] = first || r.nextInt(3) == 0 ? binary(r, tag) : null;
                    fields[3] = first && format != null ? uint(r, format) : !first && r.nextInt(5) == 0
                            ? uint(r, format == null ? 0 : format) : null;
                    int settledChoice = r.nextInt(first ? 3 : 6);
                    if (settledChoice == 1 || settledChoice == 2) {
                        fields[4] = PeerScript.bool(settledChoice == 2, r.nextInt(4) == 0);
                        settled |= settledChoice == 2;
                    }
                    if (!last) {
                        fields[5] = PeerScript.bool(true, r.nextInt(4) == 0);
                    } else if (abort) {
                        int m = r.nextInt(3);
                        fields[5] = m == 2 ? null : PeerScript.bool(m == 1, r.nextInt(4) == 0);
                    } else if (r.nextBoolean()) {
                        fields[5] = PeerScript.bool(false, r.nextInt(4) == 0);
                    }
                    if (wild && first && r.nextInt(20) == 0) {
                        fields[6] = PeerScript.ubyte(0);
                    }
                    if (wild && r.nextInt(25) == 0) {
                        fields[7] = PeerScript.accepted();
                    }
                    if (r.nextInt(5) == 0) {
                        fields[8] = PeerScript.bool(false, r.nextInt(4) == 0);
                    }
                    if (last && abort) {
                        fields[9] = PeerScript.bool(true, r.nextInt(4) == 0);
                    } else if (r.nextInt(5) == 0) {
                        fields[9] = PeerScript.bool(false, r.nextInt(4) == 0);
                    }
                    if (r.nextInt(3) == 0) {
                        fields[10] = PeerScript.bool(r.nextBoolean(), r.nextInt(4) == 0);
                    }
                    int count = 11;
                    if (r.nextInt(3) != 0) { // trailing nulls left out, all of them or some
                        int lastSet = 10;
                        while (fields[lastSet] == null) {
                            lastSet--;
                        }
                        count = lastSet + 1 + (r.nextBoolean() ? 0 : r.nextInt(11 - lastSet));
                    }
                    PeerScript.TransferBody body = new PeerScript.TransferBody().list32(r.nextInt(6) == 0)
                            .descriptor(wild && r.nextInt(30) == 0 ? PeerScript.TransferBody.DESCRIPTOR_SYMBOL
                                    : r.nextInt(12) == 0 ? PeerScript.TransferBody.DESCRIPTOR_ULONG
                                    : PeerScript.TransferBody.DESCRIPTOR_SMALL);
                    for (int i = 0; i < count; i++) {
                        body.field(fields[i]);
                    }
                    int doff = r.nextInt(12) == 0 ? 3 + r.nextInt(3) : 2;
                    p.frame(s.channel, doff, body.encode(Arrays.copyOfRange(payload, cuts[f], cuts[f + 1])));
                    transfers++;
                    if (r.nextInt(25) == 0) {
                        p.empty();
                    }
                    if (r.nextInt(30) == 0) {
                        p.performative(s.channel, 2, new Flow().setNextIncomingId(0).setIncomingWindow(Integer.MAX_VALUE)
                                .setNextOutgoingId((nextOutgoingId + transfers) & 0xffff_ffffL)
                                .setOutgoingWindow(Integer.MAX_VALUE));
                    }
                    if (k == detachAt && link == 0 && (f == 0 || !last) && r.nextBoolean()) {
                        break; // a delivery left unfinished by the detach that follows
                    }
                }
                s.expected.add(String.format("link r%d id %d tag %s settled %b format %d %s", link, id,
                        HexFormat.of().formatHex(tag), settled || abort, format == null ? 0 : (int) (long) format,
                        abort ? "aborted" : "bytes " + digest(payload)));
                if (k == detachAt) {
                    p.performative(s.channel, 2, new Detach().setHandle(s.handles[0]).setClosed(true));
                    detached0 = true;
                    s.truthCheck = false;
                    s.about.append(" peer detaches r0 after delivery ").append(k);
                }
            }
            if (wild && r.nextInt(5) == 0) {
                // A transfer the engine must fail on: for a link the peer detached, or a handle never attached.
                long handle = detached0 ? s.handles[0] : 12_345;
                p.frame(s.channel, 2, new PeerScript.TransferBody().field(uint(r, handle))
                        .field(uint(r, (firstId + n) & 0xffff_ffffL)).field(binary(r, new byte[] {1}))
                        .encode(new byte[] {1, 2, 3}));
                s.truthCheck = false;
                s.about.append(" then a transfer for handle ").append(handle);
            }
            if (r.nextInt(10) == 0) {
                p.performative(0, 2, new Close());
                s.truthCheck = false;
                s.about.append(" then close");
            }
            if (r.nextInt(7) == 0) {
                s.closeAfter = 1 + r.nextInt(n);
                s.truthCheck = false;
                s.about.append(" client closes r0 after ").append(s.closeAfter);
            }
            s.bytes = p.bytes();
            int left = s.bytes.length - s.begun;
            int mode = r.nextInt(4);
            while (left > 0) {
                int piece = switch (mode) {
                    case 0 -> left;
                    case 1 -> 1 + r.nextInt(20);
                    default -> 1 + r.nextInt(4_000);
                };
                piece = Math.min(piece, left);
                s.reads.add(piece);
                left -= piece;
            }
            s.about.append(" reads ").append(s.reads.size());
            return s;
        }

        @SafeVarargs
        private static <T> T pick(Random r, T... choices) {
            return choices[r.nextInt(choices.length)];
        }

        private static int pickInt(Random r, int... choices) {
            return choices[r.nextInt(choices.length)];
        }

        private static byte[] bytes(Random r, int n) {
            byte[] b = new byte[n];
            r.nextBytes(b);
            return b;
        }

        /** {@code frames + 1} offsets cutting {@code n} bytes into {@code frames} pieces (some may be empty). */
        private static int[] cuts(Random r, int n, int frames) {
            int[] c = new int[frames + 1];
            for (int i = 1; i < frames; i++) {
                c[i] = r.nextInt(n + 1);
            }
            c[frames] = n;
            Arrays.sort(c, 1, frames);
            return c;
        }

        /** A uint in one of the encodings that can hold it. */
        private static byte[] uint(Random r, long v) {
            int choice = r.nextInt(4);
            if (v == 0 && choice <= 1) {
                return PeerScript.uint0();
            }
            if (v <= 0xff && choice <= 2) {
                return PeerScript.smalluint((int) v);
            }
            return PeerScript.uint(v);
        }

        private static byte[] binary(Random r, byte[] v) {
            return r.nextInt(6) == 0 ? PeerScript.vbin32(v) : PeerScript.vbin8(v);
        }
    }

    /** A client engine as the driver builds one, with or without the reader, reading what the script sends. */
    static final class Client {
        private static final Method DELIVERY_ID;

        static {
            try {
                DELIVERY_ID = Class.forName("org.apache.qpid.protonj2.engine.impl.ProtonIncomingDelivery")
                        .getDeclaredMethod("getDeliveryId");
                DELIVERY_ID.setAccessible(true);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final Engine engine = EngineFactory.PROTON.createNonSaslEngine();
        final TransferReader reader;
        final WholeFrames frames;
        final ByteArrayOutputStream written = new ByteArrayOutputStream();
        /** Everything the receiving code saw, in order. */
        final List<String> events = new ArrayList<>();
        /** The deliveries read or aborted, as {@link Script#expected} records them, in the order they arrived. */
        final List<String> delivered = new ArrayList<>();
        private final Map<IncomingDelivery, Integer> arrival = new IdentityHashMap<>();
        private final List<String> byArrival = new ArrayList<>();
        private final Random act;
        private final Script script;
        private final List<Receiver> receivers = new ArrayList<>();
        private final List<IncomingDelivery> kept = new ArrayList<>();
        private final List<IncomingDelivery> toSettle = new ArrayList<>();
        private final Map<IncomingDelivery, ByteArrayOutputStream> parts = new IdentityHashMap<>();
        private final List<ProtonBuffer> readAllBuffers = new ArrayList<>();
        private final List<byte[]> readAllBytes = new ArrayList<>();
        private int read;
        String failure;
        /** Whether the receiving code closed the connection or shut the engine down. */
        boolean stopped;

        private Client(Script script, boolean withReader) {
            this.script = script;
            this.act = new Random(new java.util.SplittableRandom(~script.seed).nextLong());
            reader = withReader ? TransferReader.install(engine) : null;
            DispositionRanges.install(engine);
            FrameWriter.install(engine);
            PipelineEnd.install(engine);
            engine.outputHandler((b, done) -> {
                byte[] a = new byte[b.getReadableBytes()];
                b.copyInto(b.getReadOffset(), a, 0, a.length);
                written.writeBytes(a);
                if (done != null) {
                    done.run();
                }
            });
            engine.errorHandler(e -> {
                failure = String.valueOf(e.failureCause());
                events.add("engine failed: " + failure);
            });
            frames = new WholeFrames(engine);
            Connection c = engine.start();
            c.setContainerId("client");
            c.open();
            Session s = c.session();
            s.setIncomingCapacity(script.incomingCapacity);
            s.open();
            // The broker's open and begin first, so that the session writes the receivers' attaches in their order.
            frames.ingest(Arrays.copyOf(script.bytes, script.begun), script.begun);
            for (int i = 0; i < script.handles.length; i++) {
                Receiver r = s.receiver("r" + i);
                r.setSource(new Source().setAddress("q" + i));
                r.setTarget(new Target());
                r.deliveryReadHandler(this::arrived);
                r.deliveryAbortedHandler(this::aborted);
                r.open();
                r.addCredit(CREDIT);
                receivers.add(r);
            }
        }

        static Client run(Script script, boolean withReader) {
            Client c = new Client(script, withReader);
            int at = script.begun;
            for (int n : script.reads) {
                // As a socket reader hands over its reused array: a copy of the read, the rest of the array stale.
                byte[] read = new byte[n + 16];
                Arrays.fill(read, (byte) 0x77);
                System.arraycopy(script.bytes, at, read, 0, n);
                at += n;
                if (c.engine.isFailed() || c.engine.isShutdown()) {
                    break;
                }
                try {
                    c.frames.ingest(read, n);
                } catch (RuntimeException e) {
                    c.events.add("ingest threw " + e);
                    break;
                }
                c.afterRead();
            }
            c.finish();
            c.delivered.addAll(c.byArrival.stream().filter(x -> x != null).toList());
            return c;
        }

        private long id(IncomingDelivery d) {
            try {
                return (long) DELIVERY_ID.invoke(d);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        private int arrivalOf(IncomingDelivery d) {
            return arrival.computeIfAbsent(d, x -> {
                byArrival.add(null);
                return byArrival.size() - 1;
            });
        }

        private void arrived(IncomingDelivery d) {
            try {
                arrivedUnguarded(d);
            } catch (RuntimeException e) {
                events.add("handler threw " + e); // not thrown into the engine: protonj2 would swallow it, the reader not
            }
        }

        private void arrivedUnguarded(IncomingDelivery d) {
            int index = arrivalOf(d);
            if (d.isPartial()) {
                events.add("partial " + id(d) + " available " + d.available());
                if (act.nextInt(4) == 0) {
                    byte[] b = new byte[d.available()];
                    d.readBytes(b, 0, b.length);
                    parts.computeIfAbsent(d, x -> new ByteArrayOutputStream()).writeBytes(b);
                }
                return;
            }
            if (act.nextInt(6) == 0) {
                if (act.nextBoolean() && d.available() > 1) {
                    byte[] b = new byte[d.available() / 2]; // half now, the rest later
                    d.readBytes(b, 0, b.length);
                    parts.computeIfAbsent(d, x -> new ByteArrayOutputStream()).writeBytes(b);
                }
                kept.add(d); // read later
                events.add("kept " + id(d) + " available " + d.available());
                return;
            }
            finish(d, index, act.nextInt(8) == 0);
        }

        private void aborted(IncomingDelivery d) {
            int index = arrivalOf(d);
            parts.remove(d);
            events.add("aborted " + id(d) + " tag " + HexFormat.of().formatHex(d.getTag().tagBytes()));
            byArrival.set(index, String.format("link %s id %d tag %s settled %b format %d aborted",
                    d.getLink().getName(), id(d), HexFormat.of().formatHex(d.getTag().tagBytes()),
                    d.isRemotelySettled(), d.getMessageFormat()));
        }

        private void finish(IncomingDelivery d, int index, boolean readAll) {
            ByteArrayOutputStream all = parts.remove(d);
            if (all == null) {
                all = new ByteArrayOutputStream();
            }
            if (readAll) {
                ProtonBuffer b = d.readAll();
                if (b != null) {
                    byte[] x = new byte[b.getReadableBytes()];
                    b.copyInto(b.getReadOffset(), x, 0, x.length);
                    all.writeBytes(x);
                    readAllBuffers.add(b);
                    readAllBytes.add(x);
                }
            } else {
                byte[] x = new byte[d.available()];
                d.readBytes(x, 0, x.length);
                all.writeBytes(x);
            }
            String record = String.format("link %s id %d tag %s settled %b format %d bytes %s", d.getLink().getName(),
                    id(d), HexFormat.of().formatHex(d.getTag().tagBytes()), d.isRemotelySettled(),
                    d.getMessageFormat(), digest(all.toByteArray()));
            events.add("read " + record + " transfers " + d.getTransferCount());
            byArrival.set(index, record);
            Receiver r = d.getLink();
            if (!d.isRemotelySettled()) {
                switch (act.nextInt(5)) {
                    case 0, 1, 2 -> d.disposition(Accepted.getInstance(), true);
                    case 3 -> d.disposition(Released.getInstance(), true);
                    default -> toSettle.add(d);
                }
            } else if (act.nextBoolean()) {
                d.settle();
            }
            if (r.isLocallyOpen() && r.getCredit() <= CREDIT / 2) {
                r.addCredit(CREDIT - r.getCredit());
            }
            read++;
            int stop = act.nextInt(800);
            if (stop == 0 && engine.connection().isLocallyOpen()) {
                events.add("closing the connection");
                stopped = true;
                engine.connection().close(); // in the middle of a read: the rest of it still arrives
            } else if (stop == 1) {
                events.add("shutting the engine down");
                stopped = true;
                engine.shutdown(); // in the middle of a read: nothing more is taken
            }
            if (read == script.closeAfter && receivers.get(0).isLocallyOpen()) {
                events.add("closing r0");
                receivers.get(0).close(); // its transfers keep coming until the peer's detach
            }
        }

        private boolean usable() {
            return !engine.isFailed() && !engine.isShutdown();
        }

        private void afterRead() {
            if (!usable()) {
                return;
            }
            try {
                for (IncomingDelivery d : new ArrayList<>(kept)) {
                    if (act.nextBoolean()) {
                        kept.remove(d);
                        finish(d, arrivalOf(d), act.nextInt(8) == 0);
                    }
                }
                if (!toSettle.isEmpty() && act.nextInt(3) == 0) {
                    toSettle.forEach(d -> d.disposition(Accepted.getInstance(), true));
                    toSettle.clear();
                }
            } catch (RuntimeException e) {
                events.add("after a read: threw " + e);
            }
        }

        private void finish() {
            if (!usable()) {
                events.add("unusable at the end; kept " + kept.size());
                return;
            }
            try {
                for (IncomingDelivery d : kept) {
                    finish(d, arrivalOf(d), false);
                }
                kept.clear();
                toSettle.forEach(d -> d.disposition(Accepted.getInstance(), true));
            } catch (RuntimeException e) {
                events.add("at the end: threw " + e);
            }
            events.add("credit " + receivers.stream().map(r -> String.valueOf(r.getCredit())).toList());
        }

        void checkReadAllBuffersKeptTheirBytes(String where) {
            for (int i = 0; i < readAllBuffers.size(); i++) {
                ProtonBuffer b = readAllBuffers.get(i);
                byte[] now = new byte[b.getReadableBytes()];
                b.copyInto(b.getReadOffset(), now, 0, now.length);
                assertThat(now).as(where + ": a buffer from readAll() changed after it was handed out")
                        .isEqualTo(readAllBytes.get(i));
            }
        }
    }
}
