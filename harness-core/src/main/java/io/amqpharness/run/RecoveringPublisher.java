package io.amqpharness.run;

import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.util.Optional;

/**
 * A publisher that survives its connection ({@code --recovery}): the driver's link sits behind
 * it, and when that link fails (the broker restarted, closed the connection, or the socket broke)
 * the messages awaiting a confirm are counted in doubt, and the publishing thread opens a new link
 * with backoff before it sends again. Sequence numbers go on where they were, so consumers' checks
 * see one stream; the pacer's schedule went on meanwhile, so the outage shows as publish delay and
 * end-to-end latency. Implements the driver's outcome listener and forwards to the core's.
 */
final class RecoveringPublisher implements PublisherLink, PublishOutcomeListener {
    private final PublisherSpec spec;
    private final PublishOutcomeListener inner;
    private final Optional<ConfirmTracker> tracker;
    private final Recovery recovery;
    private final String who;
    private volatile PublisherLink link;
    private volatile Throwable broken;
    private volatile boolean closed;
    private volatile Thread publishing;

    private RecoveringPublisher(PublisherSpec spec, PublishOutcomeListener inner, Optional<ConfirmTracker> tracker,
                                Recovery recovery) {
        this.spec = spec;
        this.inner = inner;
        this.tracker = tracker;
        this.recovery = recovery;
        this.who = "Publisher " + spec.index();
    }

    /** Opens the first link; failures propagate as they would without recovery. */
    static RecoveringPublisher open(PublisherSpec spec, PublishOutcomeListener inner, Optional<ConfirmTracker> tracker,
                                    Recovery recovery) {
        RecoveringPublisher p = new RecoveringPublisher(spec, inner, tracker, recovery);
        p.link = recovery.driver().openPublisher(spec, p);
        return p;
    }

    @Override
    public void send(long seq, byte[] body, String routingKey) {
        publishing = Thread.currentThread();
        while (true) {
            if (broken == null) {
                try {
                    link.send(seq, body, routingKey);
                    return;
                } catch (RuntimeException e) {
                    if (closed || !recovery.running() || !recovery.control().publishing()) {
                        throw e;
                    }
                    markBroken(e);
                }
            }
            reconnect();
        }
    }

    @Override
    public void aboutToWait() {
        if (broken == null) {
            try {
                link.aboutToWait();
            } catch (RuntimeException e) {
                markBroken(e); // the next send reconnects
            }
        }
    }

    @Override
    public void flush() {
        if (broken == null) {
            link.flush();
        }
    }

    @Override
    public void close() {
        closed = true;
        link.close();
    }

    // ---- the driver's outcomes ----

    @Override
    public void settled(long seq, boolean multiple, PublishOutcome outcome) {
        inner.settled(seq, multiple, outcome);
    }

    @Override
    public void returned(byte[] body, int offset, int length) {
        inner.returned(body, offset, length);
    }

    @Override
    public void blocked(boolean blocked, String reason) {
        inner.blocked(blocked, reason);
    }

    @Override
    public void failed(Throwable cause) {
        if (closed || !recovery.running()) {
            inner.failed(cause);
            return;
        }
        markBroken(cause);
        // No confirm will come on the dead link: a publisher waiting for room in its window moves on,
        // and its next send reconnects.
        tracker.ifPresent(ConfirmTracker::abandonPending);
        Thread t = publishing;
        if (t != null) {
            java.util.concurrent.locks.LockSupport.unpark(t);
        }
    }

    private synchronized void markBroken(Throwable cause) {
        if (broken != null) {
            return;
        }
        broken = cause;
        recovery.outages().disconnected(spec.connectionName(), cause.getMessage());
    }

    /**
     * Opens a new link, with backoff, on the publishing thread. Throws when the run stops meanwhile
     * (the caller then ends as at any stop) or when the outage outlasts {@code --recovery-timeout}
     * (the run fails with that sentence).
     */
    private void reconnect() {
        long since = recovery.clock().nanoTime();
        Throwable last = broken;
        closeQuietly(link);
        long backoff = Recovery.FIRST_BACKOFF_NANOS;
        while (true) {
            if (closed || !recovery.running() || !recovery.control().publishing()) {
                throw new DriverException(who + " stopped while reconnecting.");
            }
            if (recovery.expired(since)) {
                String sentence = recovery.gaveUp(who, last);
                recovery.control().fail(sentence);
                throw new DriverException(sentence);
            }
            try {
                recovery.redeclare();
                PublisherLink fresh = recovery.driver().openPublisher(spec, this);
                tracker.ifPresent(ConfirmTracker::abandonPending);
                link = fresh;
                broken = null;
                recovery.outages().reconnected(spec.connectionName());
                return;
            } catch (RuntimeException e) {
                last = e;
                backoff = recovery.pause(backoff, () -> !closed && recovery.running() && recovery.control().publishing());
            }
        }
    }

    private static void closeQuietly(PublisherLink l) {
        try {
            l.close();
        } catch (RuntimeException e) {
            // the connection is gone already
        }
    }
}
