package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.message.MessageScanner;
import io.amqpharness.scenario.MessageProperties;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Decoder;
import org.apache.qpid.protonj2.codec.DecoderState;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.UnsignedByte;
import org.apache.qpid.protonj2.types.messaging.ApplicationProperties;
import org.apache.qpid.protonj2.types.messaging.Data;
import org.apache.qpid.protonj2.types.messaging.Header;
import org.apache.qpid.protonj2.types.messaging.MessageAnnotations;
import org.apache.qpid.protonj2.types.messaging.Properties;
import org.junit.jupiter.api.Test;

class MessageEncoderTest {
    private final MessageScanner scanner = new MessageScanner();

    private static List<Object> decode(ProtonBuffer encoded) {
        byte[] bytes = new byte[encoded.getReadableBytes()];
        encoded.copyInto(encoded.getReadOffset(), bytes, 0, bytes.length);
        ProtonBuffer b = org.apache.qpid.protonj2.buffer.ProtonBufferAllocator.defaultAllocator().copy(bytes);
        Decoder decoder = CodecFactory.getDefaultDecoder();
        DecoderState state = decoder.newDecoderState();
        List<Object> sections = new ArrayList<>();
        while (b.isReadable()) {
            sections.add(decoder.readObject(b, state));
        }
        return sections;
    }

    private byte[] bytes(ProtonBuffer encoded) {
        byte[] bytes = new byte[encoded.getReadableBytes()];
        encoded.copyInto(encoded.getReadOffset(), bytes, 0, bytes.length);
        return bytes;
    }

    @Test
    void aPersistentMessageIsADurableHeaderPropertiesAndOneDataSection() {
        MessageEncoder encoder = new MessageEncoder(true, "run-p0", MessageProperties.NONE, false);
        byte[] body = "0123456789ab".getBytes();
        List<Object> sections = decode(encoder.encode(body, null));
        assertThat(sections).hasSize(3);
        assertThat(((Header) sections.get(0)).isDurable()).isTrue();
        assertThat(((Properties) sections.get(1)).getGroupId()).isEqualTo("run-p0");
        assertThat(((Data) sections.get(2)).getValue()).isEqualTo(body);
    }

    @Test
    void aTransientMessageCarriesTheDeliveryModeAnnotationRabbitMQ4Reads() {
        MessageEncoder encoder = new MessageEncoder(false, "run-p0", MessageProperties.NONE, false);
        List<Object> sections = decode(encoder.encode(new byte[12], null));
        assertThat(((Header) sections.get(0)).isDurable()).isFalse();
        Map<Symbol, Object> annotations = ((MessageAnnotations) sections.get(1)).getValue();
        assertThat(annotations).containsEntry(Symbol.valueOf("x-basic-delivery-mode"), UnsignedByte.valueOf((byte) 1));
    }

    @Test
    void propertiesAndAPerMessageSubject() {
        MessageProperties p = new MessageProperties(Optional.of("application/json"), Optional.of("gzip"),
                OptionalInt.of(7), Optional.of(Duration.ofSeconds(30)), Optional.of("order"), Map.of("region", "eu"));
        MessageEncoder encoder = new MessageEncoder(true, "run-p1", p, true);
        List<Object> sections = decode(encoder.encode(new byte[300], "key.a"));
        Header h = (Header) sections.get(0);
        assertThat(h.getPriority()).isEqualTo((byte) 7);
        assertThat(h.getTimeToLive()).isEqualTo(30_000L);
        Properties props = (Properties) sections.get(1);
        assertThat(props.getSubject()).isEqualTo("key.a");
        assertThat(props.getContentType()).isEqualTo("application/json");
        assertThat(props.getContentEncoding()).isEqualTo("gzip");
        assertThat(((ApplicationProperties) sections.get(2)).getValue()).containsEntry("region", "eu");
        assertThat(((Data) sections.get(3)).getValue()).hasSize(300);
        assertThat(((Properties) decode(encoder.encode(new byte[1], "key.b")).get(1)).getSubject()).isEqualTo("key.b");
    }

    @Test
    void theScannerFindsTheBodyAndTheIdentityItWrote() {
        MessageEncoder encoder = new MessageEncoder(true, "run-p2", MessageProperties.NONE, false);
        for (int size : new int[] {0, 12, 255, 256, 70_000}) {
            byte[] body = new byte[size];
            Arrays.fill(body, (byte) 7);
            byte[] raw = bytes(encoder.encode(body, null));
            assertThat(scanner.scan(raw, 0, raw.length)).isTrue();
            assertThat(scanner.bodyLength()).isEqualTo(size);
            assertThat(scanner.bodyOffset() + size).isEqualTo(raw.length);
            assertThat(scanner.groupId()).isEqualTo("run-p2");
        }
    }
}
