package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerUri;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.OptionalInt;

/**
 * A plain TCP connection: a non-blocking socket read by one of the process's shared selector
 * threads ({@link IoLoops}), which also writes what a full socket could not take when it drains and
 * ticks the connection about once a second. Thread-safe.
 */
final class NioTransport implements Transport, IoLoops.Handler {
    private final SocketChannel channel;
    private final Output.Sink sink;
    private volatile IoLoops.Registration registration;
    private Inbound inbound;

    private NioTransport(SocketChannel channel) {
        this.channel = channel;
        this.sink = Output.Sink.nonBlocking(channel, this::wantWrite);
    }

    /**
     * Opens a TCP connection to {@code uri}'s host and port (no delay), not read yet.
     *
     * @param timeoutMillis how long connecting may take
     */
    static NioTransport connect(BrokerUri uri, long timeoutMillis) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            ch.socket().setTcpNoDelay(true);
            ch.socket().connect(new InetSocketAddress(uri.host(), uri.port()), (int) timeoutMillis);
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
        return new NioTransport(ch);
    }

    @Override
    public Output.Sink sink() {
        return sink;
    }

    @Override
    public void start(Inbound in) throws IOException {
        this.inbound = in;
        registration = IoLoops.register(channel, this);
    }

    private void wantWrite() {
        registration.wantWrite();
    }

    @Override
    public boolean onReadingThread() {
        IoLoops.Registration r = registration;
        return r != null && r.inLoop();
    }

    @Override
    public void afterFailure(Runnable tellLinks) {
        IoLoops.Registration r = registration;
        if (r != null) {
            r.execute(tellLinks); // queued before the cancellation, so it runs even if the loop then stops
        }
    }

    @Override
    public void close() {
        IoLoops.Registration r = registration;
        if (r != null) {
            r.cancel();
        }
        closeQuietly(channel);
    }

    @Override
    public OptionalInt localPort() {
        return OptionalInt.of(channel.socket().getLocalPort());
    }

    @Override
    public void input(ByteBuffer in) {
        inbound.input(in.array(), in.limit());
    }

    @Override
    public void writable() {
        inbound.writable();
    }

    @Override
    public void tick() {
        inbound.tick();
    }

    @Override
    public void ended(IOException cause) {
        inbound.ended(cause);
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
    }
}
