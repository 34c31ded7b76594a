package io.amqpharness.stream;

import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.Properties;
import io.amqpharness.message.MessageScanner;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import java.util.Map;

/**
 * A message read by {@link HarnessCodec}: the encoded bytes as the client read them, where its one
 * data section lies in them, and its {@code group-id}, found by a {@link MessageScanner} without
 * building the whole AMQP 1.0 message. A consumer reads the body where it lies ({@link #data()},
 * {@link #bodyOffset()}, {@link #bodyLength()}), without a copy. The application properties, which
 * only filtering consumers read, are decoded when asked for.
 */
final class IncomingMessage implements Message {
    private final byte[] data;
    private final int bodyOffset;
    private final int bodyLength;
    private final String groupId;
    private final boolean hasApplicationProperties;
    private final Codec fullDecoder;

    /**
     * What a {@link MessageScanner} found in all of {@code data}.
     *
     * @param groupId                  the {@code group-id} property, or null
     * @param hasApplicationProperties whether the message has an application-properties section
     * @param fullDecoder              decodes the whole message when its application properties hold a
     *                                 value AMQP 1.0 does not allow there (a list, a map, a described value)
     */
    IncomingMessage(byte[] data, int bodyOffset, int bodyLength, String groupId, boolean hasApplicationProperties,
                    Codec fullDecoder) {
        this.data = data;
        this.bodyOffset = bodyOffset;
        this.bodyLength = bodyLength;
        this.groupId = groupId;
        this.hasApplicationProperties = hasApplicationProperties;
        this.fullDecoder = fullDecoder;
    }

    /** The encoded message; the body is {@link #bodyLength()} bytes at {@link #bodyOffset()}. */
    byte[] data() {
        return data;
    }

    int bodyOffset() {
        return bodyOffset;
    }

    int bodyLength() {
        return bodyLength;
    }

    /** The publisher's identity ({@code group-id}), or null if the message has none. */
    String groupId() {
        return groupId;
    }

    @Override
    public boolean hasPublishingId() {
        return false;
    }

    @Override
    public long getPublishingId() {
        return 0;
    }

    /** A copy of the body. */
    @Override
    public byte[] getBodyAsBinary() {
        return Arrays.copyOfRange(data, bodyOffset, bodyOffset + bodyLength);
    }

    @Override
    public Object getBody() {
        return getBodyAsBinary();
    }

    @Override
    public Properties getProperties() {
        return groupId == null ? null : new GroupIdProperties(groupId);
    }

    /** Decoded on each call; null if the message has none (as the client's codecs return). */
    @Override
    public Map<String, Object> getApplicationProperties() {
        if (!hasApplicationProperties) {
            return null;
        }
        try {
            return MessageScanner.applicationProperties(data, 0, data.length);
        } catch (IllegalArgumentException e) {
            return fullDecoder.decode(Unpooled.wrappedBuffer(data), data.length).getApplicationProperties();
        }
    }

    @Override
    public Map<String, Object> getMessageAnnotations() {
        return null;
    }
}
