package io.amqpharness.run;

import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import java.util.OptionalInt;

/**
 * A consumer that survives its connection ({@code --recovery}): when the driver's link fails, a
 * recovery thread opens a new one with backoff and subscribes it to the same queue. What the old
 * link delivered but had not acknowledged goes back to the queue and comes again flagged as
 * redelivered; the pending acks of the old link are dropped (its tags mean nothing to the new one).
 * A stream consumer resumes at the offset after the last message it received (or where it started,
 * if it had received none), so it neither misses nor repeats a message.
 */
final class RecoveringConsumer implements ConsumerLink, DeliveryListener {
    private final ConsumerSpec spec;
    private final Recovery recovery;
    private final String who;
    private volatile ConsumerLink link;
    private volatile DeliveryListener inner;
    private volatile boolean broken;
    private volatile boolean stopped;
    private volatile OptionalInt prefetch;
    private volatile Runnable beforeRelink = () -> { };
    /** Where a stream consumer opened again starts: after the last offset received, else where it first started. */
    private java.util.Optional<io.amqpharness.scenario.StreamOffset> resumeFrom;

    private RecoveringConsumer(ConsumerSpec spec, Recovery recovery) {
        this.spec = spec;
        this.recovery = recovery;
        this.prefetch = spec.prefetch();
        this.resumeFrom = spec.streamOffset();
        this.who = "Consumer " + spec.index();
    }

    /** Opens the first link; failures propagate as they would without recovery. */
    static RecoveringConsumer open(ConsumerSpec spec, Recovery recovery) {
        RecoveringConsumer c = new RecoveringConsumer(spec, recovery);
        c.link = recovery.driver().openConsumer(spec);
        return c;
    }

    /** Runs before a new link starts delivering: the ack policy drops the old link's pending acks. */
    void beforeRelink(Runnable action) {
        beforeRelink = action;
    }

    @Override
    public void start(DeliveryListener listener) {
        inner = listener;
        link.start(this);
    }

    @Override
    public boolean supportsMultipleAck() {
        return link.supportsMultipleAck();
    }

    @Override
    public void ack(long tag, boolean multiple) {
        settle(() -> link.ack(tag, multiple));
    }

    @Override
    public void nack(long tag, boolean multiple, boolean requeue) {
        settle(() -> link.nack(tag, multiple, requeue));
    }

    @Override
    public void reject(long tag, boolean requeue) {
        settle(() -> link.reject(tag, requeue));
    }

    /**
     * Settles on the current link. While it is broken, or when it breaks under the call, the
     * settlement is dropped: the broker requeues those messages and they come again, redelivered.
     */
    private void settle(Runnable settlement) {
        if (broken) {
            return;
        }
        try {
            settlement.run();
        } catch (RuntimeException e) {
            if (!recovering()) {
                throw e;
            }
        }
    }

    @Override
    public void setPrefetch(int value) {
        prefetch = OptionalInt.of(value);
        if (!broken) {
            link.setPrefetch(value);
        }
    }

    @Override
    public java.util.OptionalLong lastStreamOffset() {
        return link.lastStreamOffset();
    }

    @Override
    public void cancel() {
        ConsumerLink l;
        synchronized (this) { // against a reconnect swapping links: it sees stopped, or we see its link
            stopped = true;
            l = broken ? null : link;
        }
        if (l != null) {
            l.cancel();
        }
    }

    @Override
    public void close() {
        ConsumerLink l;
        synchronized (this) {
            stopped = true;
            l = link;
        }
        l.close();
    }

    // ---- the driver's deliveries ----

    @Override
    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
        inner.delivered(tag, body, offset, length, redelivered, publisherId);
    }

    @Override
    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId,
                          String replyTo) {
        inner.delivered(tag, body, offset, length, redelivered, publisherId, replyTo);
    }

    @Override
    public boolean mayWait() {
        return inner.mayWait();
    }

    @Override
    public void failed(Throwable cause) {
        if (!recovering()) {
            inner.failed(cause);
            return;
        }
        synchronized (this) {
            if (broken) {
                return;
            }
            broken = true;
        }
        recovery.outages().disconnected(spec.connectionName(), cause.getMessage());
        recovery.reconnectLater(() -> reconnect(cause));
    }

    private static void closeQuietly(ConsumerLink l) {
        try {
            l.close();
        } catch (RuntimeException e) {
            // nobody consumes from it
        }
    }

    private boolean recovering() {
        return !stopped && recovery.running();
    }

    private void reconnect(Throwable cause) {
        long since = recovery.clock().nanoTime();
        Throwable last = cause;
        try {
            link.close();
        } catch (RuntimeException e) {
            // the connection is gone already
        }
        long backoff = Recovery.FIRST_BACKOFF_NANOS;
        while (recovering()) {
            if (recovery.expired(since)) {
                recovery.control().fail(recovery.gaveUp(who, last));
                return;
            }
            try {
                recovery.redeclare();
                java.util.OptionalLong received = link.lastStreamOffset();
                if (received.isPresent()) {
                    resumeFrom = java.util.Optional.of(new io.amqpharness.scenario.StreamOffset.Offset(
                            received.getAsLong() + 1));
                }
                ConsumerSpec now = new ConsumerSpec(spec.index(), spec.connectionName(), spec.queue(), spec.queueType(),
                        prefetch, spec.autoAck(), resumeFrom, spec.arguments(), spec.polling(),
                        spec.pollingInterval(), spec.exclusiveQueue());
                ConsumerLink fresh = recovery.driver().openConsumer(now);
                boolean orphan;
                synchronized (this) {
                    orphan = stopped; // cancelled or closed while this link was opening
                    if (!orphan) {
                        beforeRelink.run();
                        link = fresh;
                        broken = false;
                    }
                }
                if (orphan) {
                    closeQuietly(fresh);
                    return;
                }
                recovery.outages().reconnected(spec.connectionName());
                fresh.start(this);
                if (stopped) {
                    try {
                        fresh.cancel(); // a cancel between the swap and the start found nothing to cancel yet
                    } catch (RuntimeException e) {
                        // cancelled already
                    }
                }
                return;
            } catch (RuntimeException e) {
                last = e;
                backoff = recovery.pause(backoff, this::recovering);
            }
        }
    }
}
