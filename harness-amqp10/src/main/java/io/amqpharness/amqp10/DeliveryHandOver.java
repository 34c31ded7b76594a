package io.amqpharness.amqp10;

import io.amqpharness.message.MessageScanner;
import io.amqpharness.spi.DeliveryListener;
import java.util.OptionalLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.engine.IncomingDelivery;

/**
 * Hands a consumer's deliveries to the core in batches, outside the engine lock. As the engine
 * decodes deliveries (on the connection's reader thread, under the engine lock) {@link #add}
 * copies their bytes into a reused {@link DeliveryBatch}; after each batch of input
 * ({@link #afterInput()}) the batch is swapped for an empty one and each delivery is scanned in
 * place ({@link MessageScanner}) and given to the core's listener. Who hands them over depends on
 * the listener: one that never waits ({@link DeliveryListener#mayWait()} false) is called on the
 * reader thread itself, right after the input, which saves waking another thread for every batch;
 * one that may wait gets a thread of its own ({@code harness-amqp10-consumer-N}), woken once per
 * batch, so a slow consumer never stops the connection from reading. After each batch its
 * {@link Owner} applies the batch's settlements and credit. {@link #start} hands over what arrived
 * before it (deliveries a broker sent without credit) before the link's first credit goes out, so
 * that what the credit brings reaches a listener that never waits on the reader thread, never on
 * the thread that started the consumer. Thread-safe; no allocation once the batches have grown to
 * the largest one.
 */
final class DeliveryHandOver {
    private static final long IDLE_PARK_NANOS = 10_000_000L;
    /** How long {@link #stop()} waits for the deliveries already taken in to be handed over. */
    private static final long STOP_WAIT_MILLIS = 5_000;

    /** What a hand-over asks of its consumer: on the handing thread, outside the engine lock. */
    interface Owner {
        /** True once the consumer closed: the rest of a batch is not handed over. */
        boolean closed();

        /** A delivery went to the core: it counts against the link credit. */
        void taken();

        /** A batch went to the core: its settlements and credit are applied and written. */
        void batchHandedOver();

        /** Handing over failed with {@code e} (a {@code HarnessException} from the core, or a bug). */
        void handOverFailed(RuntimeException e);
    }

    /** The engine lock, under which {@link #add} runs. */
    private final ReentrantLock engineLock;
    private final Owner owner;
    private final MessageScanner scanner = new MessageScanner();
    /** Held while a batch is handed over: the reader thread and a cancellation may both try. */
    private final ReentrantLock lock = new ReentrantLock();
    /** Deliveries arrived and not yet handed over (under the engine lock). */
    private DeliveryBatch arrived = new DeliveryBatch();
    /** Deliveries being handed over (under {@link #lock}). */
    private DeliveryBatch handingOver = new DeliveryBatch();
    private volatile boolean pending;
    private volatile boolean stopping;
    /** True while a batch is handed over (under {@link #lock}): its settlements wait for the batch's end. */
    private volatile boolean handing;
    /** The thread of a listener that may wait; null when the reader thread hands over. */
    private volatile Thread thread;
    private DeliveryListener listener;
    /** Offset of the last stream message handed over, or -1 before the first (handing thread writes). */
    private volatile long lastStreamOffset = -1;

    /** @param engineLock the lock of the connection's engine, held by whoever calls {@link #add} */
    DeliveryHandOver(ReentrantLock engineLock, Owner owner) {
        this.engineLock = engineLock;
        this.owner = owner;
    }

    /**
     * Takes the core's listener, and makes the thread that will call it if it may wait; before the
     * first delivery is added.
     *
     * @param threadName the name of that thread
     */
    void prepare(DeliveryListener deliveryListener, String threadName) {
        listener = deliveryListener;
        if (deliveryListener.mayWait()) {
            Thread t = new Thread(this::handOverLoop, threadName);
            t.setDaemon(true);
            thread = t;
        }
    }

    /**
     * Starts handing over, beginning with what was added before, then runs {@code grantCredit}.
     * For a listener that never waits, what was added before is handed over here, on the calling
     * thread, and only then does the credit go out: every delivery the credit brings is handed over
     * by the reader thread after its input. (A broker that sends without credit, RabbitMQ 3.x on a
     * stream, may still have its next deliveries handed over here, with the early ones.)
     *
     * @param grantCredit grants the link's first credit and writes it
     */
    void start(Runnable grantCredit) {
        Thread t = thread;
        if (t != null) {
            t.start();
        } else {
            handOver(); // what arrived before the start
        }
        grantCredit.run();
    }

    /** Adds a delivery to the next batch (reader thread, under the engine lock); null payload: none. */
    void add(long tag, ProtonBuffer payload) {
        arrived.add(tag, payload);
        pending = true;
    }

    /** Adds what a complete delivery holds to the next batch, read out of it (reader thread, under the engine lock). */
    void add(long tag, IncomingDelivery delivery) {
        arrived.add(tag, delivery);
        pending = true;
    }

    /** After a batch of input: hands it over here or wakes the thread that does (reader thread, outside the lock). */
    void afterInput() {
        if (!pending) {
            return;
        }
        Thread t = thread;
        if (t == null) {
            handOver();
        } else {
            LockSupport.unpark(t);
        }
    }

    private void handOverLoop() {
        while (!stopping) {
            if (pending) {
                handOver();
            } else {
                LockSupport.parkNanos(this, IDLE_PARK_NANOS);
            }
        }
        handOver(); // what arrived before the cancellation
    }

    /**
     * Hands what arrived to the core, outside the engine lock (the consumer's thread, or the
     * reader thread when the listener never waits). Does nothing when called again from within a
     * hand-over (a cancellation from the core while it takes a delivery).
     */
    private void handOver() {
        if (!pending || lock.isHeldByCurrentThread()) {
            return;
        }
        lock.lock();
        try {
            handOverLocked();
        } finally {
            lock.unlock();
        }
    }

    private void handOverLocked() {
        if (!pending) {
            return;
        }
        try {
            engineLock.lock();
            try {
                DeliveryBatch b = arrived;
                arrived = handingOver;
                handingOver = b;
                pending = false;
            } finally {
                engineLock.unlock();
            }
            DeliveryBatch b = handingOver;
            handing = true;
            for (int i = 0; i < b.size() && !owner.closed(); i++) {
                scanner.scan(b.bytes(), b.offset(i), b.length(i));
                if (scanner.hasStreamOffset()) {
                    lastStreamOffset = scanner.streamOffset();
                }
                listener.delivered(b.tag(i), b.bytes(), scanner.bodyOffset(), scanner.bodyLength(),
                        scanner.redelivered(), scanner.groupId());
                owner.taken();
            }
            b.clear();
            handing = false;
            owner.batchHandedOver();
        } catch (RuntimeException e) {
            owner.handOverFailed(e);
        } finally {
            handing = false;
        }
    }

    /** True on the thread handing a batch over right now: a settlement it makes waits for the batch's end. */
    boolean handingOnThisThread() {
        return handing && lock.isHeldByCurrentThread();
    }

    /** Stops the consumer thread once it handed over what arrived, or hands it over here (at most {@value #STOP_WAIT_MILLIS} ms). */
    void stop() {
        stopping = true;
        Thread t = thread;
        if (t == null) {
            handOver(); // what arrived before the cancellation and the reader thread has not handed over yet
        } else if (t != Thread.currentThread()) {
            LockSupport.unpark(t);
            try {
                t.join(STOP_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Hands over what is left once the link is detached: a batch the reader thread is handing
     * over right now is finished first, and whatever arrived after it is handed over here.
     * Nothing when called from within a hand-over.
     */
    void handOverRest() {
        if (lock.isHeldByCurrentThread()) {
            return;
        }
        lock.lock();
        try {
            handOverLocked();
        } finally {
            lock.unlock();
        }
    }

    /** The offset of the last stream message handed over; empty before the first, or if not a stream. */
    OptionalLong lastStreamOffset() {
        long last = lastStreamOffset;
        return last < 0 ? OptionalLong.empty() : OptionalLong.of(last);
    }
}
