package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.client.AdvancedMessage;
import org.apache.qpid.protonj2.client.Message;
import org.junit.jupiter.api.Test;

class MessageScannerTest {
    private final MessageScanner scanner = new MessageScanner();

    /** A stream delivery as RabbitMQ 3.10.8 sent it: the x-stream-offset key is a str8, not a symbol. */
    private static final String RABBITMQ_3_10_STREAM_DELIVERY = "005370c006054140404140"
            + "005372c11302a10f782d73747265616d2d6f666673657444"
            + "005373d0000000170000000b40404040404040404040a10772756e312d7030"
            + "005375a00e68656c6c6f2d626f64792d313233";
    /** A classic-queue delivery RabbitMQ 3.10.8 redelivered after a release: first-acquirer false. */
    private static final String RABBITMQ_3_10_REDELIVERY = "005370c006054140404240"
            + "005373d0000000170000000b40404040404040404040a10772756e312d7030"
            + "005375a00e68656c6c6f2d626f64792d313233";

    @Test
    void findsBodyGroupIdAndFirstDeliveryInWhatProtonj2Encodes() throws Exception {
        byte[] body = "0123456789ab-payload".getBytes(StandardCharsets.US_ASCII);
        byte[] raw = encode(Message.create(body).durable(true).groupId("abc123-p0").messageId("m-1")
                .subject("s").property("k", 42L).annotation("x-opt-a", "b"));
        assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
        assertThat(Arrays.copyOfRange(raw, scanner.bodyOffset(), scanner.bodyOffset() + scanner.bodyLength()))
                .isEqualTo(body);
        assertThat(scanner.groupId()).isEqualTo("abc123-p0");
        assertThat(scanner.redelivered()).isFalse();
    }

    @Test
    void readsRabbitMQ310StreamDeliveriesThatProtonj2CannotDecode() {
        byte[] raw = HexFormat.of().parseHex(RABBITMQ_3_10_STREAM_DELIVERY);
        assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
        assertThat(new String(raw, scanner.bodyOffset(), scanner.bodyLength(), StandardCharsets.US_ASCII))
                .isEqualTo("hello-body-123");
        assertThat(scanner.bodyOffset() + scanner.bodyLength()).as("the body ends the message").isEqualTo(raw.length);
        assertThat(scanner.groupId()).isEqualTo("run1-p0");
        assertThat(scanner.redelivered()).isFalse();
    }

    @Test
    void readsTheStreamOffsetAnnotationAsASymbolOrAString() throws Exception {
        byte[] raw310 = HexFormat.of().parseHex(RABBITMQ_3_10_STREAM_DELIVERY); // str8 key, ulong0 value
        assertThat(scanner.scan(raw310, 0, raw310.length)).isTrue();
        assertThat(scanner.hasStreamOffset()).isTrue();
        assertThat(scanner.streamOffset()).isZero();
        for (long offset : new long[] {5, 200, 70_000, 5_000_000_000L}) {
            byte[] raw = encode(Message.create(new byte[12]).groupId("g").annotation("x-opt-first", "a")
                    .annotation("x-stream-offset", offset).annotation("x-opt-last", 7L));
            assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
            assertThat(scanner.hasStreamOffset()).isTrue();
            assertThat(scanner.streamOffset()).isEqualTo(offset);
            assertThat(scanner.groupId()).isEqualTo("g");
        }
        byte[] plain = encode(Message.create(new byte[12]).annotation("x-opt-a", "b"));
        assertThat(scanner.scan(plain, 0, plain.length)).isTrue();
        assertThat(scanner.hasStreamOffset()).isFalse();
    }

    @Test
    void firstAcquirerFalseMeansRedelivered() {
        byte[] raw = HexFormat.of().parseHex(RABBITMQ_3_10_REDELIVERY);
        assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
        assertThat(scanner.redelivered()).isTrue();
        assertThat(scanner.groupId()).isEqualTo("run1-p0");
    }

    @Test
    void aDeliveryCountAboveZeroMeansRedelivered() throws Exception {
        byte[] raw = encode(Message.create(new byte[12]).deliveryCount(2));
        assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
        assertThat(scanner.redelivered()).isTrue();
        assertThat(scanner.groupId()).isNull();
        assertThat(scanner.bodyLength()).isEqualTo(12);
    }

    @Test
    void largeBodiesUseFourByteSizes() throws Exception {
        byte[] body = new byte[70_000];
        body[69_999] = 7;
        byte[] raw = encode(Message.create(body).groupId("g".repeat(300)).durable(false));
        assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
        assertThat(scanner.bodyLength()).isEqualTo(70_000);
        assertThat(raw[scanner.bodyOffset() + 69_999]).isEqualTo((byte) 7);
        assertThat(scanner.groupId()).hasSize(300);
    }

    @Test
    void scansInsideALargerBufferAndReusesTheGroupIdString() throws Exception {
        byte[] raw = encode(Message.create(new byte[]{1, 2, 3}).groupId("same"));
        byte[] padded = new byte[raw.length + 10];
        System.arraycopy(raw, 0, padded, 5, raw.length);
        scanner.scan(padded, 5, raw.length);
        String first = scanner.groupId();
        scanner.scan(raw, 0, raw.length);
        assertThat(scanner.groupId()).isSameAs(first);
        assertThat(padded[scanner.bodyOffset() + 5]).isEqualTo((byte) 1);
    }

    @Test
    void otherBodyKindsGiveAnEmptyBody() throws Exception {
        byte[] raw = encode(Message.create("a string body").groupId("foreign"));
        assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
        assertThat(scanner.bodyLength()).isZero();
        assertThat(scanner.groupId()).isEqualTo("foreign");
        byte[] seq = encode(Message.create(List.of(1, 2)));
        assertThat(scanner.scan(seq, 0, seq.length)).isTrue();
        byte[] map = encode(Message.create(Map.of("k", "v")));
        assertThat(scanner.scan(map, 0, map.length)).isTrue();
    }

    @Test
    void aMalformedMessageIsPassedWholeWithoutIdentity() {
        byte[] raw = HexFormat.of().parseHex(RABBITMQ_3_10_STREAM_DELIVERY);
        byte[] truncated = Arrays.copyOf(raw, 30);
        assertThat(scanner.scan(truncated, 0, truncated.length)).isFalse();
        assertThat(scanner.bodyOffset()).isZero();
        assertThat(scanner.bodyLength()).isEqualTo(30);
        assertThat(scanner.groupId()).isNull();
        byte[] garbage = {1, 2, 3};
        assertThat(scanner.scan(garbage, 0, 3)).isFalse();
    }

    private static byte[] encode(Message<?> message) throws Exception {
        AdvancedMessage<?> m = message.toAdvancedMessage();
        ProtonBuffer b = m.encode(null, ProtonBufferAllocator.defaultAllocator());
        byte[] out = new byte[b.getReadableBytes()];
        b.copyInto(b.getReadOffset(), out, 0, out.length);
        return out;
    }
}
