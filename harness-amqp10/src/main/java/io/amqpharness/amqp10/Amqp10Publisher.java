package io.amqpharness.amqp10;

import io.amqpharness.amqp10.engine.EngineConnection;
import io.amqpharness.amqp10.engine.Links;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.types.transport.DeliveryState;

/**
 * A publisher: one sender link on its own session, driven on the publishing thread. {@link #send}
 * encodes the message ({@link MessageEncoder}), hands the transfer to the engine and returns; the
 * frame reaches the socket when the core is about to wait ({@link #aboutToWait()}), at the end,
 * or once {@value #FLUSH_BYTES} bytes are pending, so a burst of sends is one socket write.
 *
 * <p>With confirms the link is unsettled (at-least-once): each delivery carries a slot of a ring
 * in send order, the broker's dispositions mark slots settled on the connection's reader thread,
 * and after each batch of input (outside the engine lock) the settled slots at the head of the
 * ring are reported as one
 * multiple settlement per run of equal outcomes (the core resolves every outstanding message up
 * to the sequence, and every earlier one is settled by then). The ring holds twice the confirm
 * window, so a send waits for room only when messages the core counted as timed out are still
 * unsettled. Without confirms messages go pre-settled (at-most-once) and nothing is reported.
 */
final class Amqp10Publisher implements PublisherLink, EngineConnection.Listener {
    /** Pending output above which a send writes to the socket at once. */
    static final int FLUSH_BYTES = 32 * 1024;
    private static final long WAIT_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** A wait for link credit longer than this is reported as a credit wait (counted from its start): 100 ms. */
    static final long BLOCKED_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** One sent, unsettled message. */
    private static final class Slot {
        long seq;
        boolean settled;
        PublishOutcome outcome;
    }

    private final EngineConnection connection;
    private final Session session;
    private final Sender sender;
    private final PublisherSpec spec;
    private final String address;
    private final MessageEncoder encoder;
    private final boolean keyPerMessage;
    private final PublishOutcomeListener outcomes;
    private final Slot[] ring;
    private final int mask;
    private final Runnable onClose;
    /** Next ring position to fill (publishing thread, under the lock; its write publishes the slot). */
    private volatile long tail;
    /** Next ring position to report (reader thread; read by the publishing thread). */
    private volatile long head;
    private volatile boolean closed;
    private volatile String linkFailure;

    /**
     * @param sender        an attached sender (unsettled if {@code spec.confirms()}, else settled)
     * @param confirmWindow the core's confirm window, for the ring's size
     * @param outcomes      where outcomes go
     */
    Amqp10Publisher(EngineConnection connection, Session session, Sender sender, String address, PublisherSpec spec,
                    int confirmWindow, PublishOutcomeListener outcomes, boolean keyPerMessage,
                    java.util.function.UnaryOperator<String> toAddress, Runnable onClose) {
        this.connection = connection;
        this.session = session;
        this.sender = sender;
        this.address = address;
        this.spec = spec;
        this.outcomes = outcomes;
        this.keyPerMessage = keyPerMessage;
        this.onClose = onClose;
        this.encoder = new MessageEncoder(spec.persistent(), spec.publisherId(), spec.variants(), keyPerMessage,
                toAddress);
        int capacity = spec.confirms() ? Integer.highestOneBit(Math.max(64, confirmWindow * 2 - 1)) << 1 : 1;
        this.ring = new Slot[capacity];
        for (int i = 0; i < capacity; i++) {
            ring[i] = new Slot();
        }
        this.mask = capacity - 1;
        connection.lock().lock();
        try {
            sender.deliveryStateUpdatedHandler(this::updated);
            Links.watch(connection, session, sender, this::linkClosed);
        } finally {
            connection.lock().unlock();
        }
        connection.addListener(this);
    }

    @Override
    public void send(long seq, byte[] body, String routingKey) {
        send(seq, body, routingKey, 0);
    }

    @Override
    public void send(long seq, byte[] body, String routingKey, int variant) {
        ProtonBuffer payload = encoder.encode(body, keyPerMessage ? routingKey : null, variant);
        ReentrantLock lock = connection.lock();
        lock.lock();
        try {
            awaitSendable();
            OutgoingDelivery d = sender.next();
            if (spec.confirms()) {
                Slot s = ring[(int) (tail & mask)];
                s.seq = seq;
                s.settled = false;
                s.outcome = null;
                d.setLinkedResource(s);
                tail++;
            } else {
                d.settle(); // pre-settled: the transfer says so, no disposition follows
            }
            d.writeBytes(payload);
            while (payload.isReadable()) { // the session window closed mid-message: the rest when it opens
                awaitSendable();
                d.streamBytes(payload, true);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("Interrupted while publishing to '" + address + "'.", e);
        } catch (IllegalStateException e) { // the engine refuses work on a closed link or a failed connection
            throw new DriverException(failure("Publishing to '" + address + "'", e), e);
        } finally {
            lock.unlock();
        }
        if (connection.pendingBytes() >= FLUSH_BYTES) {
            connection.flush();
        }
    }

    /**
     * Waits under the lock for link credit, session window and ring room; writes what is pending
     * first. A wait for credit longer than {@link #BLOCKED_AFTER_NANOS} is reported as a credit wait
     * from its beginning (RabbitMQ 4 withholds credit during a resource alarm; a slow queue grants it
     * slowly) until credit comes; shorter waits are ordinary flow control.
     */
    private void awaitSendable() throws InterruptedException {
        long waitingSince = 0;
        boolean reported = false;
        try {
            while (!sender.isSendable() || tail - head > mask) {
                if (!sender.isSendable()) {
                    long now = System.nanoTime();
                    if (waitingSince == 0) {
                        waitingSince = now;
                    } else if (!reported && now - waitingSince >= BLOCKED_AFTER_NANOS) {
                        reported = true;
                        outcomes.creditWait(true, Duration.ofNanos(now - waitingSince));
                    }
                }
                awaitSendableOnce();
            }
        } finally {
            if (reported) {
                outcomes.creditWait(false, Duration.ZERO);
            }
        }
    }

    /** One step of {@link #awaitSendable}: fail, write what is pending, or wait for the engine to change. */
    private void awaitSendableOnce() throws InterruptedException {
        if (closed || linkFailure != null || connection.failure() != null) {
            throw new DriverException(failure("Publishing to '" + address + "'", null));
        }
        if (connection.pendingBytes() > 0) {
            ReentrantLock lock = connection.lock();
            lock.unlock();
            try {
                connection.flush();
            } finally {
                lock.lock();
            }
            return;
        }
        connection.awaitChange(WAIT_SLICE_NANOS);
    }

    private String failure(String what, Throwable e) {
        String why = linkFailure != null ? linkFailure : connection.failureSentence();
        if (why == null) {
            why = closed ? "the publisher was closed" : e != null && e.getMessage() != null ? e.getMessage() : "unknown";
        }
        return what + " failed: " + why + ".";
    }

    /** A disposition from the broker (reader thread, under the lock). */
    private void updated(OutgoingDelivery d) {
        if (!d.isRemotelySettled()) {
            return;
        }
        Slot s = d.getLinkedResource();
        if (s != null) {
            s.outcome = outcome(d.getRemoteState());
            s.settled = true;
        }
        d.settle(); // lets the engine forget it; no frame, the broker settled first
    }

    @Override
    public void afterInput() {
        long h = head;
        long t = tail;
        PublishOutcome groupOutcome = null;
        long groupEnd = 0;
        while (h < t) {
            Slot s = ring[(int) (h & mask)];
            if (!s.settled) {
                break;
            }
            if (groupOutcome != null && s.outcome != groupOutcome) {
                report(groupEnd, groupOutcome);
            }
            groupOutcome = s.outcome;
            groupEnd = s.seq;
            h++;
        }
        head = h;
        if (groupOutcome != null) {
            report(groupEnd, groupOutcome);
        }
    }

    private void report(long seq, PublishOutcome outcome) {
        if (!closed) {
            outcomes.settled(seq, true, outcome);
        }
    }

    /**
     * The core's name for a delivery state. A settlement without an outcome counts as confirmed:
     * the broker took responsibility for the message without objecting.
     */
    static PublishOutcome outcome(DeliveryState state) {
        if (state == null) {
            return PublishOutcome.CONFIRMED;
        }
        return switch (state.getType()) {
            case Rejected -> PublishOutcome.NACKED;
            case Released -> PublishOutcome.RELEASED;
            case Modified -> PublishOutcome.MODIFIED;
            default -> PublishOutcome.CONFIRMED;
        };
    }

    private void linkClosed(String why) {
        if (linkFailure == null && !closed) {
            linkFailure = why;
            if (outcomes != null) {
                outcomes.failed(new DriverException("Publisher " + spec.index() + " on '" + address + "' failed: "
                        + linkFailure + "."));
            }
        }
    }

    @Override
    public void connectionFailed(String sentence, Throwable cause) {
        if (!closed && outcomes != null) {
            outcomes.failed(new DriverException("Publisher " + spec.index() + " on '" + address + "' failed: "
                    + sentence + ".", cause));
        }
    }

    @Override
    public void aboutToWait() {
        if (connection.pendingBytes() > 0) {
            connection.flush();
        }
    }

    @Override
    public void flush() {
        aboutToWait();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        connection.removeListener(this);
        try {
            Links.close(connection, sender, session);
        } finally {
            onClose.run();
        }
    }
}
