package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.scenario.MessageProperties;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.UnsignedByte;
import org.apache.qpid.protonj2.types.messaging.ApplicationProperties;
import org.apache.qpid.protonj2.types.messaging.Data;
import org.apache.qpid.protonj2.types.messaging.Header;
import org.apache.qpid.protonj2.types.messaging.MessageAnnotations;
import org.apache.qpid.protonj2.types.messaging.Properties;
import org.junit.jupiter.api.Test;

/** The sections a publisher encodes once, read back by protonj2's decoder, and on a link byte for byte what its encoder writes. */
class SectionsEncoderTest {
    private static final MessageProperties ALL = new MessageProperties(Optional.of("application/json"), Optional.of("gzip"),
            OptionalInt.of(7), Optional.of(Duration.ofSeconds(30)), Optional.of("order"), headers());

    private static Map<String, Object> headers() {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("region", "eu");
        h.put("n", 5L);
        h.put("big", 123_456_789L);
        h.put("neg", -3L);
        h.put("ok", true);
        return h;
    }

    /** What the amqp10 driver sent before this encoder: protonj2's encoder on the same sections. */
    private static byte[] protonj2(boolean persistent, String groupId, MessageProperties p, String subject, byte[] body) {
        Encoder encoder = CodecFactory.getDefaultEncoder();
        EncoderState state = encoder.newEncoderState();
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(128);
        Header header = new Header();
        if (persistent) {
            header.setDurable(true);
        }
        p.priority().ifPresent(v -> header.setPriority((byte) Math.min(255, v)));
        p.expiration().ifPresent(ttl -> header.setTimeToLive(ttl.toMillis()));
        encoder.writeObject(b, state, header);
        if (!persistent) {
            encoder.writeObject(b, state, new MessageAnnotations(
                    Map.of(Symbol.valueOf("x-basic-delivery-mode"), UnsignedByte.valueOf((byte) 1))));
        }
        Properties properties = new Properties();
        properties.setGroupId(groupId);
        p.contentType().ifPresent(properties::setContentType);
        p.contentEncoding().ifPresent(properties::setContentEncoding);
        p.type().ifPresent(properties::setSubject);
        if (subject != null) {
            properties.setSubject(subject);
        }
        encoder.writeObject(b, state, properties);
        if (!p.headers().isEmpty()) {
            encoder.writeObject(b, state, new ApplicationProperties(new LinkedHashMap<>(p.headers())));
        }
        encoder.writeObject(b, state, new Data(body));
        byte[] out = new byte[b.getReadableBytes()];
        b.readBytes(out, 0, out.length);
        return out;
    }

    private static byte[] encode(SectionsEncoder e, byte[] body, String subject) {
        byte[] out = new byte[subject == null ? e.size(body.length) : e.headSize(body.length, subject) + body.length];
        int at = subject == null ? e.writeHead(out, 0, body.length) : e.writeHead(out, 0, body.length, subject);
        System.arraycopy(body, 0, out, at, body.length);
        assertThat(at + body.length).isEqualTo(out.length);
        return out;
    }

    /** {@code raw} decoded by protonj2 and encoded again by its encoder: the values, in protonj2's encodings. */
    private static byte[] reencoded(byte[] raw) {
        Encoder encoder = CodecFactory.getDefaultEncoder();
        EncoderState state = encoder.newEncoderState();
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(128);
        for (Object section : Protonj2Oracle.decode(raw)) {
            encoder.writeObject(b, state, section);
        }
        byte[] out = new byte[b.getReadableBytes()];
        b.readBytes(out, 0, out.length);
        return out;
    }

    @Test
    void onALinkProtonj2ReadsTheValuesItsEncoderWrites() {
        MessageProperties priorityOnly = new MessageProperties(Optional.empty(), Optional.empty(), OptionalInt.of(300),
                Optional.empty(), Optional.empty(), Map.of());
        MessageProperties ttlOnly = new MessageProperties(Optional.empty(), Optional.empty(), OptionalInt.empty(),
                Optional.of(Duration.ZERO), Optional.empty(), Map.of("k", "v".repeat(300)));
        for (MessageProperties p : List.of(MessageProperties.NONE, ALL, priorityOnly, ttlOnly)) {
            for (boolean persistent : new boolean[] {true, false}) {
                SectionsEncoder e = SectionsEncoder.forLink(persistent, "run-p0", p);
                for (int size : new int[] {0, 12, 255, 256, 70_000}) {
                    byte[] body = new byte[size];
                    byte[] ours = encode(e, body, null);
                    assertThat(reencoded(ours)).as("%s %s %d", p, persistent, size)
                            .isEqualTo(protonj2(persistent, "run-p0", p, null, body));
                    assertThat(reencoded(encode(e, body, "key.a"))).isEqualTo(protonj2(persistent, "run-p0", p, "key.a", body));
                    assertThat(e.encode(body)).isEqualTo(ours);
                    assertThat(ours.length).isLessThanOrEqualTo(protonj2(persistent, "run-p0", p, null, body).length);
                }
            }
        }
    }

    /**
     * The properties of a persistent message take a {@code list8} (protonj2 writes a {@code list32}):
     * the bytes RabbitMQ parses and stores for each message are 6 fewer.
     */
    @Test
    void onALinkThePropertiesTakeTheSmallestListEncoding() {
        byte[] ours = SectionsEncoder.forLink(true, "2mnu5d-p0", MessageProperties.NONE).encode(new byte[12]);
        byte[] expected = new byte[7 + 4 + 2 + 10 + 2 + 9 + 5 + 12];
        int i = 0;
        for (int b : new int[] {0x00, 0x53, 0x70, 0xc0, 0x02, 0x01, 0x41, // header: durable
                                0x00, 0x53, 0x73, 0xc0, 0x16, 0x0b}) {  // properties: list8, 22 bytes, 11 fields
            expected[i++] = (byte) b;
        }
        for (int k = 0; k < 10; k++) {
            expected[i++] = 0x40; // message-id .. creation-time: null
        }
        expected[i++] = (byte) 0xa1;
        expected[i++] = 9;
        for (byte c : "2mnu5d-p0".getBytes()) {
            expected[i++] = c;
        }
        for (int b : new int[] {0x00, 0x53, 0x75, 0xa0, 0x0c}) { // data, 12 bytes
            expected[i++] = (byte) b;
        }
        assertThat(ours).isEqualTo(expected);
        assertThat(protonj2(true, "2mnu5d-p0", MessageProperties.NONE, null, new byte[12])).hasSize(expected.length + 6);
    }

    /**
     * Group-ids and subjects around the size where the properties no longer fit a {@code list8} (and
     * the group-id a {@code str8}): protonj2 and the consumer's scanner read the same values.
     */
    @Test
    void aroundTheList8LimitThePropertiesReadTheSame() {
        byte[] body = {1, 2, 3};
        for (int n = 225; n <= 262; n++) {
            String groupId = "g".repeat(n);
            for (boolean persistent : new boolean[] {true, false}) {
                SectionsEncoder e = SectionsEncoder.forLink(persistent, groupId, ALL);
                SectionsEncoder plain = SectionsEncoder.forLink(persistent, groupId, MessageProperties.NONE);
                for (String subject : new String[] {null, "k", "k".repeat(17), "k".repeat(40)}) {
                    for (SectionsEncoder x : List.of(e, plain)) {
                        byte[] ours = encode(x, body, subject);
                        MessageProperties p = x == e ? ALL : MessageProperties.NONE;
                        assertThat(reencoded(ours)).as("group-id of %d, subject %s", n, subject)
                                .isEqualTo(protonj2(persistent, groupId, p, subject, body));
                        assertThat(nextSectionAfterProperties(ours)).as("group-id of %d, subject %s", n, subject)
                                .isIn(0x74, 0x75); // the list's size says where it ends (decoders go by its count)
                        MessageScanner scanner = new MessageScanner();
                        assertThat(scanner.scan(ours, 0, ours.length)).isTrue();
                        assertThat(scanner.groupId()).isEqualTo(groupId);
                        assertThat(java.util.Arrays.copyOfRange(ours, scanner.bodyOffset(),
                                scanner.bodyOffset() + scanner.bodyLength())).isEqualTo(body);
                    }
                }
            }
        }
    }

    /** The descriptor code of the section that starts where the properties list says it ends. */
    private static int nextSectionAfterProperties(byte[] m) {
        for (int i = 0; i + 3 < m.length; i++) {
            if (m[i] == 0x00 && m[i + 1] == 0x53 && m[i + 2] == 0x73) {
                int p = i + 4; // after the list's code
                int end = (m[i + 3] & 0xff) == 0xc0 ? p + 1 + (m[p] & 0xff)
                        : p + 4 + java.nio.ByteBuffer.wrap(m, p, 4).getInt();
                assertThat(m[end]).isZero();
                assertThat(m[end + 1]).isEqualTo((byte) 0x53);
                return m[end + 2] & 0xff;
            }
        }
        throw new AssertionError("no properties section");
    }

    @Test
    void aPersistentMessageIsADurableHeaderPropertiesAndOneDataSection() {
        byte[] body = "0123456789ab".getBytes();
        List<Object> sections = Protonj2Oracle.decode(SectionsEncoder.forLink(true, "run-p0", MessageProperties.NONE).encode(body));
        assertThat(sections).hasSize(3);
        assertThat(((Header) sections.get(0)).isDurable()).isTrue();
        assertThat(((Properties) sections.get(1)).getGroupId()).isEqualTo("run-p0");
        assertThat(((Data) sections.get(2)).getValue()).isEqualTo(body);
    }

    @Test
    void aTransientMessageCarriesTheDeliveryModeAnnotationRabbitMQ4Reads() {
        List<Object> sections = Protonj2Oracle.decode(SectionsEncoder.forLink(false, "run-p0", MessageProperties.NONE)
                .encode(new byte[12]));
        assertThat(((Header) sections.get(0)).isDurable()).isFalse();
        assertThat(((MessageAnnotations) sections.get(1)).getValue())
                .containsEntry(Symbol.valueOf("x-basic-delivery-mode"), UnsignedByte.valueOf((byte) 1));
    }

    @Test
    void propertiesAndAPerMessageSubject() {
        SectionsEncoder e = SectionsEncoder.forLink(true, "run-p1", ALL);
        List<Object> sections = Protonj2Oracle.decode(encode(e, new byte[300], "key.a"));
        Header h = (Header) sections.get(0);
        assertThat(h.getPriority()).isEqualTo((byte) 7);
        assertThat(h.getTimeToLive()).isEqualTo(30_000L);
        Properties props = (Properties) sections.get(1);
        assertThat(props.getSubject()).isEqualTo("key.a");
        assertThat(props.getContentType()).isEqualTo("application/json");
        assertThat(props.getContentEncoding()).isEqualTo("gzip");
        assertThat(((ApplicationProperties) sections.get(2)).getValue()).containsEntry("region", "eu").containsEntry("n", 5L);
        assertThat(((Data) sections.get(3)).getValue()).hasSize(300);
        assertThat(((Properties) Protonj2Oracle.decode(encode(e, new byte[1], "key.b")).get(1)).getSubject()).isEqualTo("key.b");
        assertThat(((Properties) Protonj2Oracle.decode(e.encode(new byte[1])).get(1)).getSubject()).as("the fixed one")
                .isEqualTo("order");
    }

    @Test
    void aStreamMessageIsItsPropertiesTheFilterValueAndTheBody() {
        SectionsEncoder e = SectionsEncoder.forStream("harness-abc-p3", Map.of("harness-filter", "red"));
        for (int size : new int[] {0, 12, 255, 256, 70_000}) {
            byte[] body = new byte[size];
            java.util.Arrays.fill(body, (byte) 7);
            List<Object> sections = Protonj2Oracle.decode(e.encode(body));
            assertThat(sections).hasSize(3);
            assertThat(((Properties) sections.get(0)).getGroupId()).isEqualTo("harness-abc-p3");
            assertThat(((ApplicationProperties) sections.get(1)).getValue()).isEqualTo(Map.of("harness-filter", "red"));
            assertThat(((Data) sections.get(2)).getValue()).isEqualTo(body);
            assertThat(e.headSize(size) + size).isEqualTo(e.size(size)).isEqualTo(e.encode(body).length);
        }
        assertThat(e.groupId()).isEqualTo("harness-abc-p3");
        assertThat(e.applicationProperties()).isEqualTo(Map.of("harness-filter", "red"));
        assertThat(Protonj2Oracle.decode(SectionsEncoder.forStream("p".repeat(300), Map.of()).encode(new byte[1])))
                .first().satisfies(p -> assertThat(((Properties) p).getGroupId()).hasSize(300));
    }

    @Test
    void anApplicationPropertyOfATypeWithoutAnEncodingIsOneSentence() {
        MessageProperties p = new MessageProperties(Optional.empty(), Optional.empty(), OptionalInt.empty(),
                Optional.empty(), Optional.empty(), Map.of("when", Duration.ofSeconds(1)));
        assertThatThrownBy(() -> SectionsEncoder.forLink(true, "run-p0", p)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("An application property cannot be a Duration; use a string, a number or a boolean, such as region=eu.");
    }

    @Test
    void theDataSectionsHeadIsFiveBytesUpTo255AndEightAbove() {
        assertThat(DataSection.headSize(255)).isEqualTo(5);
        assertThat(DataSection.headSize(256)).isEqualTo(DataSection.MAX_HEAD_SIZE).isEqualTo(8);
        byte[] out = new byte[8];
        assertThat(DataSection.writeHead(out, 0, 70_000)).isEqualTo(8);
        assertThat(out).containsExactly(0x00, 0x53, 0x75, 0xb0, 0x00, 0x01, 0x11, 0x70);
    }
}
