package io.amqpharness.stream;

import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.Properties;
import io.amqpharness.message.SectionsEncoder;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Map;

/**
 * One message a publisher sends: its publishing id (the core's sequence) and its AMQP 1.0 encoding,
 * the publisher's sections ({@link SectionsEncoder}) and a data section with the body. It is its own
 * encoding as the stream client takes it ({@link HarnessCodec} returns it): written after its size
 * (4 bytes, big-endian), which {@link #getSize()} leaves out. Encoded when made, on the sending
 * thread, so the body is copied then and the caller may reuse its array once the send returns; the
 * producer asks for the encoding twice (once to check its size) and gets this object both times.
 * Only the publishing id is read again, when the confirm comes.
 */
final class OutgoingMessage implements Message, Codec.EncodedMessage {
    private final SectionsEncoder sections;
    private final long publishingId;
    /** The encoded message: the sections, the data section's head, the body. */
    private final byte[] data;
    private final int bodyLength;

    OutgoingMessage(SectionsEncoder sections, long publishingId, byte[] body) {
        this.sections = sections;
        this.publishingId = publishingId;
        this.data = sections.encode(body);
        this.bodyLength = body.length;
    }

    /** The encoded message (this object). */
    Codec.EncodedMessage encoded() {
        return this;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        out.write(data.length >>> 24);
        out.write(data.length >>> 16);
        out.write(data.length >>> 8);
        out.write(data.length);
        out.write(data);
    }

    @Override
    public void writeTo(ByteBuf buf) {
        buf.writeInt(data.length).writeBytes(data);
    }

    @Override
    public int getSize() {
        return data.length;
    }

    @Override
    public boolean hasPublishingId() {
        return true;
    }

    @Override
    public long getPublishingId() {
        return publishingId;
    }

    /** The body, read back from the encoding (a copy). */
    @Override
    public byte[] getBodyAsBinary() {
        int at = data.length - bodyLength;
        return Arrays.copyOfRange(data, at, at + bodyLength);
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
