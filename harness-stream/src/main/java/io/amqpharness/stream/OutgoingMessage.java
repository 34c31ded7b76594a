package io.amqpharness.stream;

import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.Properties;
import io.amqpharness.message.SectionsEncoder;
import java.util.Arrays;
import java.util.Map;

/**
 * One message a publisher sends: its publishing id (the core's sequence) and its body after the
 * publisher's sections ({@link SectionsEncoder}). {@link HarnessCodec} encodes it when the producer
 * takes it, on the sending thread, so the body is copied then and the caller may reuse its array
 * once the send returns; the producer encodes each message twice (once to check its size), so the
 * encoding is kept. Only the publishing id is read again, when the confirm comes.
 */
final class OutgoingMessage implements Message {
    private final SectionsEncoder sections;
    private final long publishingId;
    private final int bodyLength;
    private byte[] body;
    private EncodedBytes encoded;

    OutgoingMessage(SectionsEncoder sections, long publishingId, byte[] body) {
        this.sections = sections;
        this.publishingId = publishingId;
        this.bodyLength = body.length;
        this.body = body;
    }

    /** The encoded message, made on the first call; the body is not kept past it. */
    EncodedBytes encoded() {
        EncodedBytes e = encoded;
        if (e == null) {
            e = new EncodedBytes(sections.encode(body));
            encoded = e;
            body = null;
        }
        return e;
    }

    @Override
    public boolean hasPublishingId() {
        return true;
    }

    @Override
    public long getPublishingId() {
        return publishingId;
    }

    /** The body, once encoded read back from the encoding (a copy). */
    @Override
    public byte[] getBodyAsBinary() {
        byte[] b = body;
        if (b != null) {
            return b;
        }
        int at = sections.headSize(bodyLength);
        return Arrays.copyOfRange(encoded().data(), at, at + bodyLength);
    }

    @Override
    public Object getBody() {
        return getBodyAsBinary();
    }

    @Override
    public Properties getProperties() {
        return new GroupIdProperties(sections.groupId());
    }

    @Override
    public Map<String, Object> getApplicationProperties() {
        return sections.applicationProperties();
    }

    @Override
    public Map<String, Object> getMessageAnnotations() {
        return Map.of();
    }
}
