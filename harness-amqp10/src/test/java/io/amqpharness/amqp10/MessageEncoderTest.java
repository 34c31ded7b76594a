package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.scenario.MessageProperties;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.junit.jupiter.api.Test;

/** The engine's buffer holds the shared codec's encoding (harness-amqp-message tests the encoding itself). */
class MessageEncoderTest {
    private static final int MESSAGES = 100_000;
    private static final MessageProperties TYPED = new MessageProperties(Optional.empty(), Optional.empty(),
            OptionalInt.empty(), Optional.empty(), Optional.of("order"), Map.of("region", "eu"));

    private static byte[] bytes(ProtonBuffer encoded) {
        byte[] bytes = new byte[encoded.getReadableBytes()];
        encoded.copyInto(encoded.getReadOffset(), bytes, 0, bytes.length);
        return bytes;
    }

    @Test
    void theBufferHoldsThePublishersSectionsAndTheBodyOnEachCall() {
        MessageEncoder encoder = new MessageEncoder(true, "run-p0", TYPED, false);
        SectionsEncoder sections = SectionsEncoder.forLink(true, "run-p0", TYPED);
        ProtonBuffer previous = null;
        for (int size : new int[] {0, 12, 150, 12, 70_000, 12, 255, 256}) {
            byte[] body = new byte[size];
            Arrays.fill(body, (byte) size);
            ProtonBuffer b = encoder.encode(body, "ignored without a key per message");
            assertThat(bytes(b)).as("%d bytes", size).isEqualTo(sections.encode(body));
            if (size != 70_000 && previous != null) {
                assertThat(b).as("one buffer, reused while messages fit (%d bytes)", size).isSameAs(previous);
            }
            previous = b;
        }
    }

    @Test
    void encodingAMessageAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        MessageEncoder encoder = new MessageEncoder(false, "run-p2", TYPED, true);
        byte[] body = new byte[12];
        long sum = 0;
        for (int i = 0; i < MESSAGES; i++) { // warm: the subject's sections are encoded once
            sum += encoder.encode(body, "key.a").getReadableBytes() + encoder.encode(body, null).getReadableBytes();
        }
        long before = allocatedBytes();
        for (int i = 0; i < MESSAGES; i++) {
            sum += encoder.encode(body, "key.a").getReadableBytes() + encoder.encode(body, null).getReadableBytes();
        }
        long allocated = allocatedBytes() - before;
        assertThat(sum).isPositive();
        assertThat(allocated).as("bytes allocated encoding %d messages", 2 * MESSAGES).isLessThan(16_384);
    }

    static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void aKeyPerMessageBecomesEachMessagesSubject() {
        MessageEncoder encoder = new MessageEncoder(false, "run-p1", TYPED, true);
        SectionsEncoder sections = SectionsEncoder.forLink(false, "run-p1", TYPED);
        for (String key : new String[] {"key.a", "key.a", "k".repeat(300), "key.b"}) {
            byte[] body = new byte[20];
            byte[] expected = new byte[sections.headSize(body.length, key) + body.length];
            sections.writeHead(expected, 0, body.length, key);
            assertThat(bytes(encoder.encode(body, key))).as(key).isEqualTo(expected);
        }
        assertThat(bytes(encoder.encode(new byte[3], null))).as("no key: the fixed subject").isEqualTo(sections.encode(new byte[3]));
    }
}
