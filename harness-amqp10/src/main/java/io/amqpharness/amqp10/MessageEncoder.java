package io.amqpharness.amqp10;

import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.scenario.MessageProperties;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;

/**
 * One publisher's messages in the buffer the engine frames from: the publisher's sections
 * ({@link SectionsEncoder#forLink}, encoded once) and a data section around each body, the body
 * copied once. Reuses one buffer; used by one publishing thread.
 */
final class MessageEncoder {
    private final SectionsEncoder[] variants;
    private final boolean keyPerMessage;
    private final ProtonBuffer buffer = ProtonBufferAllocator.defaultAllocator().allocateHeapBuffer(256);
    private byte[] head = new byte[64];

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
        int n = own ? sections.headSize(body.length, subject) : sections.headSize(body.length);
        if (n > head.length) {
            head = new byte[Math.max(n, head.length * 2)];
        }
        int at = own ? sections.writeHead(head, 0, body.length, subject) : sections.writeHead(head, 0, body.length);
        ProtonBuffer b = buffer;
        b.clear();
        b.ensureWritable(at + body.length);
        b.writeBytes(head, 0, at);
        b.writeBytes(body);
        return b;
    }
}
