package io.amqpharness.stream;

import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.Properties;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;

/**
 * A message read by {@link HarnessCodec}: the encoded bytes as the client read them, where its one
 * data section lies in them, and its {@code group-id}, decoded without building the whole AMQP 1.0
 * message. A consumer reads the body where it lies ({@link #data()}, {@link #bodyOffset()},
 * {@link #bodyLength()}), without a copy. The rest (application properties, which only filtering
 * consumers read) is decoded in full when asked for.
 */
final class IncomingMessage implements Message {
    private final byte[] data;
    private final int bodyOffset;
    private final int bodyLength;
    private final String groupId;
    private final boolean hasApplicationProperties;
    private final Function<byte[], Message> fullDecoder;

    private IncomingMessage(byte[] data, int bodyOffset, int bodyLength, String groupId,
                            boolean hasApplicationProperties, Function<byte[], Message> fullDecoder) {
        this.data = data;
        this.bodyOffset = bodyOffset;
        this.bodyLength = bodyLength;
        this.groupId = groupId;
        this.hasApplicationProperties = hasApplicationProperties;
        this.fullDecoder = fullDecoder;
    }

    /** As {@link #parse(byte[], GroupIds, Function)} with a cache of its own and no full decoder. */
    static IncomingMessage parse(byte[] data) {
        return parse(data, new GroupIds(), d -> null);
    }

    /**
     * Reads a message made of any sections the AMQP 1.0 message format has (header, annotations,
     * properties, application properties, footer) and one data section; null for anything else
     * (an {@code amqp-value} or {@code amqp-sequence} body, several data sections, a section with a
     * symbolic descriptor, or bytes that do not parse), which the caller decodes in full instead.
     *
     * @param groupIds    decoded group ids, reused while they repeat
     * @param fullDecoder decodes the whole message when its application properties are asked for
     */
    static IncomingMessage parse(byte[] data, GroupIds groupIds, Function<byte[], Message> fullDecoder) {
        try {
            return read(data, groupIds, fullDecoder);
        } catch (RuntimeException e) {
            return null; // malformed, or a constructor the fast path does not know: decode it in full
        }
    }

    private static IncomingMessage read(byte[] data, GroupIds groupIds, Function<byte[], Message> fullDecoder) {
        int end = data.length;
        int pos = 0;
        int bodyOffset = -1;
        int bodyLength = 0;
        String groupId = null;
        boolean applicationProperties = false;
        while (pos < end) {
            if ((data[pos] & 0xff) != AmqpSections.DESCRIBED || pos + 2 >= end
                    || (data[pos + 1] & 0xff) != AmqpSections.SMALL_ULONG) {
                return null;
            }
            int section = data[pos + 2] & 0xff;
            int value = pos + 3;
            int next = AmqpSections.skip(data, value, end);
            if (next > end) {
                return null;
            }
            switch (section) {
                case AmqpSections.HEADER, AmqpSections.DELIVERY_ANNOTATIONS, AmqpSections.MESSAGE_ANNOTATIONS,
                     AmqpSections.FOOTER -> {
                    // not read
                }
                case AmqpSections.PROPERTIES -> groupId = groupId(data, value, next, groupIds);
                case AmqpSections.APPLICATION_PROPERTIES -> applicationProperties = true;
                case AmqpSections.DATA -> {
                    int constructor = data[value] & 0xff;
                    if (bodyOffset >= 0 || (constructor != AmqpSections.VBIN8 && constructor != AmqpSections.VBIN32)) {
                        return null;
                    }
                    bodyOffset = value + (constructor == AmqpSections.VBIN8 ? 2 : 5);
                    bodyLength = next - bodyOffset;
                }
                default -> {
                    return null;
                }
            }
            pos = next;
        }
        if (bodyOffset < 0) {
            return null;
        }
        return new IncomingMessage(data, bodyOffset, bodyLength, groupId, applicationProperties, fullDecoder);
    }

    /** The group-id field of the properties list at {@code pos} (ending at {@code end}), null if absent. */
    private static String groupId(byte[] data, int pos, int end, GroupIds groupIds) {
        int constructor = data[pos] & 0xff;
        int count;
        int item;
        if (constructor == AmqpSections.LIST0) {
            return null;
        } else if (constructor == AmqpSections.LIST8) {
            count = data[pos + 2] & 0xff;
            item = pos + 3;
        } else if (constructor == AmqpSections.LIST32) {
            count = AmqpSections.int32(data, pos + 5);
            item = pos + 9;
        } else {
            throw new IllegalArgumentException("properties are not a list");
        }
        if (count <= AmqpSections.GROUP_ID_FIELD) {
            return null;
        }
        for (int i = 0; i < AmqpSections.GROUP_ID_FIELD; i++) {
            item = AmqpSections.skip(data, item, end);
        }
        int type = data[item] & 0xff;
        if (type == AmqpSections.STR8) {
            return groupIds.get(data, item + 2, data[item + 1] & 0xff);
        }
        if (type == AmqpSections.STR32) {
            return groupIds.get(data, item + 5, AmqpSections.int32(data, item + 1));
        }
        if (type == AmqpSections.NULL) {
            return null;
        }
        throw new IllegalArgumentException("group-id is not a string");
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

    @Override
    public Map<String, Object> getApplicationProperties() {
        if (!hasApplicationProperties) {
            return null;
        }
        Message full = fullDecoder.apply(data);
        return full == null ? null : full.getApplicationProperties();
    }

    @Override
    public Map<String, Object> getMessageAnnotations() {
        return null;
    }

    /**
     * The last group id decoded, reused while the next message's bytes are the same (a consumer
     * mostly reads one publisher's messages in a row). Safe on several threads: each sees a whole
     * pair or decodes again.
     */
    static final class GroupIds {
        private record Decoded(byte[] utf8, String value) {
        }

        private volatile Decoded last = new Decoded(new byte[0], "");

        String get(byte[] data, int offset, int length) {
            if (length < 0 || offset + length > data.length) {
                throw new IllegalArgumentException("group-id beyond the message");
            }
            Decoded d = last;
            if (Arrays.equals(d.utf8, 0, d.utf8.length, data, offset, offset + length)) {
                return d.value;
            }
            byte[] utf8 = Arrays.copyOfRange(data, offset, offset + length);
            String value = new String(utf8, StandardCharsets.UTF_8);
            last = new Decoded(utf8, value);
            return value;
        }
    }
}
