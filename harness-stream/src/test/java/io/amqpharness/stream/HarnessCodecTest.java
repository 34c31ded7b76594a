package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.codec.QpidProtonCodec;
import io.amqpharness.message.SectionsEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The harness's codec against the client's Qpid Proton codec, both ways. */
class HarnessCodecTest {
    private final Codec proton = new QpidProtonCodec();
    private final HarnessCodec codec = new HarnessCodec();

    /** An encoding's bytes, as the client writes them after their size. */
    private static byte[] bytes(Codec.EncodedMessage encoded) {
        ByteBuf buf = Unpooled.buffer(4 + encoded.getSize());
        encoded.writeTo(buf);
        assertThat(buf.readInt()).as("the size written first").isEqualTo(encoded.getSize());
        return ByteBufUtil.getBytes(buf);
    }

    private Message protonDecode(byte[] data) {
        return proton.decode(Unpooled.wrappedBuffer(data), data.length);
    }

    private static byte[] body(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        return b;
    }

    @Test
    void aPublishersMessageReadsBackThroughTheProtonCodecWithItsGroupIdFilterValueAndBody() {
        for (int size : new int[] {0, 12, 255, 256, 70_000}) {
            SectionsEncoder sections = SectionsEncoder.forStream("harness-abc-p3", Map.of("harness-filter", "red"));
            byte[] body = body(size);
            Codec.EncodedMessage encoded = codec.encode(new OutgoingMessage(sections, 42, body));
            Message read = protonDecode(bytes(encoded));
            assertThat(read.getProperties().getGroupId()).isEqualTo("harness-abc-p3");
            assertThat(read.getApplicationProperties()).isEqualTo(Map.of("harness-filter", "red"));
            assertThat(read.getBodyAsBinary()).as("body of %d bytes", size).isEqualTo(body);
            assertThat(new OutgoingMessage(sections, 42, body).getBodyAsBinary()).as("read back, %d bytes", size)
                    .isEqualTo(body);
        }
    }

    @Test
    void aLongGroupIdTakesTheLargeListAndStringEncodings() {
        String id = "p".repeat(300);
        SectionsEncoder sections = SectionsEncoder.forStream(id, Map.of());
        Codec.EncodedMessage encoded = codec.encode(new OutgoingMessage(sections, 1, body(12)));
        Message read = protonDecode(bytes(encoded));
        assertThat(read.getProperties().getGroupId()).isEqualTo(id);
        assertThat(read.getApplicationProperties()).isNullOrEmpty();
        IncomingMessage ours = (IncomingMessage) codec.decode(bytes(encoded));
        assertThat(ours.groupId()).isEqualTo(id);
        assertThat(ours.getBodyAsBinary()).isEqualTo(body(12));
    }

    @Test
    void theBodyIsCopiedWhenTheProducerTakesTheMessageSoTheCallerMayReuseItsArray() {
        SectionsEncoder sections = SectionsEncoder.forStream("harness-abc-p0", Map.of());
        byte[] body = body(12);
        OutgoingMessage m = new OutgoingMessage(sections, 7, body);
        Codec.EncodedMessage first = codec.encode(m);
        Arrays.fill(body, (byte) 0);
        assertThat(codec.encode(m)).as("the producer encodes twice: the same encoding").isSameAs(first);
        assertThat(protonDecode(bytes(first)).getBodyAsBinary()).isEqualTo(body(12));
        assertThat(m.getBodyAsBinary()).isEqualTo(body(12));
        assertThat(m.getPublishingId()).isEqualTo(7);
    }

    @Test
    void aMessageFromAnotherToolWithEverySectionIsReadWhereItsBodyLies() {
        Message other = proton.messageBuilder()
                .properties().messageId(12L).groupId("harness-abc-p1").creationTime(1_000).messageBuilder()
                .messageAnnotations().entry("x-opt-a", "b").messageBuilder()
                .applicationProperties().entry("harness-filter", "blue").entry("n", 3).messageBuilder()
                .addData(body(20)).build();
        Codec.EncodedMessage encoded = proton.encode(other);
        IncomingMessage read = (IncomingMessage) codec.decode(bytes(encoded));
        assertThat(read.groupId()).isEqualTo("harness-abc-p1");
        assertThat(Arrays.copyOfRange(read.data(), read.bodyOffset(), read.bodyOffset() + read.bodyLength()))
                .isEqualTo(body(20));
        assertThat(read.getApplicationProperties()).containsEntry("harness-filter", "blue");
    }

    @Test
    void aMessageWithoutGroupIdOrWithAnAmqpValueBodyIsDecodedAsBefore() {
        Message plain = proton.messageBuilder().addData(body(5)).build();
        Codec.EncodedMessage encoded = proton.encode(plain);
        Message read = codec.decode(bytes(encoded));
        assertThat(read.getProperties()).isNull();
        assertThat(read.getBodyAsBinary()).isEqualTo(body(5));
        byte[] amqpValue = {0x00, 0x53, 0x77, (byte) 0xa1, 4, 't', 'e', 'x', 't'};
        Message readValue = codec.decode(amqpValue);
        assertThat(readValue).isNotInstanceOf(IncomingMessage.class);
        assertThat(readValue.getBody()).hasToString("AmqpValue{text}");
    }

    @Test
    void eachMessageOfAChunkBufferIsReadFromItsOwnBytesAndTheBufferMovesPastThem() {
        SectionsEncoder sections = SectionsEncoder.forStream("harness-abc-p2", Map.of());
        byte[] first = bytes(codec.encode(new OutgoingMessage(sections, 1, body(12))));
        byte[] second = bytes(codec.encode(new OutgoingMessage(sections, 2, body(30))));
        ByteBuf chunk = Unpooled.wrappedBuffer(first, second);
        Message a = codec.decode(chunk, first.length);
        assertThat(chunk.readerIndex()).isEqualTo(first.length);
        Message b = codec.decode(chunk, second.length);
        assertThat(chunk.isReadable()).isFalse();
        chunk.setZero(0, chunk.capacity());
        assertThat(a.getBodyAsBinary()).as("kept past the buffer's reuse").isEqualTo(body(12));
        assertThat(b.getBodyAsBinary()).isEqualTo(body(30));
    }

    @Test
    void aPublishersMessagesAfterTheFirstAreReadWithoutAScanOfTheirOwnEachFromItsOwnBytes() {
        SectionsEncoder sections = SectionsEncoder.forStream("harness-abc-p4", Map.of("harness-filter", "red"));
        long before = codec.scans();
        for (int i = 0; i < 50; i++) {
            byte[] body = body(12);
            body[0] = (byte) i;
            IncomingMessage read = (IncomingMessage) codec.decode(bytes(codec.encode(new OutgoingMessage(sections, i, body))));
            assertThat(read.groupId()).isEqualTo("harness-abc-p4");
            assertThat(read.getBodyAsBinary()).as("message %d", i).isEqualTo(body);
            assertThat(read.getApplicationProperties()).isEqualTo(Map.of("harness-filter", "red"));
        }
        assertThat(codec.scans() - before).as("scans").isEqualTo(1);
    }

    @Test
    void aMessageOfTheSameSizeWithOtherBytesBeforeItsBodyIsScannedAgain() {
        SectionsEncoder p5 = SectionsEncoder.forStream("harness-abc-p5", Map.of());
        SectionsEncoder p6 = SectionsEncoder.forStream("harness-abc-p6", Map.of());
        SectionsEncoder filtered = SectionsEncoder.forStream("harness-abc", Map.of("f", "x"));
        byte[] a = bytes(codec.encode(new OutgoingMessage(p5, 1, body(12))));
        byte[] b = bytes(codec.encode(new OutgoingMessage(p6, 2, body(12))));
        assertThat(b).hasSameSizeAs(a);
        assertThat(((IncomingMessage) codec.decode(a)).groupId()).isEqualTo("harness-abc-p5");
        assertThat(((IncomingMessage) codec.decode(b)).groupId()).isEqualTo("harness-abc-p6");
        // the same size, but the body starts elsewhere: application properties in place of body bytes
        int bodyBytes = a.length - filtered.headSize(0);
        byte[] c = bytes(codec.encode(new OutgoingMessage(filtered, 3, body(bodyBytes))));
        assertThat(c).hasSameSizeAs(a);
        IncomingMessage read = (IncomingMessage) codec.decode(c);
        assertThat(read.groupId()).isEqualTo("harness-abc");
        assertThat(read.getBodyAsBinary()).isEqualTo(body(bodyBytes));
        assertThat(read.getApplicationProperties()).isEqualTo(Map.of("f", "x"));
    }

    @Test
    void aMessageWithASectionAfterItsBodyIsNotTakenForTheOneBefore() {
        Message withFooter = proton.messageBuilder().properties().groupId("harness-abc-p7").messageBuilder()
                .addData(body(12)).build();
        byte[] plain = bytes(proton.encode(withFooter));
        // a footer (a map of nothing) after the body: another message whose head and size match it
        byte[] footer = {0x00, 0x53, 0x78, (byte) 0xc1, 1, 0};
        byte[] first = Arrays.copyOf(plain, plain.length + footer.length);
        System.arraycopy(footer, 0, first, plain.length, footer.length);
        IncomingMessage one = (IncomingMessage) codec.decode(first);
        assertThat(one.getBodyAsBinary()).isEqualTo(body(12));
        // the same head and size, but after the body an amqp-value (a second body): not the harness's
        byte[] second = first.clone();
        byte[] value = {0x00, 0x53, 0x77, (byte) 0xa1, 1, 'x'};
        System.arraycopy(value, 0, second, plain.length, value.length);
        assertThat(codec.decode(second)).isNotInstanceOf(IncomingMessage.class);
    }

    @Test
    void anEncodingWritesTheSameBytesToAStreamAsToABufferForCompressedSubEntries() throws IOException {
        SectionsEncoder sections = SectionsEncoder.forStream("harness-abc-p0", Map.of("harness-filter", "red"));
        Codec.EncodedMessage encoded = codec.encode(new OutgoingMessage(sections, 1, body(300)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        encoded.writeTo(out);
        ByteBuf buf = Unpooled.buffer();
        encoded.writeTo(buf);
        assertThat(out.toByteArray()).isEqualTo(ByteBufUtil.getBytes(buf));
    }

    @Test
    void truncatedBytesAreLeftToTheFullDecoder() {
        SectionsEncoder sections = SectionsEncoder.forStream("harness-abc-p0", Map.of("harness-filter", "red"));
        byte[] data = bytes(codec.encode(new OutgoingMessage(sections, 1, body(12))));
        for (int cut = 1; cut < data.length; cut++) {
            byte[] truncated = Arrays.copyOf(data, cut);
            Message read;
            try {
                read = codec.decode(truncated);
            } catch (RuntimeException e) {
                continue; // the full decoder refuses it too
            }
            assertThat(read).as("cut at %d", cut).isNotInstanceOf(IncomingMessage.class);
        }
    }

    @Test
    void applicationPropertiesTheScannerCannotTypeAreDecodedInFull() {
        Message other = proton.messageBuilder().properties().groupId("harness-abc-p1").messageBuilder()
                .applicationProperties().entry("harness-filter", "blue").messageBuilder().addData(body(3)).build();
        byte[] data = bytes(proton.encode(other));
        // make the value a list8 of nothing (c0 01 00 in place of a1 04 'blue'), which AMQP 1.0 forbids there
        int at = indexOf(data, new byte[] {(byte) 0xa1, 4, 'b', 'l', 'u', 'e'});
        byte[] odd = new byte[data.length - 3];
        System.arraycopy(data, 0, odd, 0, at);
        odd[at] = (byte) 0xc0;
        odd[at + 1] = 1;
        odd[at + 2] = 0;
        System.arraycopy(data, at + 6, odd, at + 3, data.length - at - 6);
        fixSizes(odd);
        Message read = codec.decode(odd);
        assertThat(read).isInstanceOf(IncomingMessage.class);
        assertThat(read.getApplicationProperties()).containsKey("harness-filter");
        assertThat(read.getBodyAsBinary()).isEqualTo(body(3));
    }

    private static int indexOf(byte[] data, byte[] what) {
        for (int i = 0; i + what.length <= data.length; i++) {
            if (Arrays.equals(data, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    /** The application properties' map8 size is 3 bytes smaller now. */
    private static void fixSizes(byte[] data) {
        int at = indexOf(data, new byte[] {0x00, 0x53, 0x74, (byte) 0xc1});
        data[at + 4] -= 3;
    }
}
