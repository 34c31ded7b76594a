package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerUri;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.OptionalInt;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * An {@code amqps://} connection: a blocking TLS socket with a reader thread of its own
 * ({@code harness-amqp10-tls-NAME}), which ticks the connection when nothing arrived for a second.
 * Writes block while the socket is full. Thread-safe.
 */
final class TlsTransport implements Transport {
    /** How long a read waits before the reader ticks the connection instead, in milliseconds. */
    private static final int READ_TIMEOUT_MILLIS = 1_000;
    /** The read buffer of the reader thread. */
    private static final int READ_BUFFER_BYTES = 16 * 1024;

    /**
     * How an {@code amqps://} connection makes its TLS socket.
     *
     * @param sockets        made from the run's TLS settings
     * @param verifyHostName check that the broker's certificate names the host connected to
     */
    record Settings(SSLSocketFactory sockets, boolean verifyHostName) {
    }

    private final Socket socket;
    private final Output.Sink sink;
    private final Thread reader;
    private Inbound inbound;

    private TlsTransport(String name, Socket socket) throws IOException {
        this.socket = socket;
        this.sink = Output.Sink.blocking(socket.getOutputStream());
        InputStream in = socket.getInputStream();
        this.reader = new Thread(() -> readLoop(in), "harness-amqp10-tls-" + name);
        reader.setDaemon(true);
    }

    /**
     * Opens a TCP connection to {@code uri}'s host and port (no delay) and completes the TLS
     * handshake, not read yet.
     *
     * @param name          the connection's name, for the reader thread's
     * @param timeoutMillis how long connecting, and then the handshake, may take
     */
    static TlsTransport connect(String name, BrokerUri uri, Settings tls, long timeoutMillis) throws IOException {
        Socket plain = new Socket();
        try {
            plain.setTcpNoDelay(true);
            plain.connect(new InetSocketAddress(uri.host(), uri.port()), (int) timeoutMillis);
            SSLSocket s = (SSLSocket) tls.sockets().createSocket(plain, uri.host(), uri.port(), true);
            if (tls.verifyHostName()) {
                SSLParameters p = s.getSSLParameters();
                p.setEndpointIdentificationAlgorithm("HTTPS");
                s.setSSLParameters(p);
            }
            s.setSoTimeout((int) timeoutMillis);
            s.startHandshake();
            s.setSoTimeout(READ_TIMEOUT_MILLIS);
            return new TlsTransport(name, s);
        } catch (IOException | RuntimeException e) {
            closeQuietly(plain);
            throw e;
        }
    }

    @Override
    public Output.Sink sink() {
        return sink;
    }

    @Override
    public void start(Inbound in) {
        this.inbound = in;
        reader.start();
    }

    /** The reader thread: hands what arrives to the connection, ticks it when a read times out. */
    private void readLoop(InputStream in) {
        byte[] bytes = new byte[READ_BUFFER_BYTES];
        Throwable cause;
        try {
            while (true) {
                int n;
                try {
                    n = in.read(bytes);
                } catch (SocketTimeoutException e) {
                    inbound.tick();
                    continue;
                }
                if (n < 0) {
                    throw new EOFException("the broker closed the socket");
                }
                inbound.input(bytes, n);
            }
        } catch (Throwable e) {
            cause = e;
        }
        inbound.ended(cause);
    }

    @Override
    public boolean onReadingThread() {
        return Thread.currentThread() == reader;
    }

    @Override
    public void afterFailure(Runnable tellLinks) {
        // the reader thread ends on the closed socket and tells the connection
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    @Override
    public OptionalInt localPort() {
        return OptionalInt.of(socket.getLocalPort());
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
    }
}
