package io.amqpharness.amqp10;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;

/**
 * The bytes an AMQP 1.0 engine wrote and the socket has not taken yet: frames are copied into one
 * array as the engine produces them, and {@link #flush()} writes all of them with one socket
 * write. Two arrays swap, so the engine can go on appending while a write is under way; only one
 * thread writes at a time, and a thread that finds another writing leaves its bytes to it.
 * Thread-safe; no allocation once the arrays have grown to the largest batch.
 */
final class Output {
    private static final int INITIAL_BYTES = 64 * 1024;

    private final OutputStream out;
    private final AtomicBoolean writing = new AtomicBoolean();
    private byte[] filling = new byte[INITIAL_BYTES];
    private byte[] spare = new byte[INITIAL_BYTES];
    private int size;

    Output(OutputStream out) {
        this.out = out;
    }

    /** Copies the readable bytes of a frame the engine wrote; the buffer is left as it was. */
    synchronized void append(ProtonBuffer frame) {
        int n = frame.getReadableBytes();
        if (size + n > filling.length) {
            byte[] bigger = new byte[Math.max(filling.length * 2, size + n)];
            System.arraycopy(filling, 0, bigger, 0, size);
            filling = bigger;
        }
        frame.copyInto(frame.getReadOffset(), filling, size, n);
        size += n;
    }

    /** Appends raw bytes. */
    synchronized void append(byte[] bytes, int offset, int length) {
        if (size + length > filling.length) {
            byte[] bigger = new byte[Math.max(filling.length * 2, size + length)];
            System.arraycopy(filling, 0, bigger, 0, size);
            filling = bigger;
        }
        System.arraycopy(bytes, offset, filling, size, length);
        size += length;
    }

    /** Bytes appended and not yet handed to the socket. */
    synchronized int pending() {
        return size;
    }

    /**
     * Writes what is pending, and what is appended meanwhile, unless another thread is writing
     * (it then writes these bytes as well before it stops). Blocks while the socket is full.
     */
    void flush() throws IOException {
        while (writing.compareAndSet(false, true)) {
            try {
                while (true) {
                    byte[] batch;
                    int n;
                    synchronized (this) {
                        if (size == 0) {
                            break;
                        }
                        batch = filling;
                        n = size;
                        filling = spare;
                        spare = batch;
                        size = 0;
                    }
                    out.write(batch, 0, n);
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
