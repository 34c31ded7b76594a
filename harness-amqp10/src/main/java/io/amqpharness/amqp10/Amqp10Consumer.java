package io.amqpharness.amqp10;

import io.amqpharness.HarnessException;
import io.amqpharness.amqp10.engine.Amqp10Connections;
import io.amqpharness.amqp10.engine.EngineConnection;
import io.amqpharness.amqp10.engine.Links;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverException;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.engine.IncomingDelivery;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.types.messaging.Accepted;
import org.apache.qpid.protonj2.types.messaging.Rejected;
import org.apache.qpid.protonj2.types.messaging.Released;
import org.apache.qpid.protonj2.types.transport.DeliveryState;

/**
 * A consumer: one receiver link on its own session. Its deliveries reach the core through a
 * {@link DeliveryHandOver}: copied out of the engine as it decodes them, handed over in batches
 * outside the engine lock, each scanned in place ({@link io.amqpharness.message.MessageScanner}, which also sidesteps
 * RabbitMQ 3.10's undecodable stream deliveries), on the reader thread for a listener that never
 * waits (no consumer rate, no simulated processing, no replies) and on a thread of its own for one
 * that may. Settlements made while handing over a batch are applied after it, under one lock,
 * where consecutive deliveries settled alike become one disposition frame (as Qpid Proton C does),
 * and go to the socket with one write; settlements from other threads (an ack timer) go at once.
 *
 * <p>Credit: granted up to the window at start, then topped up by what the consumer has taken
 * once at most half of the window is outstanding, so at most {@code window} messages are on their
 * way to or waiting in the client, not yet taken, and credit goes out in batches; settlement plays
 * no part.
 *
 * <p>Tags are 1, 2, 3, ... per consumer. Acknowledging accepts (settles) the delivery; a multiple
 * ack accepts every unsettled delivery up to the tag with one disposition frame per contiguous
 * range of delivery ids ({@link EngineConnection#beginRanges()}). With auto-ack the broker sends
 * pre-settled deliveries and nothing is held. Settlements and credit from the reader thread reach
 * the socket with the reader's next write; from another thread (an ack timer) at once.
 */
final class Amqp10Consumer implements ConsumerLink, EngineConnection.Listener, DeliveryHandOver.Owner {
    private static final DeliveryState ACCEPTED = Accepted.getInstance();
    private static final DeliveryState RELEASED = Released.getInstance();
    private static final DeliveryState REJECTED = new Rejected();

    private final EngineConnection connection;
    private final Session session;
    private final Receiver receiver;
    private final ConsumerSpec spec;
    private final String address;
    private final Runnable onClose;
    /** Drain the credit of an auto-ack link before detaching it ({@link LinkDrain}): a broker with native AMQP 1.0. */
    private final boolean drainOnLeave;
    private final UnsettledDeliveries<IncomingDelivery> unsettled = new UnsettledDeliveries<>();
    private final DeliveryHandOver handOver;
    /** Settlements made while handing a batch over (consumer thread). */
    private final PendingSettlements deferred = new PendingSettlements();
    /** Deliveries that arrived before {@link #start} (under the lock). */
    private final java.util.ArrayDeque<IncomingDelivery> early = new java.util.ArrayDeque<>();
    private DeliveryListener listener;
    private volatile boolean cancelled;
    private volatile boolean closed;
    private volatile int creditWindow;
    private long lastTag;
    /** Credit granted and not yet taken by the consumer (written under the lock). */
    private volatile int outstanding;
    /** Deliveries the consumer took since the credit last counted them (consumer thread). */
    private int taken;
    /** {@link #creditForTaken()}, made once: a method reference made per batch is an allocation per batch. */
    private final Runnable creditForTaken = this::creditForTaken;

    /**
     * @param receiver     a receiver not attached yet, without credit (credit is managed here); call
     *                     {@link #attached()} once it is
     * @param creditWindow messages the broker may send ahead, at least 1
     * @param drainOnLeave with auto-ack, drain the link's credit on {@link #cancel()} and wait for
     *                     the broker's answer before detaching (RabbitMQ 4.x; 3.x cannot drain)
     */
    Amqp10Consumer(EngineConnection connection, Session session, Receiver receiver, String address, ConsumerSpec spec,
                   int creditWindow, boolean drainOnLeave, Runnable onClose) {
        this.connection = connection;
        this.session = session;
        this.receiver = receiver;
        this.address = address;
        this.spec = spec;
        this.creditWindow = creditWindow;
        this.onClose = onClose;
        this.drainOnLeave = drainOnLeave && spec.autoAck();
        this.handOver = new DeliveryHandOver(connection.lock(), this);
        connection.locked(() -> receiver.deliveryReadHandler(this::arrived)); // before the attach: deliveries may follow at once
    }

    /**
     * Watches the attached link: a detach from the broker, or the end of the link's session (one per link, which
     * the engine reports to the session's close handler only, not to its links'), fails the consumer.
     */
    void attached() {
        connection.locked(() -> Links.watch(connection, session, receiver, this::linkClosed));
    }

    /**
     * Starts handing deliveries over, beginning with what arrived without credit (RabbitMQ 3.x
     * sends stream deliveries as soon as the link is attached, whatever the credit), then grants
     * the first credit: what the credit brings is handed over by the reader thread (or the
     * consumer's own), not by the caller.
     */
    @Override
    public void start(DeliveryListener deliveryListener) {
        handOver.prepare(deliveryListener, "harness-amqp10-consumer-" + spec.index());
        connection.addListener(this);
        connection.locked(() -> {
            listener = deliveryListener;
            IncomingDelivery d;
            while ((d = early.poll()) != null) {
                arrived(d);
            }
        });
        handOver.start(() -> connection.locked(this::topUp));
    }

    @Override
    public void afterInput() {
        handOver.afterInput();
    }

    @Override
    public boolean closed() {
        return closed;
    }

    @Override
    public void taken() {
        taken++;
        if (outstanding - taken <= creditWindow / 2) {
            underLock(creditForTaken); // written with the batch's settlements
        }
    }

    @Override
    public void batchHandedOver() {
        applyDeferred();
        if (taken > 0) {
            underLock(creditForTaken);
        }
        connection.flushUnlessReader(); // the settlements and credit of the whole batch, in one write
    }

    @Override
    public void handOverFailed(RuntimeException e) {
        fail(e instanceof HarnessException h ? h
                : new DriverException("Consumer " + spec.index() + " on '" + address + "' failed: " + e + ".", e));
    }

    /** A delivery arrived (reader thread, under the lock). */
    private void arrived(IncomingDelivery d) {
        if (d.isPartial() || d.isAborted()) {
            return; // the rest comes with later frames; an aborted one is dropped by the engine
        }
        if (listener == null) {
            early.add(d);
            return;
        }
        if (closed || cancelled && !spec.autoAck()) {
            return; // not handed over: the broker takes it back when the link closes
        }
        // With auto-ack the broker settled it on sending, and it is not coming back: a consumer that
        // was cancelled still takes what was on its way, until the link is closed.
        long tag = spec.autoAck() ? ++lastTag : unsettled.add(d);
        handOver.add(tag, d); // its bytes copied straight into the batch
        if (spec.autoAck()) {
            d.settle(); // settled by the broker already: no frame, the engine forgets it
        }
    }

    private void fail(HarnessException e) {
        if (!closed) {
            cancelled = true;
            listener.failed(e);
        }
    }

    private void underLock(Runnable action) {
        ReentrantLock lock = connection.lock();
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    /** Counts what the consumer took against the credit and tops it up (under the lock). */
    private void creditForTaken() {
        outstanding -= taken;
        taken = 0;
        topUp();
    }

    /**
     * Grants credit back up to the window once at most half of it is outstanding (under the lock);
     * a smaller window (a step) simply withholds credit until it applies.
     */
    private void topUp() {
        int window = creditWindow;
        if (listener != null && !cancelled && outstanding <= window / 2 && outstanding < window) {
            try {
                receiver.addCredit(window - Math.max(0, outstanding)); // below 0: a broker that sent without credit
            } catch (IllegalStateException e) { // the engine shut down: the connection closed under the link
                throw new DriverException("Consumer " + spec.index() + " on '" + address + "' could not grant credit: "
                        + why() + ".", e);
            }
            outstanding = window;
        }
    }

    @Override
    public void setPrefetch(int prefetch) {
        if (prefetch < 1) {
            throw new IllegalArgumentException("a credit window is at least 1: " + prefetch);
        }
        connection.locked(() -> {
            creditWindow = prefetch;
            topUp();
        });
    }

    @Override
    public boolean supportsMultipleAck() {
        return true;
    }

    @Override
    public void ack(long tag, boolean multiple) {
        settle(tag, multiple, ACCEPTED);
    }

    @Override
    public void reject(long tag, boolean requeue) {
        nack(tag, false, requeue);
    }

    /**
     * Released requeues, rejected drops (or dead-letters). Never {@code modified}: RabbitMQ 3.x
     * ends the session on it.
     */
    @Override
    public void nack(long tag, boolean multiple, boolean requeue) {
        settle(tag, multiple, requeue ? RELEASED : REJECTED);
    }

    private void settle(long tag, boolean multiple, DeliveryState state) {
        if (spec.autoAck()) {
            return; // the broker settled on send
        }
        if (handOver.handingOnThisThread()) {
            deferred.add(tag, multiple, state); // applied with the rest of the batch's, as ranges
            return;
        }
        connection.beginRanges();
        try {
            apply(tag, multiple, state);
        } finally {
            connection.endRanges();
        }
        connection.flush();
    }

    /** Settles under the lock; consecutive deliveries settled alike become one disposition range. */
    private void apply(long tag, boolean multiple, DeliveryState state) {
        try {
            if (connection.failure() != null || receiver.isLocallyClosedOrDetached()) {
                if (closed) {
                    return;
                }
                throw new DriverException((state == ACCEPTED ? "Acknowledging" : "Rejecting") + " on '" + address
                        + "' failed: " + why() + ".");
            }
            if (multiple) {
                unsettled.removeUpTo(tag, d -> d.disposition(state, true));
            } else {
                IncomingDelivery d = unsettled.remove(tag);
                if (d != null) {
                    d.disposition(state, true);
                }
            }
        } catch (IllegalStateException e) {
            if (!closed) {
                throw new DriverException((state == ACCEPTED ? "Acknowledging" : "Rejecting") + " on '" + address
                        + "' failed: " + why() + ".", e);
            }
        }
    }

    /** Applies the settlements made while handing over a batch, under one lock (consumer thread). */
    private void applyDeferred() {
        if (deferred.size() == 0) {
            return;
        }
        connection.beginRanges();
        try {
            for (int i = 0; i < deferred.size(); i++) {
                apply(deferred.tag(i), deferred.multiple(i), deferred.state(i));
            }
        } finally {
            deferred.clear();
            connection.endRanges();
        }
    }

    private String why() {
        String s = connection.failureSentence();
        return s != null ? s : "the link is closed";
    }

    private void linkClosed(String why) {
        if (!closed && !cancelled && listener != null) {
            cancelled = true;
            listener.failed(new DriverException("Consumer " + spec.index() + " on '" + address
                    + "' failed: " + why + "."));
        }
    }

    @Override
    public void connectionFailed(String sentence, Throwable cause) {
        if (!closed && !cancelled && listener != null) {
            cancelled = true;
            listener.failed(new DriverException("Consumer " + spec.index() + " on '" + address + "' failed: "
                    + sentence + ".", cause));
        }
    }

    @Override
    public java.util.OptionalLong lastStreamOffset() {
        return handOver.lastStreamOffset();
    }

    /**
     * Stops handing deliveries over: every delivery that arrived before was handed over already
     * (and may still be settled); deliveries still on their way are not handed over and the
     * broker takes them back when the link closes. No credit is granted any more. With auto-ack,
     * deliveries are settled by the broker and would not come back: they are handed over until
     * {@link #close()}, which waits for the broker's detach first; on RabbitMQ 4.x the link's
     * credit is drained here as well, and {@link #close()} waits for the broker's answer before it
     * detaches, since 4.x drops what reaches the session after the detach ({@link LinkDrain}).
     */
    @Override
    public void cancel() {
        if (!cancelled || drainOnLeave) {
            connection.locked(() -> {
                cancelled = true;
                if (drainOnLeave && !closed) {
                    LinkDrain.start(connection, receiver);
                }
            });
        }
        if (spec.autoAck() && !closed) {
            return; // no credit any more; what the broker sent pre-settled is handed over until close()
        }
        handOver.stop();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        cancel();
        if (spec.autoAck()) {
            // Pre-settled deliveries sent before the broker's detach are the consumer's: wait for the
            // detach, then hand them over, rather than drop them (they would count as lost).
            try {
                if (drainOnLeave) {
                    LinkDrain.await(connection, receiver, Amqp10Connections.CLOSE_TIMEOUT_MILLIS);
                }
                Links.close(connection, receiver, session);
            } finally {
                handOver.stop();
                handOver.handOverRest();
                closed = true;
                connection.removeListener(this);
                onClose.run();
            }
            return;
        }
        closed = true;
        connection.removeListener(this);
        try {
            Links.close(connection, receiver, session);
        } finally {
            onClose.run();
        }
    }
}
