package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerUnreachableException;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.types.Symbol;

/**
 * One AMQP 1.0 connection: protonj2's protocol engine driven from a socket of our own, without
 * protonj2-client's executor. The thread that asks for work does it: a publisher encodes and
 * sends its transfer, a consumer settles its deliveries. What arrives is fed into the engine by
 * the thread that reads the socket (its {@link Transport}), and the engine calls the links'
 * handlers right there. Engine calls happen under one lock; frames the engine writes are copied
 * into an {@link Output} and reach the socket once per batch of work (see {@link #flush()}), not
 * once per frame as with protonj2-client.
 *
 * <p>Plain TCP connections are non-blocking and served by the process's few shared selector
 * threads ({@link NioTransport}), so thousands of connections cost a few threads. TLS
 * ({@code amqps}) connections keep a blocking socket with one reader thread each
 * ({@link TlsTransport}). Either way the engine is ticked about once a second (heartbeats: an empty
 * frame when the broker's idle time-out is half gone, and a failure when the broker was silent for
 * {@value #IDLE_TIMEOUT_MILLIS} ms). Thread-safe.
 */
public final class EngineConnection {
    /** How long this side waits for a frame before declaring the broker gone; the broker sends heartbeats at half of it. */
    static final long IDLE_TIMEOUT_MILLIS = 60_000;
    /** How many bytes may wait for a full socket before the thread writing more waits for it to drain. */
    static final int MAX_BACKLOG_BYTES = 1 << 20;
    private static final long DRAIN_PARK_NANOS = 200_000;

    /**
     * What a link hears from its connection, on the thread that reads the socket and never under
     * the lock, so a link may call into the core (which has locks of its own) and the core may
     * call back into the link from any thread: the engine lock is always the last one taken.
     */
    public interface Listener {
        /** Called after each batch of input was handed to the engine. */
        default void afterInput() {
        }

        /**
         * The connection failed or the broker closed it; called once, unless closing.
         *
         * @param sentence says why, naming the (redacted) broker address
         * @param cause    the failure
         */
        void connectionFailed(String sentence, Throwable cause);
    }

    private final BrokerUri uri;
    private final Transport transport;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Engine engine;
    private final Connection connection;
    private final DispositionRanges ranges;
    private final TransferReader transfers;
    private final SaslPlain sasl;
    private final Output output;
    private final EngineInput input;
    private final CompletableFuture<Connection> opened = new CompletableFuture<>();
    private volatile Throwable failure;
    private volatile boolean closing;

    private EngineConnection(String name, BrokerUri uri, Transport transport) {
        this.uri = uri;
        this.transport = transport;
        this.output = new Output(transport.sink());
        this.engine = EngineFactory.PROTON.createEngine();
        this.transfers = TransferReader.install(engine); // first: right after protonj2's frame decoder
        this.ranges = DispositionRanges.install(engine);
        FrameWriter.install(engine);
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
        this.sasl = SaslPlain.install(engine, uri);
        this.input = new EngineInput(this, engine, lock, changed);
    }

    /**
     * Connects (TCP, TLS for {@code amqps}, SASL PLAIN with the URI's credentials, the virtual host
     * as {@code vhost:NAME}) and waits for the broker's open frame.
     *
     * @param name          the container id the broker shows
     * @param tls           how to make the TLS socket of an {@code amqps} address; empty for plain TCP
     * @param timeoutMillis how long connecting may take in all
     * @throws BrokerUnreachableException with a sentence naming the (redacted) address
     */
    static EngineConnection open(String name, BrokerUri uri, Optional<TlsTransport.Settings> tls, long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        Transport t = null;
        EngineConnection c = null;
        try {
            t = tls.isEmpty() ? NioTransport.connect(uri, timeoutMillis)
                    : TlsTransport.connect(name, uri, tls.get(), timeoutMillis);
            c = new EngineConnection(name, uri, t);
            c.start(deadline);
            return c;
        } catch (IOException | TimeoutException | ExecutionException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            abandon(t, c);
            Optional<SaslRefusedException> refused = c == null ? Optional.empty() : c.sasl.refusal();
            if (refused.isPresent()) {
                cause = refused.get();
            }
            throw new BrokerUnreachableException(Amqp10Errors.connectFailure(uri, cause), cause);
        } catch (InterruptedException e) {
            abandon(t, c);
            Thread.currentThread().interrupt();
            throw new BrokerUnreachableException("Interrupted while connecting to RabbitMQ at " + uri.redacted() + ".", e);
        }
    }

    /** Closes what a failed {@link #open} made so far. */
    private static void abandon(Transport t, EngineConnection c) {
        if (c != null) {
            c.closeSocket();
        } else if (t != null) {
            t.close();
        }
    }

    private void start(long deadline) throws IOException, InterruptedException, ExecutionException, TimeoutException {
        transport.start(input);
        locked(() -> engine.start().open());
        long left = deadline - System.nanoTime();
        opened.get(Math.max(1, left), TimeUnit.NANOSECONDS);
    }

    /**
     * Records the first failure, wakes every waiter and closes the socket; the reading thread then
     * tells the links. May run under the lock (the engine's error handler).
     */
    void failed(Throwable cause) {
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
        transport.afterFailure(input::notifyEnded);
        closeSocket();
    }

    /** The connection's open frame properties from the broker (product, version, ...). */
    public Map<Symbol, Object> remoteProperties() {
        lock.lock();
        try {
            return connection.getRemoteProperties();
        } finally {
            lock.unlock();
        }
    }

    /** The capabilities the broker offered in its open frame, empty if none. */
    public Symbol[] remoteOfferedCapabilities() {
        lock.lock();
        try {
            Symbol[] c = connection.getRemoteOfferedCapabilities();
            return c == null ? new Symbol[0] : c;
        } finally {
            lock.unlock();
        }
    }

    /** The engine connection, to make sessions and links on; use it only under {@link #lock()}. */
    public Connection engineConnection() {
        return connection;
    }

    /**
     * Takes the lock and starts collecting the receiver dispositions made until
     * {@link #endRanges()} into ranges: consecutive deliveries settled alike on one session become
     * one disposition frame ({@link DispositionRanges}).
     */
    public void beginRanges() {
        lock.lock();
        ranges.begin();
    }

    /** Writes the range collected since {@link #beginRanges()}, if any, and lets go of the lock. */
    public void endRanges() {
        try {
            ranges.end();
        } finally {
            lock.unlock();
        }
    }

    /** The lock every engine call happens under; links take it for their engine calls, and take no other lock while they hold it. */
    public ReentrantLock lock() {
        return lock;
    }

    /** Waits (under the lock) until something arrived or changed, at most {@code nanos}. */
    public void awaitChange(long nanos) throws InterruptedException {
        changed.awaitNanos(nanos);
    }

    /** Runs {@code action} under the lock, then writes what it produced unless on the reading thread. */
    public void locked(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
        flushUnlessReader();
    }

    /** Writes what the engine produced; on the reading thread nothing, since it writes after each input batch. */
    public void flushUnlessReader() {
        if (!input.onInputThread()) {
            flush();
        }
    }

    /**
     * Writes everything the engine produced so far to the socket, outside the engine lock (a slow
     * write must not keep the reader from taking the broker's frames). If another thread is
     * writing, it takes these bytes too. A write failure fails the connection.
     */
    public void flush() {
        try {
            output.flush();
        } catch (IOException e) {
            failed(e);
            return;
        }
        if (output.unwritten() > 0 && !transport.onReadingThread()) {
            awaitDrain();
        }
    }

    /**
     * Holds a thread of the run (never the reading thread) while more than
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
    public int pendingBytes() {
        return output.pending();
    }

    /** The failure that ended this connection; null while it is open. */
    public Throwable failure() {
        return failure;
    }

    /** A sentence saying why the connection ended, for link errors; null while it is open. */
    public String failureSentence() {
        Throwable f = failure;
        return f == null ? null : Amqp10Errors.text(f, uri);
    }

    /** Adds a link to tell about input and failure. */
    public void addListener(Listener l) {
        input.addListener(l);
    }

    /** Stops telling a link. */
    public void removeListener(Listener l) {
        input.removeListener(l);
    }

    /** True once {@link #close} began: the links that close it are not told it ended. */
    boolean closing() {
        return closing;
    }

    /** The local TCP port of the connection (the broker shows it as the peer port). */
    OptionalInt localPort() {
        return transport.localPort();
    }

    /** The broker address, for sentences. */
    public BrokerUri uri() {
        return uri;
    }

    /**
     * Closes the connection: a close frame, up to {@code timeoutMillis} for the broker's, then the
     * socket. Idempotent.
     */
    public void close(long timeoutMillis) {
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
        transport.close();
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
}
