package io.amqpharness.amqp10.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;

/**
 * The reading side of an {@link EngineConnection}, on the thread that reads its socket: hands what
 * arrived to the engine under the lock and wakes the waiters, ticks the engine about once a second,
 * writes what the engine answered, and tells the links ({@link EngineConnection.Listener}) after
 * each batch and, once, when the connection ended. Thread-safe.
 */
final class EngineInput implements Transport.Inbound {
    /** How often the engine is ticked at most, in milliseconds. */
    private static final long TICK_MILLIS = 1_000;

    private final EngineConnection owner;
    private final Engine engine;
    private final WholeFrames frames;
    private final Connection connection;
    private final ReentrantLock lock;
    private final Condition changed;
    private final List<EngineConnection.Listener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicBoolean endNotified = new AtomicBoolean();
    /** The thread handing input to the engine right now (it writes after the input); only ever compared with the current thread. */
    private Thread inputThread;
    /** When the engine was last ticked (under the lock). */
    private long lastTickMillis;

    EngineInput(EngineConnection owner, Engine engine, ReentrantLock lock, Condition changed) {
        this.owner = owner;
        this.engine = engine;
        this.frames = new WholeFrames(engine);
        this.connection = engine.connection();
        this.lock = lock;
        this.changed = changed;
    }

    @Override
    public void input(byte[] bytes, int length) {
        inputThread = Thread.currentThread();
        try {
            ingest(bytes, length);
            owner.flush();
        } catch (Throwable e) {
            owner.failed(e);
        } finally {
            inputThread = null;
        }
    }

    /** Hands bytes that arrived to the engine, then tells the listeners (outside the lock). */
    private void ingest(byte[] bytes, int n) {
        lock.lock();
        try {
            frames.ingest(bytes, n); // whole frames, straight from the reader's array
            tickIfDue();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        for (EngineConnection.Listener l : listeners) {
            l.afterInput();
        }
    }

    @Override
    public void tick() {
        lock.lock();
        try {
            tickIfDue();
        } catch (RuntimeException e) {
            owner.failed(e);
        } finally {
            lock.unlock();
        }
        owner.flush();
    }

    /** Ticks the engine if a tick is due and the connection is open (under the lock). */
    private void tickIfDue() {
        long now = System.nanoTime() / 1_000_000;
        if (now - lastTickMillis >= TICK_MILLIS && connection.isRemotelyOpen()
                && !connection.isLocallyClosed() && owner.failure() == null) {
            lastTickMillis = now;
            engine.tick(now);
        }
    }

    @Override
    public void writable() {
        owner.flush();
    }

    @Override
    public void ended(Throwable cause) {
        owner.failed(cause);
        notifyEnded();
    }

    /** Tells the links, once and outside the lock, that the connection ended, unless it is closing. */
    void notifyEnded() {
        if (owner.closing() || !endNotified.compareAndSet(false, true)) {
            return;
        }
        Throwable failure = owner.failure();
        String sentence = Amqp10Errors.text(failure, owner.uri());
        for (EngineConnection.Listener l : listeners) {
            l.connectionFailed(sentence, failure);
        }
    }

    /** True on the thread handing input to the engine right now. */
    boolean onInputThread() {
        return Thread.currentThread() == inputThread;
    }

    void addListener(EngineConnection.Listener l) {
        listeners.add(l);
    }

    void removeListener(EngineConnection.Listener l) {
        listeners.remove(l);
    }
}
