package io.amqpharness.bench.jmh;

import io.amqpharness.message.MessageScanner;
import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.scenario.MessageProperties;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The shared AMQP 1.0 codec's per-message work (harness-amqp-message): writing a message (the
 * publisher's sections, a data section's head, the body) into a reused array, as the AMQP 1.0
 * publisher does, and scanning a delivery, as every AMQP 1.0 and stream consumer does. Run with
 * {@code -prof gc} to see bytes allocated per operation (0 expected for both).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {
    /** Body bytes. */
    @Param({"12", "1000"})
    public int size;

    private SectionsEncoder link;
    private SectionsEncoder stream;
    private byte[] body;
    private byte[] out;
    private byte[] linkMessage;
    private byte[] streamMessage;
    private final MessageScanner scanner = new MessageScanner();

    @Setup
    public void setUp() {
        link = SectionsEncoder.forLink(true, "0123abcd-p0", MessageProperties.NONE);
        stream = SectionsEncoder.forStream("0123abcd-p1", Map.of());
        body = new byte[size];
        out = new byte[link.size(size) + 64];
        linkMessage = link.encode(body);
        streamMessage = stream.encode(body);
    }

    /** The AMQP 1.0 publisher's encoding: head and body into one reused array. */
    @Benchmark
    public int encodeLinkMessage() {
        int at = link.writeHead(out, 0, body.length);
        System.arraycopy(body, 0, out, at, body.length);
        return at + body.length;
    }

    /** The same with a subject per message (a routing key per message), the last one's sections kept. */
    @Benchmark
    public int encodeLinkMessageWithSubject() {
        int at = link.writeHead(out, 0, body.length, "key.a");
        System.arraycopy(body, 0, out, at, body.length);
        return at + body.length;
    }

    /** A delivery of an AMQP 1.0 link: body, group-id, redelivery, stream offset found in place. */
    @Benchmark
    public long scanLinkDelivery() {
        scanner.scan(linkMessage, 0, linkMessage.length);
        return scanner.bodyOffset() + scanner.bodyLength() + scanner.groupId().length() + (scanner.redelivered() ? 1 : 0);
    }

    /** A message as the stream protocol stores it. */
    @Benchmark
    public long scanStreamMessage() {
        scanner.scan(streamMessage, 0, streamMessage.length);
        return scanner.bodyOffset() + scanner.bodyLength() + scanner.groupId().length();
    }
}
