package io.amqpharness.stream;

import com.rabbitmq.stream.Codec;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A message's AMQP 1.0 encoding, all of {@code data}, as the stream client takes it: written after
 * its size (4 bytes, big-endian), which {@link #getSize()} leaves out.
 */
record EncodedBytes(byte[] data) implements Codec.EncodedMessage {
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
}
