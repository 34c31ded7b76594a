package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a publisher's corked flushes hold back, and what writes it all at once. */
class CorkedSocketsTest {
    private final ByteArrayOutputStream socket = new ByteArrayOutputStream();
    private final CorkedSockets.HoldingStream stream = new CorkedSockets.HoldingStream(socket);

    @AfterEach
    void uncork() throws IOException {
        CorkedSockets.uncork();
        CorkedSockets.flushHeld();
    }

    private void publish(int bytes) throws IOException {
        CorkedSockets.cork();
        try {
            stream.write(new byte[bytes], 0, bytes);
            stream.flush();
        } finally {
            CorkedSockets.uncork();
        }
    }

    @Test
    void aPublishersFlushesWaitUntilItIsAboutToWait() throws IOException {
        publish(100);
        publish(100);
        assertThat(socket.size()).as("held back").isZero();
        CorkedSockets.flushHeld();
        assertThat(socket.size()).as("one write of both").isEqualTo(200);
    }

    @Test
    void anyOtherFlushWritesAtOnceWithWhatWasHeld() throws IOException {
        publish(100);
        stream.write(new byte[10], 0, 10); // an ack or an RPC, from a thread that is not publishing
        stream.flush();
        assertThat(socket.size()).isEqualTo(110);
    }

    @Test
    void aPublisherHoldsAtMostHalfTheBufferBeforeItWritesAnyway() throws IOException {
        publish(CorkedSockets.MAX_HELD_BYTES / 2 - 1);
        assertThat(socket.size()).isZero();
        publish(10);
        assertThat(socket.size()).isEqualTo(CorkedSockets.MAX_HELD_BYTES / 2 + 9);
    }

    @Test
    void aWriteLargerThanTheBufferGoesStraightThrough() throws IOException {
        publish(CorkedSockets.MAX_HELD_BYTES + 1);
        assertThat(socket.size()).isEqualTo(CorkedSockets.MAX_HELD_BYTES + 1);
    }

    @Test
    void closingWritesWhatWasHeld() throws IOException {
        publish(100);
        stream.close();
        assertThat(socket.size()).isEqualTo(100);
    }
}
