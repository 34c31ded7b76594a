package io.amqpharness.topology.stream;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.StreamException;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.Rendezvous;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Rendezvous} over the stream protocol itself, so that {@code --barrier} needs nothing but the
 * stream port of {@code --uri}: the stream {@code harness.barrier.NAME}, created by the first instance
 * to arrive, which every instance reads from its next offset (what was written before it arrived is
 * not its business) and writes its announcements to. A stream outlives its readers, so the run that
 * opened it deletes it when it ends ({@link StreamControl#close()}); its one-hour retention bounds what
 * a run that never ended leaves.
 */
final class StreamRendezvous implements Rendezvous {
    /** The streams' names' prefix: {@code harness.barrier.} followed by the barrier's name. */
    static final String STREAM_PREFIX = "harness.barrier.";
    /** How long the broker keeps what was announced (segments older than this go). */
    private static final Duration RETENTION = Duration.ofHours(1);
    /** Longest {@link #close()} waits for the broker to take what was announced (the last may be the {@code go}). */
    private static final Duration FLUSH = Duration.ofSeconds(2);

    private final Producer producer;
    private final Consumer consumer;
    private final BlockingQueue<String> received;
    /** Announcements sent, and those the broker answered (confirmed or not): the client's thread writes the latter. */
    private long sent;
    private final java.util.concurrent.atomic.AtomicLong answered = new java.util.concurrent.atomic.AtomicLong();

    private StreamRendezvous(Producer producer, Consumer consumer, BlockingQueue<String> received) {
        this.producer = producer;
        this.consumer = consumer;
        this.received = received;
    }

    /** The stream of the rendezvous {@code name}. */
    static String streamOf(String name) {
        return STREAM_PREFIX + name;
    }

    /**
     * Joins the rendezvous {@code name}: creates its stream unless another instance did, reads it from
     * the next offset, then opens a producer on it.
     *
     * @throws DriverException if the broker refuses the stream or a link on it
     */
    static StreamRendezvous open(Environment environment, String name) {
        String stream = streamOf(name);
        try {
            environment.streamCreator().name(stream).maxAge(RETENTION).create();
        } catch (StreamException e) {
            if (e.getCode() != Constants.RESPONSE_CODE_STREAM_ALREADY_EXISTS
                    && e.getCode() != Constants.RESPONSE_CODE_PRECONDITION_FAILED) { // there, with other arguments
                throw new DriverException(StreamErrors.operationFailure("Setting up the barrier (stream " + stream + ")", e), e);
            }
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Setting up the barrier (stream " + stream + ")", e), e);
        }
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        Consumer consumer = null;
        try {
            consumer = environment.consumerBuilder().stream(stream).offset(OffsetSpecification.next())
                    .noTrackingStrategy().messageHandler((context, message) -> received.add(text(message))).build();
            Producer producer = environment.producerBuilder().stream(stream).dynamicBatch(true).build();
            return new StreamRendezvous(producer, consumer, received);
        } catch (RuntimeException e) {
            if (consumer != null) {
                consumer.close();
            }
            throw new DriverException(StreamErrors.operationFailure("Joining the barrier (stream " + stream + ")", e), e);
        }
    }

    /**
     * A message's body as text (the environment's codec, the stream driver's, reads a plain data section as
     * the harness's and gives a copy of the body here; announcements are few and short).
     */
    static String text(Message message) {
        byte[] body = message.getBodyAsBinary();
        return body == null ? "" : new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public void announce(String message) {
        try {
            // announcements repeat: one the broker failed is made good by the next
            producer.send(producer.messageBuilder().addData(message.getBytes(StandardCharsets.UTF_8)).build(),
                    status -> answered.incrementAndGet());
            sent++;
        } catch (RuntimeException e) {
            throw new DriverException(StreamErrors.operationFailure("Announcing at the barrier", e), e);
        }
    }

    @Override
    public Optional<String> next(Duration wait) throws InterruptedException {
        return Optional.ofNullable(received.poll(wait.toNanos(), TimeUnit.NANOSECONDS));
    }

    /** Waits (at most {@link #FLUSH}) until the broker took what was announced, then leaves. */
    @Override
    public void close() {
        long deadline = System.nanoTime() + FLUSH.toNanos();
        while (answered.get() < sent && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
        }
        for (AutoCloseable c : new AutoCloseable[] {producer, consumer}) {
            try {
                c.close();
            } catch (Exception e) {
                // leaving anyway
            }
        }
    }
}
