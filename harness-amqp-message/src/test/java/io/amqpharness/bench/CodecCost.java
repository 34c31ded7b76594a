package io.amqpharness.bench;

import io.amqpharness.message.MessageScanner;
import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.scenario.MessageProperties;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What the shared AMQP 1.0 codec costs per message on one thread: scanning a 12-byte-body delivery
 * of each driver's shape, writing a message's head, and encoding a stream message whole (its one
 * allocation, the array the client keeps). Nanoseconds and bytes allocated per message, best of
 * several rounds. Run by {@code bench/codec-cost.sh} (arguments: messages per round, rounds);
 * not a test: it asserts nothing.
 */
public final class CodecCost {
    private CodecCost() {
    }

    public static void main(String[] args) {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        byte[] body = new byte[12];
        SectionsEncoder link = SectionsEncoder.forLink(true, "0123abcd-p0", MessageProperties.NONE);
        SectionsEncoder stream = SectionsEncoder.forStream("0123abcd-p1", Map.of());
        byte[] linkMessage = link.encode(body);
        byte[] streamMessage = stream.encode(body);
        MessageScanner scanner = new MessageScanner();
        byte[] out = new byte[256];
        System.out.printf(Locale.ROOT, "%-36s %10s %14s%n", "per message", "ns", "bytes allocated");
        row("scan, amqp10 link message", messages, rounds, () -> {
            long sum = 0;
            for (int i = 0; i < messages; i++) {
                scanner.scan(linkMessage, 0, linkMessage.length);
                sum += scanner.bodyOffset() + scanner.groupId().length();
            }
            return sum;
        });
        row("scan, stream message", messages, rounds, () -> {
            long sum = 0;
            for (int i = 0; i < messages; i++) {
                scanner.scan(streamMessage, 0, streamMessage.length);
                sum += scanner.bodyOffset() + scanner.groupId().length();
            }
            return sum;
        });
        row("write head, amqp10 link", messages, rounds, () -> {
            long sum = 0;
            for (int i = 0; i < messages; i++) {
                sum += link.writeHead(out, 0, body.length);
            }
            return sum;
        });
        row("encode whole, stream (new array)", messages, rounds, () -> {
            long sum = 0;
            for (int i = 0; i < messages; i++) {
                sum += stream.encode(body).length;
            }
            return sum;
        });
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static void row(String name, int messages, int rounds, LongSupplier work) {
        double bestNs = Double.MAX_VALUE;
        double bytes = 0;
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            long a = allocated();
            long t = System.nanoTime();
            sink += work.getAsLong();
            double ns = (System.nanoTime() - t) / (double) messages;
            bytes = (allocated() - a) / (double) messages;
            bestNs = Math.min(bestNs, ns);
        }
        System.out.printf(Locale.ROOT, "%-36s %10.1f %14.1f%s%n", name, bestNs, bytes, sink == 42 ? " " : "");
    }
}
