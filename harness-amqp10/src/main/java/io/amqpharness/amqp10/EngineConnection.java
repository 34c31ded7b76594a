package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerUnreachableException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.sasl.SaslOutcome;
import org.apache.qpid.protonj2.engine.sasl.client.SaslAuthenticator;
import org.apache.qpid.protonj2.engine.sasl.client.SaslCredentialsProvider;
import org.apache.qpid.protonj2.engine.sasl.client.SaslMechanismSelector;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;

/**
 * One AMQP 1.0 connection: protonj2's protocol engine driven from a socket of our own, without
 * protonj2-client's executor. The thread that asks for work does it: a publisher encodes and
 * sends its transfer, a consumer settles its deliveries. What arrives is fed into the engine by
 * one of the process's few shared selector threads ({@link IoLoops}), and the engine calls the
 * links' handlers right there. Engine calls happen under one lock; frames the engine writes are
 * copied into an {@link Output} and reach the socket once per batch of work (see
 * {@link #flush()}), not once per frame as with protonj2-client.
 *
 * <p>Plain TCP connections are non-blocking and served by the shared selector threads, so
 * thousands of connections cost a few threads. TLS ({@code amqps}) connections keep a blocking
 * socket with one reader thread each. Either way the engine is ticked about once a second
 * (heartbeats: an empty frame when the broker's idle time-out is half gone, and a failure when
 * the broker was silent for {@value #IDLE_TIMEOUT_MILLIS} ms). Thread-safe.
 */
final class EngineConnection {
    /** How long this side waits for a frame before declaring the broker gone; the broker sends heartbeats at half of it. */
    static final long IDLE_TIMEOUT_MILLIS = 60_000;
    private static final int READ_TIMEOUT_MILLIS = 1_000;
    /** How many bytes may wait for a full socket before the thread writing more waits for it to drain. */
    static final int MAX_BACKLOG_BYTES = 1 << 20;
    private static final long DRAIN_PARK_NANOS = 200_000;
    /** The read buffer of a TLS connection's reader thread. */
    private static final int TLS_READ_BUFFER_BYTES = 16 * 1024;
    private static final ProtonBufferAllocator ALLOCATOR = ProtonBufferAllocator.defaultAllocator();

    /**
     * What a link hears from its connection, on the reader thread and never under the lock, so a
     * link may call into the core (which has locks of its own) and the core may call back into
     * the link from any thread: the engine lock is always the last one taken.
     */
    interface Listener {
        /** Called after each batch of input was handed to the engine. */
        default void afterInput() {
        }

        /** The connection failed or the broker closed it; {@code sentence} says why. Called once, unless closing. */
        void connectionFailed(String sentence, Throwable cause);
    }

    private final String name;
    private final BrokerUri uri;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Engine engine;
    private final Connection connection;
    private final DispositionRanges ranges;
    private final CompletableFuture<Connection> opened = new CompletableFuture<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private Socket socket;
    private SocketChannel channel;
    private IoLoops.Registration registration;
    private Output output;
    private final Optional<Tls> tls;
    /** The thread handing input to the engine right now (it writes after the input); only ever compared with the current thread. */
    private Thread inputThread;
    private final AtomicBoolean endNotified = new AtomicBoolean();
    private volatile Throwable failure;
    private volatile boolean closing;
    private volatile SaslOutcome saslOutcome;
    private long lastTickMillis;

    /**
     * How an {@code amqps://} connection makes its TLS socket.
     *
     * @param sockets        made from the run's TLS settings
     * @param verifyHostName check that the broker's certificate names the host connected to
     */
    record Tls(SSLSocketFactory sockets, boolean verifyHostName) {
    }

    private EngineConnection(String name, BrokerUri uri, Optional<Tls> tls) {
        this.name = name;
        this.uri = uri;
        this.tls = tls;
        this.engine = EngineFactory.PROTON.createEngine();
        this.ranges = DispositionRanges.install(engine);
        PipelineEnd.install(engine);
        engine.outputHandler((buffer, done) -> {
            output.append(buffer);
            if (done != null) {
                done.run();
            }
        });
        engine.errorHandler(e -> failed(e.failureCause()));
        this.connection = engine.connection();
        connection.setContainerId(name);
        connection.setHostname("vhost:" + uri.virtualHost());
        connection.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        connection.openHandler(opened::complete);
        connection.closeHandler(c -> failed(new RemoteClosedException("the broker closed the connection",
                c.getRemoteCondition())));
        SaslAuthenticator sasl = new SaslAuthenticator(new SaslMechanismSelector(Set.of(Symbol.valueOf("PLAIN"))),
                new Credentials(uri));
        sasl.saslComplete(outcome -> saslOutcome = outcome);
        engine.saslDriver().client().setListener(sasl);
    }

    /**
     * Connects (TCP, TLS for {@code amqps}, SASL PLAIN with the URI's credentials, the virtual host
     * as {@code vhost:NAME}) and waits for the broker's open frame.
     *
     * @param timeoutMillis how long connecting may take in all
     * @throws BrokerUnreachableException with a sentence naming the (redacted) address
     */
    static EngineConnection open(String name, BrokerUri uri, Optional<Tls> tls, long timeoutMillis) {
        EngineConnection c = new EngineConnection(name, uri, tls);
        try {
            c.connect(timeoutMillis);
            return c;
        } catch (IOException | TimeoutException | ExecutionException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            c.closeSocket();
            if (c.saslOutcome != null && c.saslOutcome != SaslOutcome.SASL_OK) {
                cause = new SaslRefusedException(c.saslOutcome);
            }
            throw new BrokerUnreachableException(Amqp10Errors.connectFailure(uri, cause), cause);
        } catch (InterruptedException e) {
            c.closeSocket();
            Thread.currentThread().interrupt();
            throw new BrokerUnreachableException("Interrupted while connecting to RabbitMQ at " + uri.redacted() + ".", e);
        }
    }

    private void connect(long timeoutMillis) throws IOException, InterruptedException, ExecutionException,
            TimeoutException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        if (tls.isEmpty()) {
            SocketChannel ch = SocketChannel.open();
            channel = ch;
            ch.socket().setTcpNoDelay(true);
            ch.socket().connect(new InetSocketAddress(uri.host(), uri.port()), (int) timeoutMillis);
            output = new Output(Output.Sink.nonBlocking(ch, () -> registration.wantWrite()));
            registration = IoLoops.register(ch, new LoopHandler());
        } else {
            connectTls(timeoutMillis);
        }
        locked(() -> engine.start().open());
        long left = deadline - System.nanoTime();
        opened.get(Math.max(1, left), TimeUnit.NANOSECONDS);
    }

    private void connectTls(long timeoutMillis) throws IOException {
        Socket s = new Socket();
        socket = s;
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(uri.host(), uri.port()), (int) timeoutMillis);
        if (this.tls.isPresent()) {
            SSLSocket tls = (SSLSocket) this.tls.get().sockets().createSocket(s, uri.host(), uri.port(), true);
            if (this.tls.get().verifyHostName()) {
                SSLParameters p = tls.getSSLParameters();
                p.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(p);
            }
            tls.setSoTimeout((int) timeoutMillis);
            tls.startHandshake();
            s = tls;
            socket = s;
        }
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        OutputStream out = s.getOutputStream();
        output = new Output(Output.Sink.blocking(out));
        InputStream in = s.getInputStream();
        Thread t = new Thread(() -> readLoop(in), "harness-amqp10-tls-" + name);
        t.setDaemon(true);
        inputThread = t;
        t.start();
    }

    /** A TLS connection's reader thread. */
    private void readLoop(InputStream in) {
        byte[] bytes = new byte[TLS_READ_BUFFER_BYTES];
        try {
            while (true) {
                int n;
                try {
                    n = in.read(bytes);
                } catch (SocketTimeoutException e) {
                    tick();
                    output.flush();
                    continue;
                }
                if (n < 0) {
                    throw new EOFException("the broker closed the socket");
                }
                ingest(bytes, n);
                output.flush();
            }
        } catch (Throwable e) {
            failed(e);
        }
        notifyEnded();
    }

    /** Hands bytes that arrived to the engine, then tells the listeners (outside the lock). */
    private void ingest(byte[] bytes, int n) {
        // A fresh buffer each read: the engine may keep slices of it (a delivery that spans frames).
        ProtonBuffer input = ALLOCATOR.copy(bytes, 0, n);
        lock.lock();
        try {
            do {
                engine.ingest(input);
            } while (input.isReadable() && engine.isWritable());
            tickIfDue();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        for (Listener l : listeners) {
            l.afterInput();
        }
    }

    /** Tells the links, once and outside the lock, that the connection ended, unless it is closing. */
    private void notifyEnded() {
        if (closing || !endNotified.compareAndSet(false, true)) {
            return;
        }
        String sentence = Amqp10Errors.text(failure, uri);
        for (Listener l : listeners) {
            l.connectionFailed(sentence, failure);
        }
    }

    /** What the shared selector thread does for a plain TCP connection. */
    private final class LoopHandler implements IoLoops.Handler {
        @Override
        public void input(ByteBuffer in) {
            inputThread = Thread.currentThread();
            try {
                ingest(in.array(), in.limit());
                output.flush();
            } catch (Throwable e) {
                failed(e);
            } finally {
                inputThread = null;
            }
        }

        @Override
        public void writable() {
            flush();
        }

        @Override
        public void tick() {
            lock.lock();
            try {
                tickIfDue();
            } catch (RuntimeException e) {
                failed(e);
            } finally {
                lock.unlock();
            }
            flush();
        }

        @Override
        public void ended(IOException cause) {
            failed(cause);
            notifyEnded();
        }
    }

    private void tick() {
        lock.lock();
        try {
            if (connection.isRemotelyOpen() && !connection.isLocallyClosed() && failure == null) {
                lastTickMillis = System.nanoTime() / 1_000_000;
                engine.tick(lastTickMillis);
            }
        } finally {
            lock.unlock();
        }
    }

    private void tickIfDue() {
        long now = System.nanoTime() / 1_000_000;
        if (now - lastTickMillis >= READ_TIMEOUT_MILLIS && connection.isRemotelyOpen()
                && !connection.isLocallyClosed() && failure == null) {
            lastTickMillis = now;
            engine.tick(now);
        }
    }

    /**
     * Records the first failure, wakes every waiter and closes the socket; the reader thread (or
     * the selector thread) then tells the links. May run under the lock (the engine's error handler).
     */
    private void failed(Throwable cause) {
        synchronized (this) {
            if (failure != null) {
                return;
            }
            failure = cause;
        }
        opened.completeExceptionally(cause);
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        IoLoops.Registration r = registration;
        if (r != null) {
            r.execute(this::notifyEnded); // queued before the cancellation, so it runs even if the loop then stops
        }
        closeSocket();
    }

    /** The connection's open frame properties from the broker (product, version, ...). */
    Map<Symbol, Object> remoteProperties() {
        lock.lock();
        try {
            return connection.getRemoteProperties();
        } finally {
            lock.unlock();
        }
    }

    /** The capabilities the broker offered in its open frame, empty if none. */
    Symbol[] remoteOfferedCapabilities() {
        lock.lock();
        try {
            Symbol[] c = connection.getRemoteOfferedCapabilities();
            return c == null ? new Symbol[0] : c;
        } finally {
            lock.unlock();
        }
    }

    /** The engine connection; use it only under {@link #lock()}. */
    Connection engineConnection() {
        return connection;
    }

    /** The handler that turns runs of dispositions into ranges; use it only under {@link #lock()}. */
    DispositionRanges ranges() {
        return ranges;
    }

    /** The lock every engine call happens under. */
    ReentrantLock lock() {
        return lock;
    }

    /** Waits (under the lock) until something arrived or changed, at most {@code nanos}. */
    void awaitChange(long nanos) throws InterruptedException {
        changed.awaitNanos(nanos);
    }

    /** Runs {@code action} under the lock, then writes what it produced unless on the reader thread. */
    void locked(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
        flushUnlessReader();
    }

    /** Writes what the engine produced; on the reader thread nothing, since the reader writes after each input batch. */
    void flushUnlessReader() {
        if (Thread.currentThread() != inputThread) {
            flush();
        }
    }

    /**
     * Writes everything the engine produced so far to the socket, outside the engine lock (a slow
     * write must not keep the reader from taking the broker's frames). If another thread is
     * writing, it takes these bytes too. A write failure fails the connection.
     */
    void flush() {
        try {
            output.flush();
        } catch (IOException e) {
            failed(e);
            return;
        }
        IoLoops.Registration r = registration;
        if (r != null && output.unwritten() > 0 && !r.inLoop()) {
            awaitDrain();
        }
    }

    /**
     * Holds a thread of the run (never a selector thread) while more than
     * {@value #MAX_BACKLOG_BYTES} bytes wait for a socket the broker does not read (a memory
     * alarm stops its reading): the back-pressure a blocking socket gave, so a publisher with
     * credit left does not pile up messages in memory.
     */
    private void awaitDrain() {
        while (failure == null && !closing && output.unwritten() + output.pending() > MAX_BACKLOG_BYTES) {
            LockSupport.parkNanos(DRAIN_PARK_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    /** Bytes produced and not yet handed to the socket (not counting a batch waiting for a full socket to drain). */
    int pendingBytes() {
        return output.pending();
    }

    /** The failure that ended this connection, if any. */
    Throwable failure() {
        return failure;
    }

    /** A sentence saying why the connection ended, for link errors; null while it is open. */
    String failureSentence() {
        Throwable f = failure;
        return f == null ? null : Amqp10Errors.text(f, uri);
    }

    void addListener(Listener l) {
        listeners.add(l);
    }

    void removeListener(Listener l) {
        listeners.remove(l);
    }

    /** The local TCP port of the connection (the broker shows it as the peer port); empty before connecting. */
    java.util.OptionalInt localPort() {
        SocketChannel ch = channel;
        Socket s = ch != null ? ch.socket() : socket;
        return s == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(s.getLocalPort());
    }

    /** The connection name (the container id the broker shows). */
    String name() {
        return name;
    }

    /** The broker address, for sentences. */
    BrokerUri uri() {
        return uri;
    }

    /**
     * Closes the connection: a close frame, up to {@code timeoutMillis} for the broker's, then the
     * socket. Idempotent.
     */
    void close(long timeoutMillis) {
        if (closing) {
            return;
        }
        closing = true;
        if (failure == null) {
            try {
                lock.lock();
                try {
                    if (!connection.isLocallyClosed()) {
                        connection.close();
                    }
                } finally {
                    lock.unlock();
                }
                flush();
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
                lock.lock();
                try {
                    while (!connection.isRemotelyClosed() && failure == null && deadline - System.nanoTime() > 0) {
                        changed.awaitNanos(deadline - System.nanoTime());
                    }
                } finally {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                // closing anyway
            }
        }
        closeSocket();
    }

    private void closeSocket() {
        IoLoops.Registration r = registration;
        if (r != null) {
            r.cancel();
        }
        SocketChannel ch = channel;
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing left to do
            }
        }
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // nothing left to do
            }
        }
        try {
            lock.lock();
            try {
                engine.shutdown();
            } finally {
                lock.unlock();
            }
        } catch (RuntimeException ignored) {
            // already failed
        }
    }

    /** SASL credentials from the broker URI. */
    private record Credentials(BrokerUri uri) implements SaslCredentialsProvider {
        @Override
        public String vhost() {
            return "vhost:" + uri.virtualHost();
        }

        @Override
        public String username() {
            return uri.username();
        }

        @Override
        public String password() {
            return uri.password();
        }

        @Override
        public Principal localPrincipal() {
            return null;
        }
    }

    /** The broker refused SASL authentication. */
    static final class SaslRefusedException extends IOException {
        private static final long serialVersionUID = 1L;

        SaslRefusedException(SaslOutcome outcome) {
            super("SASL authentication failed (" + outcome + ")");
        }
    }

    /** The broker closed the connection or a link, with the error condition it gave. */
    static final class RemoteClosedException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient ErrorCondition condition;

        RemoteClosedException(String message, ErrorCondition condition) {
            super(message);
            this.condition = condition;
        }

        /** The broker's error condition; null if it gave none. */
        ErrorCondition condition() {
            return condition;
        }
    }
}

