package io.amqpharness.amqp091;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.impl.nio.NioParams;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads shared by all of a run's AMQP 0.9.1 connections, for runs with many connections:
 * amqp-client's NIO mode (a few I/O threads for every socket, instead of a blocking reader thread
 * per connection), in NIO one consumer dispatch pool (instead of a pool per connection; in blocking I/O
 * consumers are called on their reader threads, see {@link DeliveryDispatch}), one heartbeat
 * thread and one shutdown pool. Per connection NIO keeps a read and a write buffer of
 * {@value #BUFFER_BYTES} bytes and a write queue of {@value #WRITE_QUEUE_FRAMES} frames: about
 * 20 KiB of heap per idle connection (amqp-client's defaults, 32 KiB buffers and a 10,000-frame
 * queue, would be about 100 KiB). Closed with the driver.
 *
 * <p>amqp-client 5.x marks {@code useNio()} deprecated in favour of its Netty mode; NIO is kept here
 * because it works with the factory's {@code SSLContext} as it is (Netty needs its own TLS context).
 */
final class SharedIo implements AutoCloseable {
    /** Read and write buffer size per connection, in bytes. */
    static final int BUFFER_BYTES = 8 * 1024;
    /** Frames a connection may have queued for writing before a send waits. */
    static final int WRITE_QUEUE_FRAMES = 1024;

    /** The consumer dispatch pool every connection shares; empty when each keeps amqp-client's own. */
    private final java.util.Optional<ExecutorService> dispatch;
    private final ExecutorService shutdown;
    private final ScheduledExecutorService heartbeats;

    private SharedIo(java.util.Optional<ExecutorService> dispatch, ExecutorService shutdown,
                     ScheduledExecutorService heartbeats) {
        this.dispatch = dispatch;
        this.shutdown = shutdown;
        this.heartbeats = heartbeats;
    }

    /**
     * Gives {@code factory} shared executors and, with {@code ioThreads} above 0, NIO mode with that many I/O threads.
     *
     * @param ioThreads            NIO threads; 0 keeps blocking I/O (a reader thread per connection)
     * @param hostnameVerification whether TLS connections check the broker's host name (NIO has its own switch)
     * @param sharedDispatch       dispatch every connection's consumers on one pool; false keeps a pool per
     *                             connection, for consumers that sleep in the callback ({@code --consumer-latency},
     *                             {@code --consumer-rate}) and would hold a small shared pool's threads
     */
    @SuppressWarnings("deprecation")
    static SharedIo apply(ConnectionFactory factory, int ioThreads, boolean hostnameVerification,
                          boolean sharedDispatch) {
        if (ioThreads > 0) {
            useNio(factory, ioThreads, hostnameVerification);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        // Deliveries of one channel stay in order on a shared pool (amqp-client serialises per channel).
        SharedIo io = new SharedIo(sharedDispatch
                ? java.util.Optional.of(Executors.newFixedThreadPool(Math.max(2, cores), daemons("harness-amqp091-dispatch")))
                : java.util.Optional.empty(),
                Executors.newCachedThreadPool(daemons("harness-amqp091-shutdown")),
                Executors.newSingleThreadScheduledExecutor(daemons("harness-amqp091-heartbeat")));
        io.dispatch.ifPresent(factory::setSharedExecutor);
        factory.setShutdownExecutor(io.shutdown);
        factory.setHeartbeatExecutor(io.heartbeats);
        return io;
    }

    @SuppressWarnings("deprecation")
    private static void useNio(ConnectionFactory factory, int ioThreads, boolean hostnameVerification) {
        NioParams nio = new NioParams()
                .setNbIoThreads(ioThreads)
                .setReadByteBufferSize(BUFFER_BYTES)
                .setWriteByteBufferSize(BUFFER_BYTES)
                .setWriteQueueCapacity(WRITE_QUEUE_FRAMES)
                .setThreadFactory(daemons("harness-amqp091-nio"));
        if (hostnameVerification) {
            nio.enableHostnameVerification();
        }
        factory.useNio();
        factory.setNioParams(nio);
    }

    static ThreadFactory daemons(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** True if every connection's consumers are dispatched on one shared pool. */
    boolean sharesDispatch() {
        return dispatch.isPresent();
    }

    @Override
    public void close() {
        dispatch.ifPresent(ExecutorService::shutdownNow);
        shutdown.shutdownNow();
        heartbeats.shutdownNow();
    }
}
