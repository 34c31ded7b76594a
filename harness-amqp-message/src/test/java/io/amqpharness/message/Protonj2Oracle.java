package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Decoder;
import org.apache.qpid.protonj2.codec.DecoderState;
import org.apache.qpid.protonj2.types.Binary;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.UnsignedByte;
import org.apache.qpid.protonj2.types.UnsignedInteger;
import org.apache.qpid.protonj2.types.UnsignedLong;
import org.apache.qpid.protonj2.types.UnsignedShort;
import org.apache.qpid.protonj2.types.messaging.AmqpSequence;
import org.apache.qpid.protonj2.types.messaging.AmqpValue;
import org.apache.qpid.protonj2.types.messaging.ApplicationProperties;
import org.apache.qpid.protonj2.types.messaging.Data;
import org.apache.qpid.protonj2.types.messaging.Header;
import org.apache.qpid.protonj2.types.messaging.MessageAnnotations;
import org.apache.qpid.protonj2.types.messaging.Properties;

/**
 * The oracle for {@link MessageScanner}: protonj2's own decoder reads every section of a message,
 * and what it finds (the first data section, group-id, first-acquirer and delivery-count, the
 * {@code x-stream-offset} annotation, the application properties, the kind of body) must be what
 * the scanner finds. RabbitMQ 3.10 writes the {@code x-stream-offset} key of a stream delivery as a
 * string, which protonj2 refuses in message annotations; for that shape alone the oracle decodes a
 * copy whose key's constructor is the symbol's ({@code str8} to {@code sym8}, the same length).
 */
final class Protonj2Oracle {
    private static final byte[] STRING_OFFSET_KEY = ("\u00a1\u000fx-stream-offset").getBytes(StandardCharsets.ISO_8859_1);

    private Protonj2Oracle() {
    }

    /** protonj2 refuses the message, and not for RabbitMQ 3.10's string {@code x-stream-offset} key. */
    static final class Undecodable extends AssertionError {
        private static final long serialVersionUID = 1L;

        Undecodable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The sections of {@code raw} as protonj2 decodes them. */
    static List<Object> decode(byte[] raw) {
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().copy(raw);
        Decoder decoder = CodecFactory.getDefaultDecoder();
        DecoderState state = decoder.newDecoderState();
        List<Object> sections = new ArrayList<>();
        while (b.isReadable()) {
            sections.add(decoder.readObject(b, state));
        }
        return sections;
    }

    /** {@code raw} with RabbitMQ 3.10's string {@code x-stream-offset} key made a symbol; {@code raw} itself if it has none. */
    static byte[] withSymbolOffsetKey(byte[] raw) {
        byte[] copy = raw.clone();
        for (int i = 0; i + STRING_OFFSET_KEY.length <= copy.length; i++) {
            if (Arrays.equals(copy, i, i + STRING_OFFSET_KEY.length, STRING_OFFSET_KEY, 0, STRING_OFFSET_KEY.length)) {
                copy[i] = (byte) AmqpCodes.SYM8;
                return copy;
            }
        }
        return raw;
    }

    /** Checks that the scanner reads {@code raw} (embedded at an offset in a larger buffer) as protonj2 does. */
    static void check(String shape, byte[] raw) {
        List<Object> sections;
        try {
            sections = decode(raw);
        } catch (RuntimeException e) {
            byte[] symbolKey = withSymbolOffsetKey(raw);
            if (symbolKey == raw) {
                throw new Undecodable(shape + ": protonj2 refuses it", e);
            }
            sections = decode(symbolKey);
        }
        Header header = null;
        MessageAnnotations annotations = null;
        Properties properties = null;
        ApplicationProperties application = null;
        List<byte[]> data = new ArrayList<>();
        boolean otherBody = false;
        for (Object s : sections) {
            if (s instanceof Header h) {
                header = h;
            } else if (s instanceof MessageAnnotations a) {
                annotations = a;
            } else if (s instanceof Properties p) {
                properties = p;
            } else if (s instanceof ApplicationProperties a) {
                application = a;
            } else if (s instanceof Data d) {
                data.add(d.getValue());
            } else if (s instanceof AmqpValue<?> || s instanceof AmqpSequence<?>) {
                otherBody = true;
            }
        }
        byte[] padded = new byte[raw.length + 7];
        System.arraycopy(raw, 0, padded, 3, raw.length);
        MessageScanner scanner = new MessageScanner();
        String hex = HexFormat.of().formatHex(raw);
        assertThat(scanner.scan(padded, 3, raw.length)).as("%s scans: %s", shape, hex).isTrue();
        byte[] body = Arrays.copyOfRange(padded, scanner.bodyOffset(), scanner.bodyOffset() + scanner.bodyLength());
        assertThat(body).as("%s: the body is the first data section", shape)
                .isEqualTo(data.isEmpty() ? new byte[0] : data.get(0));
        assertThat(scanner.singleDataBody()).as("%s: one data section and nothing else as body", shape)
                .isEqualTo(data.size() == 1 && !otherBody);
        assertThat(scanner.groupId()).as("%s: group-id", shape).isEqualTo(properties == null ? null : properties.getGroupId());
        boolean redelivered = header != null && (firstAcquirerFalse(raw) || header.getDeliveryCount() > 0);
        assertThat(scanner.redelivered()).as("%s: redelivered", shape).isEqualTo(redelivered);
        Object offset = annotations == null || annotations.getValue() == null ? null
                : annotations.getValue().get(Symbol.valueOf("x-stream-offset"));
        assertThat(scanner.hasStreamOffset()).as("%s: has x-stream-offset", shape).isEqualTo(offset != null);
        if (offset != null) {
            assertThat(scanner.streamOffset()).as("%s: x-stream-offset", shape).isEqualTo(((Number) offset).longValue());
        }
        assertThat(scanner.hasApplicationProperties()).as("%s: has application properties", shape)
                .isEqualTo(application != null);
        Map<String, Object> expected = new LinkedHashMap<>();
        if (application != null && application.getValue() != null) {
            application.getValue().forEach((k, v) -> expected.put(k, plain(v)));
        }
        assertThat(scanner.applicationProperties()).as("%s: application properties", shape)
                .usingRecursiveComparison().isEqualTo(expected);
    }

    /**
     * Whether the header says {@code first-acquirer} false, not just leaves it out (protonj2's
     * {@code Header} cannot tell, as false is the field's default): the header's fields as protonj2
     * decodes a plain list.
     */
    private static boolean firstAcquirerFalse(byte[] raw) {
        if (raw.length < 3 || raw[0] != AmqpCodes.DESCRIBED || raw[1] != AmqpCodes.SMALL_ULONG
                || raw[2] != AmqpCodes.HEADER) {
            return false;
        }
        ProtonBuffer b = ProtonBufferAllocator.defaultAllocator().copy(raw, 3, raw.length - 3);
        Decoder decoder = CodecFactory.getDefaultDecoder();
        List<?> fields = (List<?>) decoder.readObject(b, decoder.newDecoderState());
        return fields.size() > AmqpCodes.FIRST_ACQUIRER_FIELD && Boolean.FALSE.equals(fields.get(AmqpCodes.FIRST_ACQUIRER_FIELD));
    }

    /** protonj2's value as the scanner types it. */
    static Object plain(Object v) {
        if (v instanceof UnsignedByte u) {
            return u.shortValue();
        } else if (v instanceof UnsignedShort u) {
            return u.intValue();
        } else if (v instanceof UnsignedInteger u) {
            return u.longValue();
        } else if (v instanceof UnsignedLong u) {
            return u.longValue() >= 0 ? (Object) u.longValue() : new BigInteger(u.toString());
        } else if (v instanceof Symbol s) {
            return s.toString();
        } else if (v instanceof Binary b) {
            return b.asByteArray();
        } else if (v instanceof Character c) {
            return String.valueOf(c);
        } else if (v instanceof org.apache.qpid.protonj2.types.Decimal32 d) {
            return java.nio.ByteBuffer.allocate(4).putInt(d.getBits()).array();
        } else if (v instanceof org.apache.qpid.protonj2.types.Decimal64 d) {
            return java.nio.ByteBuffer.allocate(8).putLong(d.getBits()).array();
        } else if (v instanceof org.apache.qpid.protonj2.types.Decimal128 d) {
            return java.nio.ByteBuffer.allocate(16).putLong(d.getMostSignificantBits()).putLong(d.getLeastSignificantBits()).array();
        }
        return v;
    }
}
