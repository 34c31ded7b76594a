package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class PayloadCodecTest {

    @Test
    void headerIsAnIntThenALongBigEndianAsPerfTestWritesIt() {
        byte[] body = new byte[20];
        PayloadCodec.write(body, 42, 123_456_789_012L);
        ByteBuffer b = ByteBuffer.wrap(body);
        assertThat(b.getInt(0)).isEqualTo(42);
        assertThat(b.getLong(4)).isEqualTo(123_456_789_012L);
        assertThat(PayloadCodec.sequence32(body, 0)).isEqualTo(42);
        assertThat(PayloadCodec.timestamp(body, 0)).isEqualTo(123_456_789_012L);
    }

    @Test
    void readsAtAnOffset() {
        byte[] raw = new byte[40];
        byte[] body = new byte[12];
        PayloadCodec.write(body, 7, -5);
        System.arraycopy(body, 0, raw, 28, 12);
        assertThat(PayloadCodec.sequence32(raw, 28)).isEqualTo(7);
        assertThat(PayloadCodec.timestamp(raw, 28)).isEqualTo(-5);
    }

    @Test
    void sequencesBeyond32BitsWrapAndAreRestoredNearAReference() {
        byte[] body = new byte[12];
        long seq = (1L << 32) + 5;
        PayloadCodec.write(body, seq, 0);
        assertThat(PayloadCodec.sequence32(body, 0)).isEqualTo(5);
        assertThat(PayloadCodec.extend(5, (1L << 32) + 10)).isEqualTo(seq);
        assertThat(PayloadCodec.extend(0xFFFF_FFF0L, (1L << 32) + 10)).isEqualTo(0xFFFF_FFF0L);
        assertThat(PayloadCodec.extend(3, 1)).isEqualTo(3);
    }
}
