package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Output keeps what a full non-blocking socket did not take and writes it, in order, when asked again. */
class OutputTest {

    /** A socket that takes at most {@code room} bytes until it is drained again. */
    static final class SlowSink implements Output.Sink {
        final ByteArrayOutputStream taken = new ByteArrayOutputStream();
        int room;
        int wantWrites;

        @Override
        public int write(byte[] bytes, int offset, int length) {
            int n = Math.min(room, length);
            taken.write(bytes, offset, n);
            room -= n;
            return n;
        }

        @Override
        public void wantWrite() {
            wantWrites++;
        }
    }

    @Test
    void aPartlyWrittenBatchIsFinishedBeforeLaterBytesAndNothingIsLostOrReordered() throws Exception {
        SlowSink sink = new SlowSink();
        Output out = new Output(sink);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            byte[] frame = new byte[1 + random.nextInt(3_000)];
            random.nextBytes(frame);
            out.append(frame, 0, frame.length);
            expected.write(frame);
            sink.room = random.nextInt(4_000);
            out.flush();
        }
        int asked = sink.wantWrites;
        assertThat(asked).isPositive();
        while (out.unwritten() > 0 || out.pending() > 0) {
            sink.room = 1_000;
            out.flush();
        }
        assertThat(sink.taken.toByteArray()).isEqualTo(expected.toByteArray());
    }

    @Test
    void aSocketThatTakesEverythingIsNeverAskedToCallBack() throws Exception {
        SlowSink sink = new SlowSink();
        Output out = new Output(sink);
        sink.room = Integer.MAX_VALUE;
        byte[] frame = new byte[100_000];
        out.append(frame, 0, frame.length);
        out.flush();
        assertThat(sink.wantWrites).isZero();
        assertThat(sink.taken.size()).isEqualTo(100_000);
        assertThat(out.pending()).isZero();
    }
}
