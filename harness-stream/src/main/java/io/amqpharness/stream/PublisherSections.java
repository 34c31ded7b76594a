package io.amqpharness.stream;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What every message of one publisher carries before its body, encoded once: the properties
 * section with the publisher's identity as {@code group-id} and, with a filter value, the
 * application properties section with {@link io.amqpharness.scenario.StreamSettings#FILTER_PROPERTY}.
 * {@link #encode} appends a data section with the body.
 */
final class PublisherSections {
    private final byte[] prefix;
    private final String groupId;
    private final Map<String, Object> applicationProperties;

    /**
     * @param groupId     the publisher's identity
     * @param filterKey   the application property of the filter value
     * @param filterValue the publisher's filter value, or null without filtering
     */
    PublisherSections(String groupId, String filterKey, String filterValue) {
        this.groupId = groupId;
        this.applicationProperties = filterValue == null ? Map.of() : Map.of(filterKey, filterValue);
        byte[] properties = properties(groupId);
        byte[] application = filterValue == null ? new byte[0] : applicationProperties(filterKey, filterValue);
        this.prefix = new byte[properties.length + application.length];
        System.arraycopy(properties, 0, prefix, 0, properties.length);
        System.arraycopy(application, 0, prefix, properties.length, application.length);
    }

    String groupId() {
        return groupId;
    }

    /** The application properties every message of this publisher carries, empty without filtering. */
    Map<String, Object> applicationProperties() {
        return applicationProperties;
    }

    /** The whole message: the sections of this publisher, then {@code body} as one data section. */
    byte[] encode(byte[] body) {
        byte[] out = new byte[size(body.length)];
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        int pos = prefix.length;
        out[pos++] = AmqpSections.DESCRIBED;
        out[pos++] = AmqpSections.SMALL_ULONG;
        out[pos++] = AmqpSections.DATA;
        if (body.length <= 255) {
            out[pos++] = (byte) AmqpSections.VBIN8;
            out[pos++] = (byte) body.length;
        } else {
            out[pos++] = (byte) AmqpSections.VBIN32;
            AmqpSections.putInt32(out, pos, body.length);
            pos += 4;
        }
        System.arraycopy(body, 0, out, pos, body.length);
        return out;
    }

    /** The encoded size of a message with a body of {@code bodyLength} bytes. */
    int size(int bodyLength) {
        return prefix.length + 3 + (bodyLength <= 255 ? 2 : 5) + bodyLength;
    }

    /** Properties: a list of 11 fields, the first ten null, then group-id. */
    private static byte[] properties(String groupId) {
        byte[] id = string(groupId);
        byte[] fields = new byte[AmqpSections.GROUP_ID_FIELD + id.length];
        java.util.Arrays.fill(fields, 0, AmqpSections.GROUP_ID_FIELD, (byte) AmqpSections.NULL);
        System.arraycopy(id, 0, fields, AmqpSections.GROUP_ID_FIELD, id.length);
        return section(AmqpSections.PROPERTIES, compound(AmqpSections.LIST8, AmqpSections.LIST32,
                AmqpSections.GROUP_ID_FIELD + 1, fields));
    }

    /** Application properties: a map of one string key to one string value. */
    private static byte[] applicationProperties(String key, String value) {
        byte[] k = string(key);
        byte[] v = string(value);
        byte[] entries = new byte[k.length + v.length];
        System.arraycopy(k, 0, entries, 0, k.length);
        System.arraycopy(v, 0, entries, k.length, v.length);
        return section(AmqpSections.APPLICATION_PROPERTIES, compound(AmqpSections.MAP8, AmqpSections.MAP32, 2, entries));
    }

    private static byte[] section(int descriptor, byte[] value) {
        byte[] out = new byte[3 + value.length];
        out[0] = AmqpSections.DESCRIBED;
        out[1] = AmqpSections.SMALL_ULONG;
        out[2] = (byte) descriptor;
        System.arraycopy(value, 0, out, 3, value.length);
        return out;
    }

    /** A list or map: its size counts the count's bytes and the elements'. */
    private static byte[] compound(int small, int large, int count, byte[] elements) {
        if (elements.length + 1 <= 255) {
            byte[] out = new byte[3 + elements.length];
            out[0] = (byte) small;
            out[1] = (byte) (elements.length + 1);
            out[2] = (byte) count;
            System.arraycopy(elements, 0, out, 3, elements.length);
            return out;
        }
        byte[] out = new byte[9 + elements.length];
        out[0] = (byte) large;
        AmqpSections.putInt32(out, 1, elements.length + 4);
        AmqpSections.putInt32(out, 5, count);
        System.arraycopy(elements, 0, out, 9, elements.length);
        return out;
    }

    private static byte[] string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length <= 255) {
            byte[] out = new byte[2 + utf8.length];
            out[0] = (byte) AmqpSections.STR8;
            out[1] = (byte) utf8.length;
            System.arraycopy(utf8, 0, out, 2, utf8.length);
            return out;
        }
        byte[] out = new byte[5 + utf8.length];
        out[0] = (byte) AmqpSections.STR32;
        AmqpSections.putInt32(out, 1, utf8.length);
        System.arraycopy(utf8, 0, out, 5, utf8.length);
        return out;
    }
}
