package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.HarnessException;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.Session;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * A consumer: one receiver link on its own session, read by a thread of its own (protonj2 has no
 * delivery callback). Each delivery's encoded bytes are read into a reused buffer and scanned in
 * place ({@link MessageScanner}), which also sidesteps RabbitMQ 3.10's undecodable stream deliveries.
 *
 * <p>Credit: the link is opened without credit and granted the window, then topped up by what the
 * consumer has taken once that reaches half the window. So at most {@code window} messages are
 * on their way to or waiting in the client, not yet taken; settlement plays no part. (protonj2's
 * own window does the same but sends a top-up check to the I/O thread for every message.)
 *
 * <p>Tags are 1, 2, 3, ... per consumer. Acknowledging accepts (settles) the delivery; a multiple
 * ack accepts every unsettled delivery up to the tag, one disposition each, because protonj2
 * cannot send a range. With auto-ack the broker sends pre-settled deliveries and nothing is held.
 */
final class Amqp10Consumer implements ConsumerLink {
    private static final long RECEIVE_SLICE_MILLIS = 100;
    /** How long a cancellation waits for the deliveries already in the client to be handed over. */
    private static final long CANCEL_HANDOVER_MILLIS = 5_000;

    private final Session session;
    private final Receiver receiver;
    private final ConsumerSpec spec;
    private final String address;
    private final BrokerUri uri;
    private final Runnable onClose;
    private final UnsettledDeliveries unsettled = new UnsettledDeliveries();
    private final MessageScanner scanner = new MessageScanner();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile int creditWindow;
    private byte[] buffer = new byte[256];
    private long lastTag;
    /** Credit granted and not yet used by a delivery; receive thread only. */
    private int outstanding;
    private volatile Thread thread;

    /**
     * @param receiver     a receiver opened with a credit window of 0 (credit managed here)
     * @param creditWindow messages the broker may send ahead of what the consumer has taken, at least 1
     */
    Amqp10Consumer(Session session, Receiver receiver, String address, ConsumerSpec spec, int creditWindow,
                   BrokerUri uri, Runnable onClose) {
        this.creditWindow = creditWindow;
        this.session = session;
        this.receiver = receiver;
        this.address = address;
        this.spec = spec;
        this.uri = uri;
        this.onClose = onClose;
    }

    @Override
    public void start(DeliveryListener listener) {
        Thread t = new Thread(() -> receiveLoop(listener), "harness-amqp10-consumer-" + spec.index());
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void receiveLoop(DeliveryListener listener) {
        try {
            topUp();
            while (!cancelled.get()) {
                Delivery d = receiver.receive(RECEIVE_SLICE_MILLIS, TimeUnit.MILLISECONDS);
                if (d != null) {
                    outstanding--;
                }
                if (!cancelled.get()) {
                    topUp();
                }
                if (d != null) {
                    deliver(d, listener);
                }
            }
            handOverTheRest(listener);
        } catch (ClientException | IOException e) {
            if (!cancelled.get() && !closed.get()) {
                listener.failed(new DriverException(Amqp10Errors.operationFailure(
                        "Consumer " + spec.index() + " on '" + address + "'", e, uri), e));
            }
        } catch (HarnessException e) {
            if (!closed.get()) {
                listener.failed(e); // already a sentence (a failed acknowledgement, say)
            }
        } catch (RuntimeException e) {
            if (!closed.get()) {
                listener.failed(new DriverException("Consumer " + spec.index() + " on '" + address + "' failed: "
                        + e + ".", e));
            }
        }
    }

    /**
     * After a cancellation: hands every delivery already in the client to the listener, so that it
     * is settled rather than released by the close (and redelivered to another consumer). No credit
     * is granted any more; deliveries still on their way are released by the close. (A drain would
     * stop those too, but RabbitMQ 3.x answers it with a flow that protonj2 takes for a protocol
     * error, closing the connection.)
     */
    private void handOverTheRest(DeliveryListener listener) throws ClientException, IOException {
        Delivery d;
        while (!closed.get() && (d = receiver.tryReceive()) != null) {
            deliver(d, listener);
        }
    }

    /**
     * Grants credit back up to the window once at most half of it is outstanding, so the window
     * is refilled in batches; a smaller window (a step) simply withholds credit until it applies.
     */
    private void topUp() throws ClientException {
        int window = creditWindow;
        if (outstanding <= window / 2 && outstanding < window) {
            receiver.addCredit(window - outstanding);
            outstanding = window;
        }
    }

    @Override
    public void setPrefetch(int prefetch) {
        if (prefetch < 1) {
            throw new IllegalArgumentException("a credit window is at least 1: " + prefetch);
        }
        creditWindow = prefetch; // the receive loop grants the difference at its next turn
    }

    private void deliver(Delivery d, DeliveryListener listener) throws ClientException, IOException {
        int read;
        try (InputStream in = d.rawInputStream()) { // owns the delivery's buffer: closing releases it
            int n = in.available();
            if (n > buffer.length) {
                buffer = new byte[Math.max(n, buffer.length * 2)];
            }
            read = in.readNBytes(buffer, 0, n);
        }
        scanner.scan(buffer, 0, read);
        long tag;
        if (spec.autoAck()) {
            tag = ++lastTag;
        } else {
            synchronized (unsettled) {
                tag = unsettled.add(d);
            }
        }
        listener.delivered(tag, buffer, scanner.bodyOffset(), scanner.bodyLength(), scanner.redelivered(),
                scanner.groupId());
    }

    @Override
    public boolean supportsMultipleAck() {
        return false;
    }

    @Override
    public void ack(long tag, boolean multiple) {
        settle(tag, multiple, Settlement.ACCEPT);
    }

    @Override
    public void reject(long tag, boolean requeue) {
        nack(tag, false, requeue);
    }

    @Override
    public void nack(long tag, boolean multiple, boolean requeue) {
        settle(tag, multiple, requeue ? Settlement.RELEASE : Settlement.REJECT);
    }

    private enum Settlement { ACCEPT, RELEASE, REJECT }

    private void settle(long tag, boolean multiple, Settlement how) {
        if (spec.autoAck()) {
            return; // the broker settled on send
        }
        try {
            synchronized (unsettled) {
                if (multiple) {
                    unsettled.removeUpTo(tag, d -> settleOne(d, how));
                } else {
                    Delivery d = unsettled.remove(tag);
                    if (d != null) {
                        settleOne(d, how);
                    }
                }
            }
        } catch (SettleFailure e) {
            if (!closed.get()) {
                throw new DriverException(Amqp10Errors.operationFailure(
                        how == Settlement.ACCEPT ? "Acknowledging" : "Rejecting", e.getCause(), uri), e.getCause());
            }
        }
    }

    /**
     * Accepted settles as consumed, released requeues, rejected drops (or dead-letters). Never
     * {@code modified}: RabbitMQ 3.x ends the session on it.
     */
    private static void settleOne(Delivery d, Settlement how) {
        try {
            switch (how) {
                case ACCEPT -> d.accept();
                case RELEASE -> d.release();
                case REJECT -> d.reject(null, null);
            }
        } catch (ClientException e) {
            throw new SettleFailure(e);
        }
    }

    /** Carries a ClientException out of a lambda. */
    private static final class SettleFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SettleFailure(ClientException cause) {
            super(cause);
        }
    }

    @Override
    public void cancel() {
        if (cancelled.compareAndSet(false, true)) {
            Thread t = thread;
            if (t != null && t != Thread.currentThread()) {
                try {
                    t.join(RECEIVE_SLICE_MILLIS + CANCEL_HANDOVER_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            cancel();
            try {
                receiver.close();
                session.close();
            } catch (RuntimeException e) {
                // the connection is going away anyway
            } finally {
                onClose.run();
            }
        }
    }
}
