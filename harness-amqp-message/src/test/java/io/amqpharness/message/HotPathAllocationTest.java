package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.scenario.MessageProperties;
import java.lang.management.ManagementFactory;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-message work allocates nothing: scanning a delivery (the group-id string is kept while it
 * repeats) and writing a message's head. Counted with the JVM's per-thread allocation counter, not
 * timed. A per-message allocation of even 16 bytes would show as 1.6 MB here.
 */
class HotPathAllocationTest {
    private static final int MESSAGES = 100_000;

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void scanningADeliveryAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        byte[][] deliveries = {HexFormat.of().parseHex(DeliveryShapesTest.RABBITMQ_4_STREAM),
            HexFormat.of().parseHex(DeliveryShapesTest.RABBITMQ_3_STREAM),
            HexFormat.of().parseHex(DeliveryShapesTest.RABBITMQ_4_QUORUM_FAILED)};
        MessageScanner scanner = new MessageScanner();
        long sum = 0;
        for (int i = 0; i < MESSAGES; i++) { // warm: the group-id string is made once
            byte[] d = deliveries[i % 3 == 2 ? 0 : i % 2];
            scanner.scan(d, 0, d.length);
            sum += scanner.bodyLength();
        }
        long before = allocatedBytes();
        for (int i = 0; i < MESSAGES; i++) {
            byte[] d = deliveries[i % 2];
            scanner.scan(d, 0, d.length);
            sum += scanner.bodyLength() + scanner.streamOffset() + (scanner.redelivered() ? 1 : 0) + scanner.groupId().length();
        }
        long allocated = allocatedBytes() - before;
        assertThat(sum).isPositive();
        assertThat(allocated).as("bytes allocated scanning %d deliveries", MESSAGES).isLessThan(16_384);
    }

    @Test
    void writingAMessagesHeadAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        SectionsEncoder link = SectionsEncoder.forLink(false, "run-p0", MessageProperties.NONE);
        SectionsEncoder stream = SectionsEncoder.forStream("run-p1", Map.of("harness-filter", "red"));
        byte[] out = new byte[256];
        long sum = 0;
        for (int i = 0; i < MESSAGES; i++) {
            sum += link.writeHead(out, 0, i & 0x3ff) + link.writeHead(out, 0, 12, "key.a")
                    + stream.writeHead(out, 0, i & 0x3ff);
        }
        long before = allocatedBytes();
        for (int i = 0; i < MESSAGES; i++) {
            sum += link.writeHead(out, 0, i & 0x3ff) + link.writeHead(out, 0, 12, "key.a") + stream.writeHead(out, 0, i & 0x3ff);
        }
        long allocated = allocatedBytes() - before;
        assertThat(sum).isPositive();
        assertThat(allocated).as("bytes allocated writing %d heads", MESSAGES).isLessThan(16_384);
    }

    @Test
    void writingHeadsWithSubjectsThatChangeEveryMessageAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        SectionsEncoder link = SectionsEncoder.forLink(true, "run-p0", MessageProperties.NONE);
        String[] keys = {"orders.eu", "orders.us", "orders.apac"};
        byte[] out = new byte[256];
        long sum = 0;
        for (int i = 0; i < MESSAGES; i++) { // warm: each subject's sections are made once
            sum += link.writeHead(out, 0, 12, keys[i % 3]);
        }
        long before = allocatedBytes();
        for (int i = 0; i < MESSAGES; i++) {
            sum += link.writeHead(out, 0, 12, keys[(i * 7) % 3]);
        }
        long allocated = allocatedBytes() - before;
        assertThat(sum).isPositive();
        assertThat(allocated).as("bytes allocated writing %d heads with varied subjects", MESSAGES).isLessThan(16_384);
    }
}
