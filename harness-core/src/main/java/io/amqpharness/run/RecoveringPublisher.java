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
 * the messages awaiting a confirm are counted in doubt, and a new link is opened with backoff: at
 * once on a recovery thread when the driver reports the failure, else by the publishing thread
 * when a send finds the link broken. Sequence numbers go on where they were, so consumers' checks
 * see one stream; the pacer's schedule went on meanwhile, so the outage shows as publish delay and
 * end-to-end latency. The outage ends when the new link opens, provided a send then goes through on
 * it: a link that opens but fails at its first send (a stream partition without a leader yet) resumes
 * the same outage, and the next link is opened after a growing pause. Implements the driver's outcome
 * listener and forwards to the core's.
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
    /** The last sequence a link took without failing: a registered one above it never reached a link. */
    private volatile long lastSent;
    /** Held while a new link is opened: by the publishing thread in a send, or by a recovery thread. */
    private final Object relinking = new Object();
    /**
     * Reopened, and no send has gone through on the new link yet: the outage is not known to be over
     * (a stream producer opens while its partition has no leader, and its next send fails again).
     */
    private volatile boolean unproven;
    /** When the outage under way began, for {@code --recovery-timeout}, in nanoseconds; under {@link #relinking}. */
    private long outageSince;
    /** The pause before reopening a link that opened but never carried a send, in nanoseconds; under {@link #relinking}. */
    private long reopenBackoff = Recovery.FIRST_BACKOFF_NANOS;

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
        send(seq, body, routingKey, 0);
    }

    @Override
    public void send(long seq, byte[] body, String routingKey, int variant) {
        publishing = Thread.currentThread();
        while (true) {
            if (broken == null) {
                try {
                    PublisherLink l = link;
                    l.send(seq, body, routingKey, variant);
                    lastSent = seq;
                    if (unproven) {
                        proven();
                    }
                    if (broken != null || l != link) {
                        // The link failed around this send, which it took all the same: in doubt, if a
                        // recovery that ran meanwhile kept it pending as not sent.
                        tracker.ifPresent(t -> t.abandon(seq));
                    }
                    return;
                } catch (RuntimeException e) {
                    if (closed || !recovery.running() || !recovery.control().publishing()) {
                        throw e;
                    }
                    markBroken(e);
                }
            }
            reconnect(seq);
        }
    }

    @Override
    public void aboutToWait() {
        if (broken == null) {
            try {
                link.aboutToWait();
            } catch (RuntimeException e) {
                markBroken(e);
                reconnectInBackground();
            }
        }
    }

    /**
     * Completes the last sends. A link that breaks as it writes them (a node killed at the end of the
     * run: "Broken pipe") is a lost connection like any other, not the run's failure: what awaits a
     * confirm on it is in doubt, as when the link reports itself failed.
     */
    @Override
    public void flush() {
        if (broken == null) {
            try {
                link.flush();
            } catch (RuntimeException e) {
                if (closed || !recovery.running()) {
                    throw e;
                }
                failed(e);
            }
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
    public void creditWait(boolean waiting, java.time.Duration waited) {
        inner.creditWait(waiting, waited);
    }

    @Override
    public void failed(Throwable cause) {
        if (closed || !recovery.running()) {
            inner.failed(cause);
            return;
        }
        markBroken(cause);
        // No confirm will come on the dead link: a publisher waiting for room in its window moves on,
        // and its next send reconnects. A message registered but not yet taken by the old link is
        // not in doubt: it will go out on the new one.
        long sent = lastSent;
        tracker.ifPresent(t -> {
            long registered = t.registered();
            t.abandonPending(registered > sent ? registered : 0);
        });
        Thread t = publishing;
        if (t != null) {
            java.util.concurrent.locks.LockSupport.unpark(t);
        }
        reconnectInBackground();
    }

    /**
     * Reconnects on a recovery thread now, so the outage ends when the broker is back, not at the
     * publisher's next send (a second later at 1 msg/s). A send meanwhile waits for it, or, if it
     * gave up on a stop, tries itself.
     */
    private void reconnectInBackground() {
        try {
            recovery.reconnectLater(() -> {
                try {
                    long sent = lastSent;
                    long registered = tracker.map(ConfirmTracker::registered).orElse(0L);
                    reconnect(registered > sent ? registered : 0);
                } catch (RuntimeException e) {
                    // the run stopped, or gave up and failed with that sentence: the publisher finds out itself
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the run is ending: the next send, if any, reconnects
        }
    }

    /** The first send on a reopened link went through: the outage ended when it opened. */
    private void proven() {
        unproven = false;
        recovery.outages().working(spec.connectionName());
    }

    private synchronized void markBroken(Throwable cause) {
        if (broken != null) {
            return;
        }
        broken = cause;
        recovery.outages().disconnected(spec.connectionName(), cause.getMessage());
    }

    /**
     * Opens a new link, with backoff, on the publishing thread or a recovery thread, one at a time;
     * returns at once if the link is whole again. Throws when the run stops meanwhile (the caller
     * then ends as at any stop) or when the outage outlasts {@code --recovery-timeout} (the run
     * fails with that sentence). The messages pending on the old link are in doubt; message
     * {@code sending}, which the old link never took, is not, and goes out on the new link.
     *
     * @param sending the sequence registered but not sent on the old link, 0 for none
     */
    private void reconnect(long sending) {
        synchronized (relinking) {
            if (broken != null) {
                reconnectNow(sending);
            }
        }
    }

    private void reconnectNow(long sending) {
        Throwable last = broken;
        closeQuietly(link);
        long backoff = Recovery.FIRST_BACKOFF_NANOS;
        if (unproven) {
            // The link opened last time failed before any send went through: the same outage goes on
            // (Outages resumes it), and opening again at once would only fail again.
            reopenBackoff = recovery.pause(reopenBackoff,
                    () -> !closed && recovery.running() && recovery.control().publishing());
        } else {
            outageSince = recovery.clock().nanoTime();
            reopenBackoff = Recovery.FIRST_BACKOFF_NANOS;
        }
        long since = outageSince;
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
                tracker.ifPresent(t -> t.abandonPending(sending));
                link = fresh;
                unproven = true;
                broken = null;
                recovery.outages().reopened(spec.connectionName()); // over once a send goes through on it
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
