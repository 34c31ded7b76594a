package io.amqpharness.amqp10;

import io.amqpharness.scenario.MessageProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.UnsignedByte;
import org.apache.qpid.protonj2.types.messaging.ApplicationProperties;
import org.apache.qpid.protonj2.types.messaging.Header;
import org.apache.qpid.protonj2.types.messaging.MessageAnnotations;
import org.apache.qpid.protonj2.types.messaging.Properties;

/**
 * Encodes one publisher's messages. Everything but the body (and the subject, when each message
 * carries its own routing key) is the same for every message, so it is encoded once at start:
 * the header ({@code durable}, priority, TTL), the message annotation
 * {@code x-basic-delivery-mode = 1} for transient messages (RabbitMQ 4.0-4.1 read a header without
 * {@code durable} as durable, and that field cannot say {@code false}), the properties
 * ({@code group-id} = the publisher identity, content type and encoding, subject) and the
 * application properties. Each message is then those bytes and a Data section around the body,
 * written into one reused buffer: the body is copied once, into the buffer the engine frames from.
 * Used by one publishing thread.
 */
final class MessageEncoder {
    private static final byte DESCRIBED = 0x00;
    private static final byte SMALL_ULONG = 0x53;
    private static final byte DATA_SECTION = 0x75;
    private static final byte VBIN8 = (byte) 0xa0;
    private static final byte VBIN32 = (byte) 0xb0;

    private final Encoder encoder = CodecFactory.getDefaultEncoder();
    private final EncoderState state = encoder.newEncoderState();
    private final byte[] beforeProperties;
    private final byte[] fixedProperties;
    private final Properties properties;
    private final byte[] afterProperties;
    private final ProtonBuffer buffer = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(256);
    private String lastSubject;
    private byte[] lastSubjectProperties;

    /**
     * @param persistent  durable messages (else transient)
     * @param publisherId the publisher identity, sent as {@code group-id}
     * @param p           the scenario's message properties
     * @param keyPerMessage true if {@link #encode} gets a subject for each message
     */
    MessageEncoder(boolean persistent, String publisherId, MessageProperties p, boolean keyPerMessage) {
        Header header = new Header();
        if (persistent) {
            header.setDurable(true);
        }
        if (p.priority().isPresent()) {
            header.setPriority((byte) Math.min(255, p.priority().getAsInt()));
        }
        if (p.expiration().isPresent()) {
            header.setTimeToLive(p.expiration().get().toMillis());
        }
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(128);
        encoder.writeObject(b, state, header);
        if (!persistent) {
            Map<Symbol, Object> annotations = new LinkedHashMap<>();
            annotations.put(Symbol.valueOf("x-basic-delivery-mode"), UnsignedByte.valueOf((byte) 1));
            encoder.writeObject(b, state, new MessageAnnotations(annotations));
        }
        beforeProperties = bytes(b);

        properties = new Properties();
        properties.setGroupId(publisherId);
        p.contentType().ifPresent(properties::setContentType);
        p.contentEncoding().ifPresent(properties::setContentEncoding);
        p.type().ifPresent(properties::setSubject);
        fixedProperties = keyPerMessage ? null : encode(properties);

        if (p.headers().isEmpty()) {
            afterProperties = new byte[0];
        } else {
            b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(128);
            encoder.writeObject(b, state, new ApplicationProperties(new LinkedHashMap<>(p.headers())));
            afterProperties = bytes(b);
        }
    }

    private byte[] encode(Object section) {
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(128);
        encoder.writeObject(b, state, section);
        return bytes(b);
    }

    private static byte[] bytes(ProtonBuffer b) {
        byte[] a = new byte[b.getReadableBytes()];
        b.readBytes(a, 0, a.length);
        return a;
    }

    /**
     * Encodes a message around {@code body} into the reused buffer and returns it (valid until the
     * next call).
     *
     * @param subject the message's routing key as its subject, or null for the fixed properties
     */
    ProtonBuffer encode(byte[] body, String subject) {
        ProtonBuffer b = buffer;
        byte[] props = subject == null ? fixedProperties : subjectProperties(subject);
        b.clear();
        b.ensureWritable(beforeProperties.length + props.length + afterProperties.length + 8 + body.length);
        b.writeBytes(beforeProperties);
        b.writeBytes(props);
        b.writeBytes(afterProperties);
        b.writeByte(DESCRIBED);
        b.writeByte(SMALL_ULONG);
        b.writeByte(DATA_SECTION);
        if (body.length <= 255) {
            b.writeByte(VBIN8);
            b.writeByte((byte) body.length);
        } else {
            b.writeByte(VBIN32);
            b.writeInt(body.length);
        }
        b.writeBytes(body);
        return b;
    }

    /** The properties with this subject; the last subject's encoding is kept, as keys often repeat. */
    private byte[] subjectProperties(String subject) {
        if (!subject.equals(lastSubject)) {
            properties.setSubject(subject);
            lastSubjectProperties = encode(properties);
            lastSubject = subject;
        }
        return lastSubjectProperties;
    }
}
