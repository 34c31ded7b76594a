package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
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
 *
 * <p>Tags carry the link's generation: the n-th link opened (0 for the first) hands its tags over
 * with n in their top {@value AckPolicy#GENERATION_BITS} bits, and a settlement whose generation is not the
 * current link's is dropped. A delivery of the old link still being handed over when the links
 * were swapped (a slow consumer outliving the driver's wait at close) would otherwise settle its
 * old tag on the new link, and a multiple ack would settle new deliveries not handed over yet.
 * Drivers' own tags stay below 2<sup>48</sup>.
 */
final class RecoveringConsumer implements ConsumerLink {
    /** Bits at the top of a tag that hold its link's generation. */
    /** The ack policy reads the generation from the same bits: one width for both. */
    private static final int GENERATION_BITS = AckPolicy.GENERATION_BITS;
    private static final int GENERATION_SHIFT = Long.SIZE - GENERATION_BITS;
    private static final long TAG_MASK = (1L << GENERATION_SHIFT) - 1;

    private final ConsumerSpec spec;
    private final Recovery recovery;
    private final String who;
    /** The current link and its generation, replaced together. */
    private volatile Linked current;
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
        c.current = new Linked(recovery.driver().openConsumer(spec), 0);
        return c;
    }

    /** Runs before a new link starts delivering: the ack policy drops the old link's pending acks. */
    void beforeRelink(Runnable action) {
        beforeRelink = action;
    }

    @Override
    public void start(DeliveryListener listener) {
        inner = listener;
        Linked c = current;
        try {
            c.link.start(new Generation(c.generation));
        } catch (RuntimeException e) {
            // The connection can close between the link's opening and its start (its first credit failed on a
            // connection the broker had just closed).
            brokeUnder(c, e);
        }
    }

    @Override
    public boolean supportsMultipleAck() {
        return current.link.supportsMultipleAck();
    }

    @Override
    public void ack(long tag, boolean multiple) {
        ConsumerLink l = linkOf(tag);
        if (l != null) {
            try {
                l.ack(tag & TAG_MASK, multiple);
            } catch (RuntimeException e) {
                settlementFailed(e);
            }
        }
    }

    @Override
    public void nack(long tag, boolean multiple, boolean requeue) {
        ConsumerLink l = linkOf(tag);
        if (l != null) {
            try {
                l.nack(tag & TAG_MASK, multiple, requeue);
            } catch (RuntimeException e) {
                settlementFailed(e);
            }
        }
    }

    @Override
    public void reject(long tag, boolean requeue) {
        ConsumerLink l = linkOf(tag);
        if (l != null) {
            try {
                l.reject(tag & TAG_MASK, requeue);
            } catch (RuntimeException e) {
                settlementFailed(e);
            }
        }
    }

    /**
     * The link to settle {@code tag} on: the current one, if the tag is of its generation and it
     * is not broken; else null, and the settlement is dropped: the broker requeues those messages
     * when their link closes, and they come again, redelivered.
     */
    private ConsumerLink linkOf(long tag) {
        Linked c = current;
        return broken || tag >>> GENERATION_SHIFT != c.generation ? null : c.link;
    }

    /**
     * A call on link {@code c} failed: without recovery the failure is the caller's; with it, the link is broken
     * (unless another has replaced it meanwhile) and recovery opens another.
     */
    private void brokeUnder(Linked c, RuntimeException e) {
        if (!recovering()) {
            throw e;
        }
        if (current.generation == c.generation) {
            linkFailed(e);
        }
    }

    /** A settlement failed: dropped while the link breaks under it and recovery takes over. */
    private void settlementFailed(RuntimeException e) {
        if (!recovering()) {
            throw e;
        }
    }

    @Override
    public void setPrefetch(int value) {
        prefetch = OptionalInt.of(value);
        if (!broken) {
            Linked c = current;
            try {
                c.link.setPrefetch(value);
            } catch (RuntimeException e) {
                brokeUnder(c, e); // the link opened again takes the new prefetch
            }
        }
    }

    @Override
    public java.util.OptionalLong lastStreamOffset() {
        return current.link.lastStreamOffset();
    }

    @Override
    public void cancel() {
        ConsumerLink l;
        synchronized (this) { // against a reconnect swapping links: it sees stopped, or we see its link
            stopped = true;
            l = broken ? null : current.link;
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
            l = current.link;
        }
        l.close();
    }

    /** A link and its generation: 0 for the first link, one more for each link opened again. */
    private record Linked(ConsumerLink link, long generation) {
    }

    /**
     * The driver's deliveries from one link: their tags go on with the link's generation on top,
     * and a failure of a link already replaced is not the current link's.
     */
    private final class Generation implements DeliveryListener {
        private final long generation;
        private final long base;

        Generation(long generation) {
            this.generation = generation;
            this.base = generation << GENERATION_SHIFT;
        }

        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
            inner.delivered(base | tag, body, offset, length, redelivered, publisherId);
        }

        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId,
                              String replyTo) {
            inner.delivered(base | tag, body, offset, length, redelivered, publisherId, replyTo);
        }

        @Override
        public boolean mayWait() {
            return inner.mayWait();
        }

        @Override
        public void failed(Throwable cause) {
            if (current.generation == generation) {
                linkFailed(cause);
            }
        }
    }

    private void linkFailed(Throwable cause) {
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
        ConsumerLink old = current.link;
        try {
            old.close();
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
                java.util.OptionalLong received = old.lastStreamOffset();
                if (received.isPresent()) {
                    resumeFrom = java.util.Optional.of(new io.amqpharness.scenario.StreamOffset.Offset(
                            received.getAsLong() + 1));
                }
                ConsumerSpec now = new ConsumerSpec(spec.index(), spec.connectionName(), spec.queue(), spec.queueType(),
                        prefetch, spec.autoAck(), resumeFrom, spec.arguments(), spec.polling(),
                        spec.pollingInterval(), spec.exclusiveQueue());
                ConsumerLink fresh = recovery.driver().openConsumer(now);
                long generation = (current.generation + 1) & ((1L << GENERATION_BITS) - 1);
                boolean orphan;
                synchronized (this) {
                    orphan = stopped; // cancelled or closed while this link was opening
                    if (!orphan) {
                        beforeRelink.run();
                        current = new Linked(fresh, generation);
                        broken = false;
                    }
                }
                if (orphan) {
                    closeQuietly(fresh);
                    return;
                }
                recovery.outages().reconnected(spec.connectionName());
                fresh.start(new Generation(generation));
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
