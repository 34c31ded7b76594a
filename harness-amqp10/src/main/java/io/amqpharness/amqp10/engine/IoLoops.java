package io.amqpharness.amqp10.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The selector threads that read every plain-TCP AMQP 1.0 connection of the process: a few
 * threads for thousands of connections instead of one reader thread each. Connections are spread
 * over the loops in turn; each loop reads what arrived on its connections into one buffer of its
 * own, hands it to the connection, writes what a connection could not write at once when its
 * socket drains, and ticks every connection about once a second (heartbeats). The loops start
 * with the first connection and stop when the last one is gone. Thread-safe.
 */
final class IoLoops {
    /** How many selector threads serve the process: the cores, at least 2 and at most 4. */
    static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    /** How much one read takes from a socket at most; also each loop's read buffer. */
    static final int READ_BUFFER_BYTES = 64 * 1024;
    /** How often every connection is ticked, in milliseconds. */
    static final long TICK_MILLIS = 1_000;

    /** What a loop calls on a registered connection; all on the loop's thread, never concurrently for one connection. */
    interface Handler {
        /** Bytes arrived: {@code input} holds them (position 0, limit = count); copy what is kept. */
        void input(ByteBuffer input);

        /** The socket can take more bytes. */
        void writable();

        /** About once a second. */
        void tick();

        /** The socket ended (the broker closed it) or reading failed. Called once; the channel is closed. */
        void ended(IOException cause);
    }

    /** A connection's place on a loop: asks for write readiness and runs tasks on its thread. */
    interface Registration {
        /** Asks to be told (once) when the socket can take more bytes. */
        void wantWrite();

        /** Runs {@code task} on the loop's thread soon. */
        void execute(Runnable task);

        /** True on the loop thread this connection is served by. */
        boolean inLoop();

        /** Takes the channel off the loop (it is not closed here). */
        void cancel();
    }

    private static final Object LOCK = new Object();
    private static Loop[] loops;
    private static int users;
    private static int next;

    private IoLoops() {
    }

    /** Registers a connected channel (made non-blocking here) with one of the loops. */
    static Registration register(SocketChannel channel, Handler handler) throws IOException {
        Loop loop;
        synchronized (LOCK) {
            if (loops == null) {
                loops = new Loop[THREADS];
                for (int i = 0; i < THREADS; i++) {
                    loops[i] = new Loop(i);
                }
            }
            users++;
            loop = loops[Math.floorMod(next++, loops.length)];
        }
        try {
            channel.configureBlocking(false);
        } catch (IOException | RuntimeException e) {
            released();
            throw e;
        }
        return loop.register(channel, handler);
    }

    private static void released() {
        Loop[] stop = null;
        synchronized (LOCK) {
            if (--users == 0) {
                stop = loops;
                loops = null;
            }
        }
        if (stop != null) {
            for (Loop l : stop) {
                l.stop();
            }
        }
    }

    /** The number of selector threads running now (0 when no connection is open). */
    static int running() {
        synchronized (LOCK) {
            return loops == null ? 0 : loops.length;
        }
    }

    private static final class Loop implements Runnable {
        private final Selector selector;
        private final Thread thread;
        private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
        private final AtomicInteger wakeups = new AtomicInteger();
        private final ByteBuffer buffer = ByteBuffer.allocate(READ_BUFFER_BYTES);
        private volatile boolean stopping;
        private long lastTick = System.nanoTime();

        Loop(int index) {
            try {
                selector = Selector.open();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            thread = new Thread(this, "harness-amqp10-io-" + index);
            thread.setDaemon(true);
            thread.start();
        }

        Registration register(SocketChannel channel, Handler handler) {
            Entry entry = new Entry(this, channel, handler);
            execute(() -> {
                try {
                    entry.key = channel.register(selector, SelectionKey.OP_READ, entry);
                } catch (ClosedChannelException e) {
                    entry.end(e);
                }
            });
            return entry;
        }

        void execute(Runnable task) {
            tasks.add(task);
            if (Thread.currentThread() != thread && wakeups.getAndIncrement() == 0) {
                selector.wakeup();
            }
        }

        void stop() {
            stopping = true;
            selector.wakeup();
        }

        @Override
        public void run() {
            try {
                while (!stopping) {
                    selector.select(TICK_MILLIS);
                    wakeups.set(0);
                    Runnable task;
                    while ((task = tasks.poll()) != null) {
                        task.run();
                    }
                    var selected = selector.selectedKeys();
                    if (!selected.isEmpty()) {
                        for (SelectionKey key : selected) {
                            serve(key);
                        }
                        selected.clear();
                    }
                    long now = System.nanoTime();
                    if (now - lastTick >= TICK_MILLIS * 1_000_000) {
                        lastTick = now;
                        for (SelectionKey key : selector.keys()) {
                            if (key.isValid()) {
                                ((Entry) key.attachment()).handler.tick();
                            }
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // A selector that fails ends every connection on it rather than leaving them unread.
                for (SelectionKey key : selector.keys()) {
                    ((Entry) key.attachment()).end(e instanceof IOException io ? io : new IOException(e));
                }
            } finally {
                Runnable task;
                while ((task = tasks.poll()) != null) {
                    task.run(); // what was asked before the last connection went (such as telling links it ended)
                }
                try {
                    selector.close();
                } catch (IOException ignored) {
                    // stopping anyway
                }
            }
        }

        private void serve(SelectionKey key) {
            Entry entry = (Entry) key.attachment();
            try {
                int ready = key.readyOps();
                if ((ready & SelectionKey.OP_WRITE) != 0) {
                    key.interestOps(SelectionKey.OP_READ);
                    entry.handler.writable();
                }
                if ((ready & SelectionKey.OP_READ) != 0 && key.isValid()) {
                    buffer.clear();
                    int n = entry.channel.read(buffer);
                    if (n < 0) {
                        entry.end(new java.io.EOFException("the broker closed the socket"));
                    } else if (n > 0) {
                        buffer.flip();
                        entry.handler.input(buffer);
                    }
                }
            } catch (CancelledKeyException e) {
                entry.end(new ClosedChannelException());
            } catch (IOException e) {
                entry.end(e);
            }
        }
    }

    private static final class Entry implements Registration {
        private final Loop loop;
        private final SocketChannel channel;
        private final Handler handler;
        private SelectionKey key;
        private boolean ended;
        private boolean cancelled;

        Entry(Loop loop, SocketChannel channel, Handler handler) {
            this.loop = loop;
            this.channel = channel;
            this.handler = handler;
        }

        /** On the loop thread: takes the channel off and tells the handler, once. */
        void end(IOException cause) {
            if (ended) {
                return;
            }
            ended = true;
            dropKey();
            try {
                channel.close();
            } catch (IOException ignored) {
                // ending anyway
            }
            handler.ended(cause);
        }

        private void dropKey() {
            if (key != null) {
                key.cancel();
            }
            if (!cancelled) {
                cancelled = true;
                released();
            }
        }

        @Override
        public void wantWrite() {
            loop.execute(() -> {
                SelectionKey k = key;
                if (k != null && k.isValid()) {
                    k.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                }
            });
        }

        @Override
        public void execute(Runnable task) {
            loop.execute(task);
        }

        @Override
        public boolean inLoop() {
            return Thread.currentThread() == loop.thread;
        }

        @Override
        public void cancel() {
            loop.execute(() -> {
                ended = true;
                dropKey();
            });
        }
    }
}
