package io.amqpharness.amqp10.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;

/**
 * The bytes an AMQP 1.0 engine wrote and the socket has not taken yet: frames are copied into one
 * array as the engine produces them, and {@link #flush()} writes all of them with one socket
 * write. Two arrays swap, so the engine can go on appending while a write is under way; only one
 * thread writes at a time, and a thread that finds another writing leaves its bytes to it. A
 * non-blocking socket may take part of a batch: the rest waits for {@link Sink#wantWrite()} to
 * call {@link #flush()} again. Thread-safe; no allocation once the arrays have grown to the
 * largest batch, and an idle connection holds {@value #INITIAL_BYTES} bytes in each array.
 */
final class Output {
    static final int INITIAL_BYTES = 512;

    /** Where the bytes go. */
    interface Sink {
        /** Writes up to {@code length} bytes and returns how many were taken (all, for a blocking socket). */
        int write(byte[] bytes, int offset, int length) throws IOException;

        /** Asks for {@link Output#flush()} to be called when the socket can take more; never called by a blocking sink's output. */
        void wantWrite();

        /** A blocking stream: takes every byte, waiting while the socket is full. */
        static Sink blocking(OutputStream out) {
            return new Sink() {
                @Override
                public int write(byte[] bytes, int offset, int length) throws IOException {
                    out.write(bytes, offset, length);
                    return length;
                }

                @Override
                public void wantWrite() {
                    // never left with bytes
                }
            };
        }

        /** A non-blocking channel: takes what the socket takes; {@code wantWrite} asks to hear when it drains. */
        static Sink nonBlocking(WritableByteChannel channel, Runnable wantWrite) {
            return new Sink() {
                private ByteBuffer wrapped = ByteBuffer.allocate(0);

                @Override
                public int write(byte[] bytes, int offset, int length) throws IOException {
                    ByteBuffer b = wrapped;
                    if (b.array() != bytes) {
                        b = ByteBuffer.wrap(bytes); // once per array the output grows to
                        wrapped = b;
                    }
                    b.limit(offset + length).position(offset);
                    return channel.write(b);
                }

                @Override
                public void wantWrite() {
                    wantWrite.run();
                }
            };
        }
    }

    private final Sink sink;
    private final AtomicBoolean writing = new AtomicBoolean();
    private byte[] filling = new byte[INITIAL_BYTES];
    private int size;
    // Owned by the thread that holds 'writing'.
    private byte[] inFlight = new byte[INITIAL_BYTES];
    private int inFlightOffset;
    private int inFlightLength;
    private volatile int unwritten;

    Output(Sink sink) {
        this.sink = sink;
    }

    /** Copies the readable bytes of a frame the engine wrote; the buffer is left as it was. */
    synchronized void append(ProtonBuffer frame) {
        int n = frame.getReadableBytes();
        ensure(n);
        frame.copyInto(frame.getReadOffset(), filling, size, n);
        size += n;
    }

    /** Appends raw bytes. */
    synchronized void append(byte[] bytes, int offset, int length) {
        ensure(length);
        System.arraycopy(bytes, offset, filling, size, length);
        size += length;
    }

    private void ensure(int more) {
        if (size + more > filling.length) {
            byte[] bigger = new byte[Math.max(filling.length * 2, size + more)];
            System.arraycopy(filling, 0, bigger, 0, size);
            filling = bigger;
        }
    }

    /** Bytes appended and not yet handed to the socket, apart from a batch waiting for the socket to drain. */
    synchronized int pending() {
        return size;
    }

    /** Bytes of a batch the socket did not take yet (a non-blocking socket that is full). */
    int unwritten() {
        return unwritten;
    }

    /**
     * Writes what is pending, and what is appended meanwhile, unless another thread is writing
     * (it then writes these bytes as well before it stops). A blocking socket blocks while it is
     * full; a non-blocking one keeps the rest for when it drains.
     */
    void flush() throws IOException {
        while (writing.compareAndSet(false, true)) {
            try {
                while (true) {
                    if (inFlightOffset < inFlightLength) {
                        int n = sink.write(inFlight, inFlightOffset, inFlightLength - inFlightOffset);
                        inFlightOffset += n;
                        unwritten = inFlightLength - inFlightOffset;
                        if (unwritten > 0) {
                            sink.wantWrite();
                            return; // the sink calls again when the socket drains
                        }
                    }
                    synchronized (this) {
                        if (size == 0) {
                            break;
                        }
                        byte[] batch = filling;
                        filling = inFlight;
                        inFlight = batch;
                        inFlightOffset = 0;
                        inFlightLength = size;
                        size = 0;
                    }
                }
            } finally {
                writing.set(false);
            }
            synchronized (this) {
                if (size == 0) {
                    return; // nothing slipped in between the last check and letting go
                }
            }
        }
    }
}
