package io.amqpharness.stream;

import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageBuilder;
import com.rabbitmq.stream.codec.QpidProtonCodec;
import io.amqpharness.message.MessageScanner;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The stream client's codec for the harness's own messages, without building an AMQP 1.0 message
 * object per message: an {@link OutgoingMessage} is written as its publisher's encoded sections and
 * a data section with the body; a message read back is scanned only as far as its body and
 * {@code group-id} ({@link MessageScanner}, one per decoding thread) and kept as an
 * {@link IncomingMessage}. Anything else (a body that is not one data section, bytes that do not
 * parse) goes through the client's Qpid Proton codec, as without this one. Thread-safe.
 */
final class HarnessCodec implements Codec {
    private final Codec full = new QpidProtonCodec();
    private final ThreadLocal<MessageScanner> scanners = ThreadLocal.withInitial(MessageScanner::new);

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
        MessageScanner scanner = scanners.get();
        if (scanner.scan(data, 0, data.length) && scanner.singleDataBody()) {
            return new IncomingMessage(data, scanner, full);
        }
        return full.decode(Unpooled.wrappedBuffer(data), data.length);
    }

    @Override
    public MessageBuilder messageBuilder() {
        return full.messageBuilder();
    }
}
