package io.amqpharness.amqp091;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import javax.net.SocketFactory;

/**
 * Plain TCP sockets whose output holds back the publishes of a publisher thread until it is about to
 * wait, so that a burst of messages leaves in one socket write instead of one write per message.
 *
 * <p>amqp-client flushes its socket after every command: in blocking I/O each {@code basicPublish} is
 * one {@code write} system call. A publisher brackets its {@code basicPublish} with {@link #cork} and
 * {@link #uncork}; a
 * flush inside it only remembers the stream, for this thread, as owing one, unless
 * {@value #MAX_HELD_BYTES} bytes are held, and {@link #flushHeld()} (called when the publisher is about
 * to wait: for its next intended time, for room in its confirm window, at the end of each batch a
 * shared pacing thread gives it, or at its end) writes what this thread held. Every other flush (an RPC, an ack, a heartbeat, another thread's publish) writes
 * at once, and with it anything held. So no message waits longer than its publisher's own pause, and
 * the timestamps, taken before the send, count any holding as latency.
 *
 * <p>Threading: a stream is written under amqp-client's connection lock and its own monitor; what a
 * thread holds is listed in a thread-local list, so a publisher only ever flushes what it held.
 */
final class CorkedSockets extends SocketFactory {
    /** Bytes a stream holds back at most before it writes anyway. */
    static final int MAX_HELD_BYTES = 32 * 1024;
    private static final ThreadLocal<Holder> HOLDER = ThreadLocal.withInitial(Holder::new);

    /** What one thread is doing and holding. */
    private static final class Holder {
        boolean corked;
        final List<HoldingStream> owing = new ArrayList<>();
    }

    /** From now on this thread's flushes are held back (a publisher's {@code basicPublish} begins). */
    static void cork() {
        HOLDER.get().corked = true;
    }

    /** This thread's flushes write again (its {@code basicPublish} returned or failed). */
    static void uncork() {
        HOLDER.get().corked = false;
    }

    /** Writes every stream this thread held back. */
    static void flushHeld() throws IOException {
        Holder h = HOLDER.get();
        if (h.owing.isEmpty()) {
            return;
        }
        IOException first = null;
        for (HoldingStream s : h.owing) {
            try {
                s.flushNow();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        h.owing.clear();
        if (first != null) {
            throw first;
        }
    }

    @Override
    public Socket createSocket() {
        return new HoldingSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    /** A holding socket connected to {@code remote}, bound first to {@code local} when not null. */
    private static Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
        Socket s = new HoldingSocket();
        if (local != null) {
            s.bind(local);
        }
        s.connect(remote);
        return s;
    }

    /** A plain socket whose output stream is a {@link HoldingStream}. */
    private static final class HoldingSocket extends Socket {
        private HoldingStream out;

        HoldingSocket() {
            super();
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new HoldingStream(super.getOutputStream());
            }
            return out;
        }
    }

    /** Holds the flushes of corked threads back, up to {@link #MAX_HELD_BYTES}. */
    static final class HoldingStream extends FilterOutputStream {
        private final byte[] buffer = new byte[MAX_HELD_BYTES];
        private int held;

        HoldingStream(OutputStream out) {
            super(out);
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (held == buffer.length) {
                drain();
            }
            buffer[held++] = (byte) b;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (len > buffer.length - held) {
                drain();
                if (len >= buffer.length) {
                    out.write(b, off, len);
                    return;
                }
            }
            System.arraycopy(b, off, buffer, held, len);
            held += len;
        }

        @Override
        public void flush() throws IOException {
            Holder h = HOLDER.get();
            if (h.corked) {
                synchronized (this) {
                    if (held < MAX_HELD_BYTES / 2) {
                        if (!h.owing.contains(this)) {
                            h.owing.add(this);
                        }
                        return;
                    }
                }
            }
            flushNow();
        }

        /** Writes what is held and flushes the socket. */
        synchronized void flushNow() throws IOException {
            drain();
            out.flush();
        }

        private void drain() throws IOException {
            if (held > 0) {
                out.write(buffer, 0, held);
                held = 0;
            }
        }

        @Override
        public void close() throws IOException {
            try {
                flushNow();
            } finally {
                out.close();
            }
        }
    }
}
