package io.amqpharness.junit.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.PayloadCodec;
import org.junit.jupiter.api.Test;

/** The oracle's decoder reads what the harness's encoder writes (the contract in docs/payload.md). */
class PayloadHeaderTest {

    @Test
    void readsTheSequenceAndTimestampTheHarnessWrites() {
        long[] sequences = {1, 2, 255, 256, 65_535, 1L << 31, (1L << 32) - 1, (1L << 32) + 7, 5_000_000_123L};
        for (long seq : sequences) {
            byte[] body = new byte[20];
            PayloadCodec.write(body, seq, -123_456_789_012L + seq);
            assertThat(PayloadHeader.sequence32(body, 0)).as("seq %d", seq).isEqualTo(seq & 0xFFFF_FFFFL);
            assertThat(PayloadHeader.timestamp(body, 0)).isEqualTo(-123_456_789_012L + seq);
            assertThat(PayloadHeader.sequence(PayloadHeader.sequence32(body, 0), seq + 1000)).isEqualTo(seq);
        }
    }

    @Test
    void readsAtAnOffsetAndOnlyBodiesOfTwelveBytesOrMore() {
        byte[] body = new byte[30];
        byte[] inner = new byte[12];
        PayloadCodec.write(inner, 42, 7);
        System.arraycopy(inner, 0, body, 9, 12);
        assertThat(PayloadHeader.sequence32(body, 9)).isEqualTo(42);
        assertThat(PayloadHeader.timestamp(body, 9)).isEqualTo(7);
        assertThat(PayloadHeader.present(11)).isFalse();
        assertThat(PayloadHeader.present(PayloadCodec.HEADER_BYTES)).isTrue();
    }

    @Test
    void aSequenceAcrossThe32BitWrapIsRestoredNearItsReference() {
        long seq = (1L << 32) + 3;
        assertThat(PayloadHeader.sequence(3, (1L << 32) - 10)).isEqualTo(seq);
        assertThat(PayloadHeader.sequence((1L << 32) - 2, (1L << 32) + 5)).isEqualTo((1L << 32) - 2);
        assertThat(PayloadHeader.sequence(5, 3)).isEqualTo(5);
    }
}
