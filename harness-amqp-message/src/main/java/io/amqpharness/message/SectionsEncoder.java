package io.amqpharness.message;

import io.amqpharness.scenario.MessageProperties;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What every message of one publisher carries before its body, encoded once when the publisher
 * opens: the properties with {@code group-id} = the publisher identity (the wire contract of
 * docs/payload.md), and the application properties; on an AMQP 1.0 link also the header and, for
 * a transient message, a message annotation. A message is then these bytes and one data section
 * around its body ({@link DataSection}): {@link #writeHead} writes what precedes the body into the
 * caller's array (no allocation), {@link #encode} the whole message into a new one.
 *
 * <p>Not thread-safe when messages carry their own subject ({@link #writeHead(byte[], int, int, String)}
 * keeps each subject's encoding, allocating the first time it sees a subject; past
 * {@link #SUBJECTS_KEPT} subjects it keeps only the last one's and allocates when the subject changes);
 * otherwise immutable.
 */
public final class SectionsEncoder {
    private static final byte[] NONE = new byte[0];
    private final String groupId;
    private final Map<String, Object> applicationProperties;
    /** The header and message annotations (an AMQP 1.0 link), or nothing (a stream). */
    private final byte[] beforeProperties;
    /** The properties' fields up to group-id, encoded, the subject's slot empty. */
    private final List<byte[]> propertyFields;
    private final byte[] afterProperties;
    private final byte[] fixed;
    /**
     * Where a message's own routing key goes: null to send it as the {@code subject}, else the
     * {@code to} address this makes of it (RabbitMQ 4's address v2 routes a message sent on a link
     * without a target to its {@code to}; {@code /exchanges/X} alone routes with the empty key).
     */
    private final UnaryOperator<String> toAddress;
    /** How many subjects' encodings {@link #writeHead(byte[], int, int, String)} keeps: 4,096. */
    public static final int SUBJECTS_KEPT = 4096;
    private final Map<String, byte[]> subjectSections = new java.util.HashMap<>();
    private String lastSubject;
    private byte[] lastSubjectSections;

    private SectionsEncoder(String groupId, byte[] beforeProperties, List<byte[]> propertyFields,
                            Map<String, ?> applicationProperties, UnaryOperator<String> toAddress) {
        this.toAddress = toAddress;
        this.groupId = groupId;
        this.applicationProperties = Collections.unmodifiableMap(new LinkedHashMap<>(applicationProperties));
        this.beforeProperties = beforeProperties;
        this.propertyFields = propertyFields;
        this.afterProperties = applicationProperties.isEmpty() ? NONE
                : ValueWriter.applicationProperties(applicationProperties, false);
        this.fixed = sections(null);
    }

    /**
     * The sections of a message sent on an AMQP 1.0 link: the header ({@code durable} if
     * {@code persistent}, the priority up to 255, the TTL in milliseconds); for a transient message
     * the annotation {@code x-basic-delivery-mode = 1} (RabbitMQ 4.0 and 4.1 read a header without
     * {@code durable} as durable); the properties ({@code group-id}, content type and encoding as
     * symbols, the type as subject); the headers as application properties. Lists and maps take
     * their smallest encoding (a {@code list8} for the properties of a group-id under some 240
     * bytes), where protonj2's encoder writes properties and application properties with 4-byte
     * sizes whatever theirs: 6 bytes fewer per message for the broker to read and store, the same
     * values for any decoder ({@code SectionsEncoderTest}).
     *
     * @param groupId the publisher identity
     */
    public static SectionsEncoder forLink(boolean persistent, String groupId, MessageProperties p) {
        return forLink(persistent, groupId, p, null);
    }

    /**
     * As {@link #forLink(boolean, String, MessageProperties)}, for a link whose messages name their own
     * routing key ({@link #writeHead(byte[], int, int, String)}) in their {@code to} address rather than
     * their subject: RabbitMQ 4 (address v2) routes a message sent on a link without a target address
     * to its {@code to}, such as {@code /exchanges/X/KEY}.
     *
     * @param toAddress the {@code to} address of a routing key; null to send keys as the subject
     */
    public static SectionsEncoder forLink(boolean persistent, String groupId, MessageProperties p,
                                          UnaryOperator<String> toAddress) {
        List<byte[]> header = new ArrayList<>();
        if (persistent || p.priority().isPresent() || p.expiration().isPresent()) {
            header.add(persistent ? ValueWriter.encode(w -> w.bool(true)) : null);
        }
        if (p.priority().isPresent() || p.expiration().isPresent()) {
            header.add(p.priority().isPresent()
                    ? ValueWriter.encode(w -> w.ubyte(Math.min(255, p.priority().getAsInt()))) : null);
        }
        p.expiration().ifPresent(ttl -> header.add(ValueWriter.encode(w -> w.uint(ttl.toMillis()))));
        ValueWriter before = new ValueWriter().section(AmqpCodes.HEADER).list(nullsFilled(header));
        if (!persistent) {
            before.section(AmqpCodes.MESSAGE_ANNOTATIONS).map(List.of(
                    ValueWriter.encode(w -> w.symbol("x-basic-delivery-mode")), ValueWriter.encode(w -> w.ubyte(1))));
        }
        byte[][] fields = new byte[AmqpCodes.GROUP_ID_FIELD + 1][];
        p.type().ifPresent(s -> fields[AmqpCodes.SUBJECT_FIELD] = ValueWriter.encode(w -> w.string(s)));
        p.contentType().ifPresent(s -> fields[AmqpCodes.CONTENT_TYPE_FIELD] = ValueWriter.encode(w -> w.symbol(s)));
        p.contentEncoding().ifPresent(s -> fields[AmqpCodes.CONTENT_ENCODING_FIELD] = ValueWriter.encode(w -> w.symbol(s)));
        fields[AmqpCodes.GROUP_ID_FIELD] = ValueWriter.encode(w -> w.string(groupId));
        return new SectionsEncoder(groupId, before.toByteArray(), Arrays.asList(fields), p.headers(), toAddress);
    }

    /**
     * The sections of a message sent to a stream over the stream protocol: the properties with
     * {@code group-id} only, and these application properties (the filter value, if any).
     *
     * @param groupId the publisher identity
     */
    public static SectionsEncoder forStream(String groupId, Map<String, ?> applicationProperties) {
        byte[][] fields = new byte[AmqpCodes.GROUP_ID_FIELD + 1][];
        fields[AmqpCodes.GROUP_ID_FIELD] = ValueWriter.encode(w -> w.string(groupId));
        return new SectionsEncoder(groupId, NONE, Arrays.asList(fields), applicationProperties, null);
    }

    private static List<byte[]> nullsFilled(List<byte[]> fields) {
        byte[] nul = {(byte) AmqpCodes.NULL};
        return fields.stream().map(f -> f == null ? nul : f).toList();
    }

    /** The encoded sections with this subject, or with the fixed one if null. */
    private byte[] sections(String subject) {
        List<byte[]> fields = new ArrayList<>(propertyFields);
        if (subject != null && toAddress != null) {
            String to = toAddress.apply(subject);
            fields.set(AmqpCodes.TO_FIELD, ValueWriter.encode(w -> w.string(to)));
        } else if (subject != null) {
            fields.set(AmqpCodes.SUBJECT_FIELD, ValueWriter.encode(w -> w.string(subject)));
        }
        ValueWriter w = new ValueWriter().bytes(beforeProperties).section(AmqpCodes.PROPERTIES);
        return w.list(nullsFilled(fields)).bytes(afterProperties).toByteArray();
    }

    private byte[] sectionsWith(String subject) {
        if (subject.equals(lastSubject)) {
            return lastSubjectSections;
        }
        byte[] kept = subjectSections.get(subject);
        if (kept == null) {
            kept = sections(subject);
            if (subjectSections.size() < SUBJECTS_KEPT) {
                subjectSections.put(subject, kept);
            }
        }
        lastSubjectSections = kept;
        lastSubject = subject;
        return kept;
    }

    /** The publisher identity, this publisher's {@code group-id}. */
    public String groupId() {
        return groupId;
    }

    /** The application properties every message of this publisher carries, in their order; may be empty. */
    public Map<String, Object> applicationProperties() {
        return applicationProperties;
    }

    /** The encoded size in bytes of a message with a body of {@code bodyLength} bytes. */
    public int size(int bodyLength) {
        return headSize(bodyLength) + bodyLength;
    }

    /** The size in bytes of what precedes a body of {@code bodyLength} bytes: the sections and the data section's head. */
    public int headSize(int bodyLength) {
        return fixed.length + DataSection.headSize(bodyLength);
    }

    /** As {@link #headSize(int)}, for a message with its own subject. */
    public int headSize(int bodyLength, String subject) {
        return sectionsWith(subject).length + DataSection.headSize(bodyLength);
    }

    /**
     * Writes what precedes a body of {@code bodyLength} bytes (these sections and the data
     * section's head) at {@code pos} of {@code out}, which must hold {@link #headSize(int)} bytes
     * from there. The body follows.
     *
     * @return the position after it, where the body goes
     */
    public int writeHead(byte[] out, int pos, int bodyLength) {
        return writeHead(out, pos, fixed, bodyLength);
    }

    /** As {@link #writeHead(byte[], int, int)}, with the message's own subject (its routing key). */
    public int writeHead(byte[] out, int pos, int bodyLength, String subject) {
        return writeHead(out, pos, sectionsWith(Objects.requireNonNull(subject)), bodyLength);
    }

    private static int writeHead(byte[] out, int pos, byte[] sections, int bodyLength) {
        System.arraycopy(sections, 0, out, pos, sections.length);
        return DataSection.writeHead(out, pos + sections.length, bodyLength);
    }

    /** The whole message in a new array of {@link #size(int)} bytes. */
    public byte[] encode(byte[] body) {
        byte[] out = new byte[size(body.length)];
        int at = writeHead(out, 0, body.length);
        System.arraycopy(body, 0, out, at, body.length);
        return out;
    }
}
