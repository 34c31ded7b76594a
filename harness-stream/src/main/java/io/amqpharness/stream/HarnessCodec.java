package io.amqpharness.stream;

import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageBuilder;
import com.rabbitmq.stream.codec.QpidProtonCodec;
import io.amqpharness.message.MessageScanner;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/**
 * The stream client's codec for the harness's own messages, without building an AMQP 1.0 message
 * object per message: an {@link OutgoingMessage} is written as its publisher's encoded sections and
 * a data section with the body; a message read back is scanned only as far as its body and
 * {@code group-id} ({@link MessageScanner}, one per decoding thread) and kept as an
 * {@link IncomingMessage}. A message whose bytes before its body are those of the message the thread
 * read last, and whose body ends it as that one's did, is not scanned again: the same bytes give the
 * same findings, and a publisher's messages differ only in their bodies. Anything else (a body that
 * is not one data section, bytes that do not parse) goes through the client's Qpid Proton codec, as
 * without this one. Thread-safe.
 */
final class HarnessCodec implements Codec {
    private final Codec full = new QpidProtonCodec();
    private final ThreadLocal<Reader> readers = ThreadLocal.withInitial(Reader::new);

    @Override
    public EncodedMessage encode(Message message) {
        if (message instanceof OutgoingMessage m) {
            return m.encoded();
        }
        return full.encode(message);
    }

    @Override
    public Message decode(ByteBuf buffer, int size) {
        // one copy, as the client made before its codecs read buffers; the message may outlive the buffer
        byte[] data = new byte[size];
        buffer.readBytes(data);
        return decode(data);
    }

    /** Decodes one message's encoding ({@code data} is kept by the message). */
    Message decode(byte[] data) {
        Reader r = readers.get();
        if (r.sameHead(data)) {
            return new IncomingMessage(data, r.bodyOffset, data.length - r.bodyOffset, r.groupId,
                    r.hasApplicationProperties, full);
        }
        MessageScanner scanner = r.scanner;
        r.scans++;
        if (scanner.scan(data, 0, data.length) && scanner.singleDataBody()) {
            r.remember(data, scanner);
            return new IncomingMessage(data, scanner.bodyOffset(), scanner.bodyLength(), scanner.groupId(),
                    scanner.hasApplicationProperties(), full);
        }
        r.forget();
        return full.decode(Unpooled.wrappedBuffer(data), data.length);
    }

    /** Messages this thread has scanned (the others had the head of the one before); for tests. */
    long scans() {
        return readers.get().scans;
    }

    /**
     * One decoding thread's scanner, and the last message it scanned whose one data section ends it:
     * its bytes up to the body (its other sections and the data section's head, which holds the
     * body's length) and what the scan found in them. A message of the same size with the same bytes
     * up to the body scans the same way: the same sections, then the same body length to the end.
     */
    private static final class Reader {
        final MessageScanner scanner = new MessageScanner();
        long scans;
        /** Whether a message is remembered (its head, size and findings below). */
        private boolean remembered;
        /** The remembered message's bytes before its body: {@code bodyOffset} of them. */
        private byte[] head = new byte[0];
        /** The remembered message's size. */
        private int size;
        int bodyOffset;
        String groupId;
        boolean hasApplicationProperties;

        boolean sameHead(byte[] data) {
            return remembered && data.length == size && Arrays.equals(data, 0, bodyOffset, head, 0, bodyOffset);
        }

        void remember(byte[] data, MessageScanner scanned) {
            int at = scanned.bodyOffset();
            if (at + scanned.bodyLength() != data.length) {
                forget(); // a section after the body: its bytes are not in the head
                return;
            }
            if (head.length != at) {
                head = new byte[at];
            }
            System.arraycopy(data, 0, head, 0, at);
            remembered = true;
            size = data.length;
            bodyOffset = at;
            groupId = scanned.groupId();
            hasApplicationProperties = scanned.hasApplicationProperties();
        }

        void forget() {
            remembered = false;
        }
    }

    @Override
    public MessageBuilder messageBuilder() {
        return full.messageBuilder();
    }
}
