package io.amqpharness.amqp10;

import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.scenario.MessageProperties;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBuffer;

/**
 * One publisher's messages in the buffer the engine frames from: the publisher's sections
 * ({@link SectionsEncoder#forLink}, encoded once) and a data section's head are written straight
 * into the array behind that buffer, and the body copied after them, once. The array and its
 * buffer are reused, replaced by larger ones only when a message does not fit (then twice the
 * size): no allocation per message. Used by one publishing thread.
 */
final class MessageEncoder {
    private static final int INITIAL_BYTES = 256;
    private final SectionsEncoder[] variants;
    private final boolean keyPerMessage;
    private byte[] message = new byte[INITIAL_BYTES];
    private ProtonBuffer buffer = new ProtonByteArrayBuffer(message);

    /**
     * @param persistent    durable messages (else transient)
     * @param publisherId   the publisher identity, sent as {@code group-id}
     * @param p             the scenario's message properties
     * @param keyPerMessage true if {@link #encode} gets a subject for each message
     */
    MessageEncoder(boolean persistent, String publisherId, MessageProperties p, boolean keyPerMessage) {
        this(persistent, publisherId, List.of(p), keyPerMessage, null);
    }

    /**
     * @param variants the properties of each variant a message may name ({@link #encode(byte[], String, int)}),
     *                 variant 0 first
     * @param toAddress with {@code keyPerMessage}: the {@code to} address a routing key goes to (the link
     *                  has no target address), or null to send the key as the subject
     */
    MessageEncoder(boolean persistent, String publisherId, List<MessageProperties> variants, boolean keyPerMessage,
                   UnaryOperator<String> toAddress) {
        this.variants = variants.stream().map(v -> SectionsEncoder.forLink(persistent, publisherId, v, toAddress))
                .toArray(SectionsEncoder[]::new);
        this.keyPerMessage = keyPerMessage;
    }

    /**
     * Encodes a message around {@code body} into the reused buffer and returns it (valid until the
     * next call).
     *
     * @param subject the message's routing key as its subject, or null for the fixed properties
     */
    ProtonBuffer encode(byte[] body, String subject) {
        return encode(body, subject, 0);
    }

    /** As {@link #encode(byte[], String)}, with the properties of variant {@code variant}. */
    ProtonBuffer encode(byte[] body, String subject, int variant) {
        SectionsEncoder sections = variants[variant];
        boolean own = keyPerMessage && subject != null;
        int size = (own ? sections.headSize(body.length, subject) : sections.headSize(body.length)) + body.length;
        if (size > message.length) {
            message = new byte[Math.max(size, message.length * 2)];
            buffer = new ProtonByteArrayBuffer(message);
        }
        byte[] m = message;
        int at = own ? sections.writeHead(m, 0, body.length, subject) : sections.writeHead(m, 0, body.length);
        System.arraycopy(body, 0, m, at, body.length);
        ProtonBuffer b = buffer;
        b.clear();
        b.setWriteOffset(at + body.length);
        return b;
    }
}
