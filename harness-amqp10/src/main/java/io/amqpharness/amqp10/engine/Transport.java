package io.amqpharness.amqp10.engine;

import java.io.IOException;
import java.util.OptionalInt;

/**
 * How an {@link EngineConnection}'s bytes reach the broker and come back: a connected socket, a
 * thread that reads it, and the {@link Output.Sink} the engine's frames are written to. Two kinds:
 * {@link NioTransport} (plain TCP, a non-blocking socket served by the shared selector threads of
 * {@link IoLoops}) and {@link TlsTransport} ({@code amqps}, a blocking socket with a reader thread
 * of its own). Thread-safe.
 */
interface Transport {
    /**
     * What a transport tells its connection, all on the thread that reads the socket and never
     * concurrently for one connection.
     */
    interface Inbound {
        /** Bytes arrived: the first {@code length} of {@code bytes}, which are reused after the call. */
        void input(byte[] bytes, int length);

        /** About once a second, whether or not bytes arrived (heartbeats). */
        void tick();

        /** A non-blocking socket that was full can take more bytes. */
        void writable();

        /** The socket ended (the broker closed it) or reading failed; called once at most. */
        void ended(Throwable cause);
    }

    /** Where the engine's frames go; the same instance every time. */
    Output.Sink sink();

    /** Starts reading the socket: from now on {@code inbound} hears what arrives. Once. */
    void start(Inbound inbound) throws IOException;

    /**
     * True on the thread that reads this transport's socket, which must never wait for a full
     * socket to drain (it is the one that would see it drain).
     */
    boolean onReadingThread();

    /**
     * The connection failed: arranges for {@code tellLinks} to run on the reading thread once the
     * socket is closed, even if that thread then stops. A reader thread of its own ends on the
     * closed socket and calls {@link Inbound#ended} itself, so it does nothing here.
     */
    void afterFailure(Runnable tellLinks);

    /** Closes the socket and stops reading it. Idempotent; never throws. */
    void close();

    /** The local TCP port (the broker shows it as the peer port). */
    OptionalInt localPort();
}
