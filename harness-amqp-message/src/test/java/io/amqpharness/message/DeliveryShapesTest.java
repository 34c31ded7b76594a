package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.MessageBuilder;
import com.rabbitmq.stream.codec.InternalCodec;
import com.rabbitmq.stream.codec.QpidProtonCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scanner against protonj2's decoder ({@link Protonj2Oracle}) for every delivery shape the
 * drivers meet, without a broker: deliveries RabbitMQ 3.10.8 and 4.0 sent over AMQP 1.0 from classic
 * queues, quorum queues and streams (first deliveries, redeliveries after a release or a failed
 * delivery, messages published over AMQP 0.9.1 and over the stream protocol), stream messages as the
 * stream protocol reads them, and messages written by the stream client's AMQP 1.0 codecs (its
 * {@code SimpleCodec} writes a bare body, no AMQP 1.0 message, and is left out). The
 * broker fixtures were taken by {@link DeliveryShapesIT} (which checks the same against the brokers
 * every run); their bodies and identities are the ones it publishes ({@code shapes-pN}).
 */
class DeliveryShapesTest {
    private static final String ZEROS_300 = "00".repeat(300);

    /** RabbitMQ 3.10, classic queue: the amqp10 driver's durable message with priority, TTL, content type, subject and application properties, as delivered. */
    static final String RABBITMQ_3_CLASSIC_DURABLE = "005370c00b0541500370000493e04140005373d0000000380000000b404040a1056f726465724040a3186170706c6963"
            + "6174696f6e2f6f637465742d73747265616d404040a1097368617065732d7030005374d10000001a00000006a1016e55"
            + "2aa1026f6b41a106726567696f6ea1026575005375a0113031323334353637383961622d626f6479";

    /** RabbitMQ 3.10, classic queue: a transient message, its delivery-mode annotation a map32. */
    static final String RABBITMQ_3_CLASSIC_TRANSIENT = "005370c006054240404140005372d10000001d00000002a315782d62617369632d64656c69766572792d6d6f64655001"
            + "005373d0000000190000000b40404040404040404040a1097368617065732d7030005375b00000012c"
            + ZEROS_300;

    /** RabbitMQ 3.10, classic queue: the transient message again after a release (first-acquirer false). */
    static final String RABBITMQ_3_CLASSIC_RELEASED = "005370c006054240404240005372d10000001d00000002a315782d62617369632d64656c69766572792d6d6f64655001"
            + "005373d0000000190000000b40404040404040404040a1097368617065732d7030005375b00000012c"
            + ZEROS_300;

    /** RabbitMQ 3.10, quorum queue: a message published over AMQP 0.9.1 with app-id, which 3.x does not map to group-id. */
    static final String RABBITMQ_3_QUORUM_FROM_091 = "005370c006054140404140005373c0300d404040a1167368617065732d71756f72756d2d30353538386235334040a30a"
            + "746578742f706c61696e404040404040005375a00d3039312d626f64792d30313233";

    /** RabbitMQ 3.10, quorum queue: the durable message after a release. */
    static final String RABBITMQ_3_QUORUM_RELEASED = "005370c00b0541500370000493e04240005373d0000000380000000b404040a1056f726465724040a3186170706c6963"
            + "6174696f6e2f6f637465742d73747265616d404040a1097368617065732d7030005374d10000001a00000006a1016e55"
            + "2aa1026f6b41a106726567696f6ea1026575005375a0113031323334353637383961622d626f6479";

    /** RabbitMQ 3.10, stream over AMQP 1.0: the x-stream-offset key a str8 (protonj2 refuses it), its value ulong0. */
    static final String RABBITMQ_3_STREAM = "005370c00b0541500370000493e04140005372c11302a10f782d73747265616d2d6f666673657444005373d000000038"
            + "0000000b404040a1056f726465724040a3186170706c69636174696f6e2f6f637465742d73747265616d404040a10973"
            + "68617065732d7030005374d10000001a00000006a1016e552aa1026f6b41a106726567696f6ea1026575005375a01130"
            + "31323334353637383961622d626f6479";

    /** RabbitMQ 3.10, stream over AMQP 1.0: a message the stream client's Qpid Proton-J codec wrote, offset 5 as smallulong. */
    static final String RABBITMQ_3_STREAM_FROM_STREAM_CLIENT = "005370c006054240404140005372c11402a10f782d73747265616d2d6f66667365745305005373c02f0da101394040a1"
            + "167368617065732d73747265616d2d63656130643263334040404040830000000000000001404040005375a00c000000"
            + "000000000000000000";

    /** RabbitMQ 4.0, classic queue: the durable message, with the broker's x-exchange and x-routing-key annotations. */
    static final String RABBITMQ_4_CLASSIC_DURABLE = "005370c00b0541500370000493e04143005372c13704a30a782d65786368616e6765a100a30d782d726f7574696e672d"
            + "6b6579a1177368617065732d636c61737369632d3139363636363663005373d0000000380000000b404040a1056f7264"
            + "65724040a3186170706c69636174696f6e2f6f637465742d73747265616d404040a1097368617065732d7030005374d1"
            + "0000001a00000006a1016e552aa1026f6b41a106726567696f6ea1026575005375a0113031323334353637383961622d"
            + "626f6479";

    /** RabbitMQ 4.0, quorum queue: the transient message after a failed delivery (delivery-count 1, x-delivery-count). */
    static final String RABBITMQ_4_QUORUM_FAILED = "005370c00705424040425201005372c16308a315782d62617369632d64656c69766572792d6d6f64655001a30a782d65"
            + "786368616e6765a100a30d782d726f7574696e672d6b6579a1167368617065732d71756f72756d2d3262383363303363"
            + "a310782d64656c69766572792d636f756e745501005373d0000000190000000b40404040404040404040a10973686170"
            + "65732d7030005375b00000012c"
            + ZEROS_300;

    /** RabbitMQ 4.0, classic queue: an AMQP 0.9.1 message (app-id mapped to group-id) after a failed delivery. */
    static final String RABBITMQ_4_CLASSIC_FAILED_FROM_091 = "005370c006054140404243005372c13704a30a782d65786368616e6765a100a30d782d726f7574696e672d6b6579a117"
            + "7368617065732d636c61737369632d3139363636363663005373c0230d404040404040a30a746578742f706c61696e40"
            + "4040a1097368617065732d70314040005374c11204a106726567696f6ea1026575a1016e5507005375a00d3039312d62"
            + "6f64792d30313233";

    /** RabbitMQ 4.0, stream over AMQP 1.0: the x-stream-offset key a symbol, its value smalllong. */
    static final String RABBITMQ_4_STREAM = "005370c00b0541500370000493e04143005372c14906a30a782d65786368616e6765a100a30d782d726f7574696e672d"
            + "6b6579a1167368617065732d73747265616d2d3536343161386665a30f782d73747265616d2d6f666673657455000053"
            + "73d0000000380000000b404040a1056f726465724040a3186170706c69636174696f6e2f6f637465742d73747265616d"
            + "404040a1097368617065732d7030005374d10000001a00000006a1016e552aa1026f6b41a106726567696f6ea1026575"
            + "005375a0113031323334353637383961622d626f6479";

    /** RabbitMQ 4.0, stream over AMQP 1.0: a message the stream driver wrote (group-id, filter value). */
    static final String RABBITMQ_4_STREAM_FROM_HARNESS_STREAM = "005370c006054140404143005372c14906a30a782d65786368616e6765a100a30d782d726f7574696e672d6b6579a116"
            + "7368617065732d73747265616d2d3536343161386665a30f782d73747265616d2d6f66667365745503005373c0160b40"
            + "404040404040404040a1097368617065732d7032005374c11602a10e6861726e6573732d66696c746572a10372656400"
            + "5375a0140000000000000000000000000000000000000000";

    /** RabbitMQ 4.0, stream protocol: a message published over AMQP 1.0 as the stream keeps it. */
    static final String RABBITMQ_4_STREAM_PROTOCOL_FROM_AMQP10 = "005370c00b0541500370000493e04143005372c13604a30a782d65786368616e6765a100a30d782d726f7574696e672d"
            + "6b6579a1167368617065732d73747265616d2d3536343161386665005373d0000000380000000b404040a1056f726465"
            + "724040a3186170706c69636174696f6e2f6f637465742d73747265616d404040a1097368617065732d7030005374d100"
            + "00001a00000006a1016e552aa1026f6b41a106726567696f6ea1026575005375a0113031323334353637383961622d62"
            + "6f6479";

    /** RabbitMQ 4.0, stream protocol: a message published over AMQP 0.9.1 as the stream keeps it. */
    static final String RABBITMQ_4_STREAM_PROTOCOL_FROM_091 = "005370c006054140404143005372c13604a30a782d65786368616e6765a100a30d782d726f7574696e672d6b6579a116"
            + "7368617065732d73747265616d2d3536343161386665005373c0230d404040404040a30a746578742f706c61696e4040"
            + "40a1097368617065732d70314040005374c11204a106726567696f6ea1026575a1016e5507005375a00d3039312d626f"
            + "64792d30313233";

    /**
     * RabbitMQ 3.10, stream protocol: the durable message published over AMQP 1.0 as a 3.x stream keeps
     * it, converted: a properties section without group-id, and the original properties and
     * application properties as the bytes of str8 values (not UTF-8: no decoder reads it).
     */
    static final String RABBITMQ_3_STREAM_PROTOCOL_FROM_AMQP10 = "005372c17f0aa30d782d726f7574696e672d6b6579a1167368617065732d73747265616d2d6365613064326333a30a78"
            + "2d65786368616e6765a100a310782d62617369632d7072696f726974795003a315782d62617369632d64656c69766572"
            + "792d6d6f64655002a312782d62617369632d65787069726174696f6ea106333030303030005373c0270d404040404040"
            + "a3186170706c69636174696f6e2f6f637465742d73747265616d404040404040005374c1af06a10c782d62617369632d"
            + "74797065a10662696e617279a119782d616d71702d312e302d6170702d70726f70657274696573a122005374d1000000"
            + "1a00000006a1016e552aa1026f6b41a106726567696f6ea1026575a115782d616d71702d312e302d70726f7065727469"
            + "6573a140005373d0000000380000000b404040a1056f726465724040a3186170706c69636174696f6e2f6f637465742d"
            + "73747265616d404040a1097368617065732d7030005375a0113031323334353637383961622d626f6479";

    static Stream<Arguments> brokerShapes() {
        return Stream.of(
                Arguments.of("3.10 classic, durable", RABBITMQ_3_CLASSIC_DURABLE),
                Arguments.of("3.10 classic, transient", RABBITMQ_3_CLASSIC_TRANSIENT),
                Arguments.of("3.10 classic, released", RABBITMQ_3_CLASSIC_RELEASED),
                Arguments.of("3.10 quorum, from AMQP 0.9.1", RABBITMQ_3_QUORUM_FROM_091),
                Arguments.of("3.10 quorum, released", RABBITMQ_3_QUORUM_RELEASED),
                Arguments.of("3.10 stream", RABBITMQ_3_STREAM),
                Arguments.of("3.10 stream, from the stream client", RABBITMQ_3_STREAM_FROM_STREAM_CLIENT),
                Arguments.of("4.0 classic, durable", RABBITMQ_4_CLASSIC_DURABLE),
                Arguments.of("4.0 quorum, failed delivery", RABBITMQ_4_QUORUM_FAILED),
                Arguments.of("4.0 classic, from AMQP 0.9.1, failed delivery", RABBITMQ_4_CLASSIC_FAILED_FROM_091),
                Arguments.of("4.0 stream", RABBITMQ_4_STREAM),
                Arguments.of("4.0 stream, from the stream driver", RABBITMQ_4_STREAM_FROM_HARNESS_STREAM),
                Arguments.of("4.0 stream protocol, from AMQP 1.0", RABBITMQ_4_STREAM_PROTOCOL_FROM_AMQP10),
                Arguments.of("4.0 stream protocol, from AMQP 0.9.1", RABBITMQ_4_STREAM_PROTOCOL_FROM_091));
    }

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    private static MessageScanner scanned(String fixture) {
        byte[] raw = hex(fixture);
        MessageScanner s = new MessageScanner();
        assertThat(s.scan(raw, 0, raw.length)).isTrue();
        return s;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokerShapes")
    void theScannerReadsEachBrokerShapeAsProtonj2Does(String shape, String fixture) {
        Protonj2Oracle.check(shape, hex(fixture));
    }

    @Test
    void whatTheShapesSayIsWhatWasPublished() {
        assertThat(scanned(RABBITMQ_3_CLASSIC_DURABLE).groupId()).isEqualTo("shapes-p0");
        assertThat(scanned(RABBITMQ_3_CLASSIC_DURABLE).redelivered()).isFalse();
        assertThat(scanned(RABBITMQ_3_CLASSIC_RELEASED).redelivered()).as("first-acquirer false").isTrue();
        assertThat(scanned(RABBITMQ_3_QUORUM_RELEASED).redelivered()).isTrue();
        assertThat(scanned(RABBITMQ_4_QUORUM_FAILED).redelivered()).as("delivery-count 1").isTrue();
        assertThat(scanned(RABBITMQ_3_QUORUM_FROM_091).groupId()).as("3.x does not map app-id").isNull();
        assertThat(scanned(RABBITMQ_4_CLASSIC_FAILED_FROM_091).groupId()).as("4.x maps app-id").isEqualTo("shapes-p1");
        MessageScanner stream3 = scanned(RABBITMQ_3_STREAM);
        assertThat(stream3.hasStreamOffset()).isTrue();
        assertThat(stream3.streamOffset()).isZero();
        assertThat(stream3.groupId()).isEqualTo("shapes-p0");
        assertThat(scanned(RABBITMQ_3_STREAM_FROM_STREAM_CLIENT).streamOffset()).isEqualTo(5);
        assertThat(scanned(RABBITMQ_4_STREAM).hasStreamOffset()).isTrue();
        MessageScanner filtered = scanned(RABBITMQ_4_STREAM_FROM_HARNESS_STREAM);
        assertThat(filtered.streamOffset()).isEqualTo(3);
        assertThat(filtered.applicationProperties()).containsEntry("harness-filter", "red");
        assertThat(scanned(RABBITMQ_4_STREAM_PROTOCOL_FROM_091).groupId()).isEqualTo("shapes-p1");
    }

    @Test
    void rabbitMQ3sConversionForTheStreamProtocolIsReadThoughNoDecoderCan() {
        byte[] raw = hex(RABBITMQ_3_STREAM_PROTOCOL_FROM_AMQP10);
        assertThatThrownBy(() -> Protonj2Oracle.decode(raw)).hasMessageContaining("UTF8");
        MessageScanner s = scanned(RABBITMQ_3_STREAM_PROTOCOL_FROM_AMQP10);
        assertThat(new String(raw, s.bodyOffset(), s.bodyLength(), StandardCharsets.US_ASCII)).isEqualTo("0123456789ab-body");
        assertThat(s.groupId()).as("the converted properties have none").isNull();
        assertThat(s.singleDataBody()).isTrue();
        assertThat(s.applicationProperties()).containsKeys("x-basic-type", "x-amqp-1.0-properties");
    }

    private static Codec codec(String name) {
        return switch (name) {
            case "internal" -> new InternalCodec();
            default -> new QpidProtonCodec();
        };
    }

    private static byte[] encode(Codec codec, MessageBuilder b) {
        Codec.EncodedMessage e = codec.encode(b.build());
        ByteBuf buf = Unpooled.buffer(4 + e.getSize());
        e.writeTo(buf);
        buf.readInt();
        return ByteBufUtil.getBytes(buf);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"internal", "qpid-proton"})
    void messagesTheStreamClientsCodecsWriteAreReadAsProtonj2ReadsThem(String name) {
        Codec codec = codec(name);
        Protonj2Oracle.check(name + ", data only", encode(codec, codec.messageBuilder().addData(new byte[12])));
        MessageBuilder b = codec.messageBuilder();
        b.properties().messageId(7L).userId(new byte[] {1, 2}).to("t").subject("s").replyTo("r")
                .correlationId(UUID.randomUUID()).contentType("application/x").contentEncoding("gzip")
                .absoluteExpiryTime(5_000).creationTime(1_000).groupId("codec-" + name).groupSequence(3)
                .replyToGroupId("rg");
        b.messageAnnotations().entry("x-opt-a", "b").entry("x-stream-offset", 70_000L);
        b.applicationProperties().entry("harness-filter", "red").entry("bool", true).entry("byte", (byte) -3)
                .entry("short", (short) -300).entry("int", -70_000).entry("long", 5_000_000_000L)
                .entryUnsigned("ubyte", (byte) 200).entryUnsigned("ushort", (short) 60_000)
                .entryUnsigned("uint", -1).entryUnsigned("ulong", -2L)
                .entry("float", 1.5f).entry("double", 2.25).entry("char", 'x').entryTimestamp("ts", 1_700_000_000_000L)
                .entry("uuid", UUID.randomUUID()).entry("binary", new byte[] {9, 8}).entry("symbol-valued", "s")
                .entrySymbol("symbol", "sym"); // the client's builders write no decimals
        byte[] everything = encode(codec, b.addData(new byte[300]));
        Protonj2Oracle.check(name + ", every section", everything);
        MessageScanner s = new MessageScanner();
        s.scan(everything, 0, everything.length);
        assertThat(s.groupId()).isEqualTo("codec-" + name);
        assertThat(s.streamOffset()).isEqualTo(70_000L);
        assertThat(s.applicationProperties()).containsEntry("harness-filter", "red").hasSize(18);
    }

    @Test
    void theHarnesssOwnMessagesAreReadAsProtonj2ReadsThem() {
        for (int size : new int[] {0, 12, 255, 256, 70_000}) {
            Protonj2Oracle.check("stream, " + size, SectionsEncoder.forStream("run-p0", java.util.Map.of("harness-filter", "red"))
                    .encode(new byte[size]));
            Protonj2Oracle.check("link, " + size, SectionsEncoder.forLink(size % 2 == 0, "run-p1",
                    io.amqpharness.scenario.MessageProperties.NONE).encode(new byte[size]));
        }
        Protonj2Oracle.check("a long group-id", SectionsEncoder.forStream("p".repeat(300), java.util.Map.of()).encode(new byte[1]));
    }

    private static byte[] protonj2(org.apache.qpid.protonj2.client.Message<?> message) throws Exception {
        org.apache.qpid.protonj2.buffer.ProtonBuffer b = message.toAdvancedMessage()
                .encode(null, org.apache.qpid.protonj2.buffer.ProtonBufferAllocator.defaultAllocator());
        byte[] out = new byte[b.getReadableBytes()];
        b.copyInto(b.getReadOffset(), out, 0, out.length);
        return out;
    }

    @Test
    void otherClientsBodiesDecimalsAndSymbolicDescriptorsAreReadAsProtonj2ReadsThem() throws Exception {
        Protonj2Oracle.check("amqp-value", protonj2(org.apache.qpid.protonj2.client.Message.create("text").groupId("g")));
        Protonj2Oracle.check("amqp-sequence", protonj2(org.apache.qpid.protonj2.client.Message.create(java.util.List.of(1, 2))));
        org.apache.qpid.protonj2.client.AdvancedMessage<byte[]> two = org.apache.qpid.protonj2.client.AdvancedMessage.create();
        two.addBodySection(new org.apache.qpid.protonj2.types.messaging.Data(new byte[] {1, 2}));
        two.addBodySection(new org.apache.qpid.protonj2.types.messaging.Data(new byte[] {3}));
        two.groupId("g").deliveryCount(3);
        Protonj2Oracle.check("two data sections", protonj2(two));
        Protonj2Oracle.check("decimals", protonj2(org.apache.qpid.protonj2.client.Message.create(new byte[4])
                .property("d32", new org.apache.qpid.protonj2.types.Decimal32(7))
                .property("d64", new org.apache.qpid.protonj2.types.Decimal64(8L))
                .property("d128", new org.apache.qpid.protonj2.types.Decimal128(1L, 2L))));
        byte[] numeric = SectionsEncoder.forStream("sym-p0", java.util.Map.of("k", "v")).encode(new byte[] {1, 2, 3, 4, 5});
        Protonj2Oracle.check("symbolic descriptors", symbolic(numeric));
    }

    /** The message with each section's small-ulong descriptor written as its symbol, as a peer may. */
    private static byte[] symbolic(byte[] numeric) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.util.Map<Integer, String> names = java.util.Map.of(AmqpCodes.PROPERTIES, "amqp:properties:list",
                AmqpCodes.APPLICATION_PROPERTIES, "amqp:application-properties:map", AmqpCodes.DATA, "amqp:data:binary");
        int pos = 0;
        while (pos < numeric.length) { // sections start where 00 53 xx of a known section is (true of this small message)
            if (pos + 2 < numeric.length && numeric[pos] == 0 && numeric[pos + 1] == AmqpCodes.SMALL_ULONG && names.containsKey(numeric[pos + 2] & 0xff)) {
                byte[] name = names.get(numeric[pos + 2] & 0xff).getBytes(StandardCharsets.US_ASCII);
                out.write(0);
                out.write(AmqpCodes.SYM8);
                out.write(name.length);
                out.writeBytes(name);
                pos += 3;
            } else {
                out.write(numeric[pos++]);
            }
        }
        return out.toByteArray();
    }
}
