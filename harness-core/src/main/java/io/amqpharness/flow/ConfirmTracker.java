package io.amqpharness.flow;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.FlowBlocks;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.measure.SequenceRanges;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * The confirm window of one publisher: bounds the messages awaiting the broker's verdict and
 * resolves every verdict (single and multiple acks, nacks, returns, 1.0 outcomes, timeouts) in
 * one place, recording confirm latency from the actual send time.
 *
 * <p>Threading: one publishing thread calls {@link #awaitCapacity} and {@link #register}; the
 * driver's I/O thread calls the {@link PublishOutcomeListener} methods (never concurrently for one
 * publisher); a reporting thread calls {@link #sweepTimeouts}. Slots are resolved with a
 * compare-and-set on the sequence number they hold, so a verdict and a timeout for the same
 * message never both count it. Nothing allocates per message.
 */
public final class ConfirmTracker implements PublishOutcomeListener {
    private static final long RETURNED = 1L << 62;
    private static final long TIMED_OUT = 1L << 61;
    private static final long SEQ_MASK = TIMED_OUT - 1;
    private static final long PARK_NANOS = 10_000_000L;
    /** Timed-out messages remembered apart once their slot is reused: 16 bytes per separate range. */
    private static final int MAX_OVERDUE_RANGES = 1 << 16;

    private final Counters counters;
    private final LatencyRecorder confirmLatency;
    private final NanoClock clock;
    private final long timeoutNanos;
    private final int mask;
    /** Per slot: 0 when free, else the pending sequence number, possibly flagged RETURNED or TIMED_OUT. */
    private final AtomicLongArray slots;
    private final long[] sendNanos;
    private final AtomicLong resolved = new AtomicLong();
    private volatile long registered;
    private volatile int window;
    /** The publishing thread while it waits for room; the first verdict to free some takes it (one wake-up per wait). */
    private volatile Thread waiter;
    private static final VarHandle WAITER;

    static {
        try {
            WAITER = MethodHandles.lookup().findVarHandle(ConfirmTracker.class, "waiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    private volatile Throwable failure;
    private final LongConsumer refused;
    /** Highest sequence covered by a multiple verdict; I/O thread only. */
    private long multipleFloor;
    /**
     * Timed-out messages whose slot a later message took, still owed a verdict that then counts
     * as a late outcome. Guarded by itself; touched only once a message timed out.
     */
    private final SequenceRanges overdue = new SequenceRanges(MAX_OVERDUE_RANGES);
    private volatile boolean anyOverdue;
    private volatile FlowBlocks.Gate gate;
    private volatile LongConsumer inDoubtSequences = seq -> { };

    /**
     * @param window         unconfirmed messages allowed at once, at least 1
     * @param maxWindow      the largest window {@link #setWindow} will ever set
     * @param timeoutNanos   a message unconfirmed this long is counted as timed out
     * @param counters       where outcomes are counted
     * @param confirmLatency where confirm latency (send to verdict) is recorded
     * @param clock          the clock send times were taken with
     */
    public ConfirmTracker(int window, int maxWindow, long timeoutNanos, Counters counters,
                          LatencyRecorder confirmLatency, NanoClock clock) {
        this(window, maxWindow, timeoutNanos, counters, confirmLatency, clock, seq -> { });
    }

    /**
     * @param window         unconfirmed messages allowed at once, at least 1
     * @param maxWindow      the largest window {@link #setWindow} will ever set
     * @param timeoutNanos   a message unconfirmed this long is counted as timed out
     * @param counters       where outcomes are counted
     * @param confirmLatency where confirm latency (send to verdict) is recorded
     * @param clock          the clock send times were taken with
     * @param refused        told the sequence of each message the broker refused (nacked, returned,
     *                       released), which consumers will therefore not see
     */
    public ConfirmTracker(int window, int maxWindow, long timeoutNanos, Counters counters,
                          LatencyRecorder confirmLatency, NanoClock clock, LongConsumer refused) {
        this.refused = refused;
        if (window < 1 || maxWindow < window) {
            throw new IllegalArgumentException("window " + window + " must be in 1.." + maxWindow);
        }
        int size = Integer.highestOneBit(Math.max(2, maxWindow) * 2 - 1) << 1;
        this.mask = size - 1;
        this.slots = new AtomicLongArray(size);
        this.sendNanos = new long[size];
        this.window = window;
        this.timeoutNanos = timeoutNanos;
        this.counters = counters;
        this.confirmLatency = confirmLatency;
        this.clock = clock;
    }

    /**
     * Blocks the publishing thread until message {@code seq} may be sent.
     *
     * @param seq         the next sequence number
     * @param keepWaiting polled while waiting; returning false abandons the wait
     * @return true if the message may be sent, false if waiting was abandoned or the link failed
     */
    public boolean awaitCapacity(long seq, BooleanSupplier keepWaiting) {
        while (!hasCapacity(seq)) {
            if (failure != null || !keepWaiting.getAsBoolean()) {
                return false;
            }
            waiter = Thread.currentThread();
            if (!hasCapacity(seq)) {
                LockSupport.parkNanos(this, PARK_NANOS);
            }
            waiter = null;
        }
        return failure == null;
    }

    /** True if message {@code seq} may be sent now without waiting for room in the window. */
    public boolean hasCapacity(long seq) {
        long slot = slots.get((int) (seq & mask));
        return registered - resolved.get() < window && (slot == 0 || (slot & TIMED_OUT) != 0);
    }

    /** Records that message {@code seq} is being sent now, at {@code sentAtNanos}. Publishing thread only. */
    public void register(long seq, long sentAtNanos) {
        int slot = (int) (seq & mask);
        long previous = slots.get(slot);
        if (previous != 0) {
            keepOverdue(slot, previous);
        }
        sendNanos[slot] = sentAtNanos;
        slots.set(slot, seq);
        registered = seq;
    }

    /**
     * The slot still holds a timed-out message (only those free a slot early): remember it apart,
     * so its verdict, when it comes, still counts as a late outcome.
     */
    private void keepOverdue(int slot, long previous) {
        long seq = previous & SEQ_MASK;
        synchronized (overdue) {
            overdue.add(seq, seq + 1);
            anyOverdue = true;
        }
        if (!slots.compareAndSet(slot, previous, 0)) {
            synchronized (overdue) { // its verdict came meanwhile, and was counted from the slot
                overdue.remove(seq);
            }
        }
    }

    /** Undoes {@link #register} for a message whose send failed. Publishing thread only. */
    public void unregister(long seq) {
        if (slots.compareAndSet((int) (seq & mask), seq, 0)) {
            resolved.incrementAndGet();
        }
    }

    @Override
    public void settled(long seq, boolean multiple, PublishOutcome outcome) {
        long now = clock.nanoTime();
        if (!multiple) {
            resolve(seq, outcome, now);
            return;
        }
        long from = Math.max(multipleFloor + 1, registered - mask);
        int released = 0;
        for (long s = from; s <= seq; s++) {
            released += resolveCounted(s, outcome, now);
        }
        multipleFloor = Math.max(multipleFloor, seq);
        if (anyOverdue) {
            long late = 0;
            synchronized (overdue) {
                if (refuses(outcome)) { // each one's sequence is excused: consumers will not see it
                    for (long s = overdue.lowest(); s <= seq; s = overdue.lowest()) {
                        overdue.remove(s);
                        refused.accept(s);
                        late++;
                    }
                } else {
                    late = overdue.removeBelow(seq + 1);
                }
            }
            counters.lateOutcomes.add(late);
        }
        release(released);
    }

    private void resolve(long seq, PublishOutcome outcome, long now) {
        release(resolveCounted(seq, outcome, now));
    }

    /** Resolves one sequence; returns 1 if that freed a window permit. */
    private int resolveCounted(long seq, PublishOutcome outcome, long now) {
        int slot = (int) (seq & mask);
        while (true) {
            long v = slots.get(slot);
            if ((v & SEQ_MASK) != seq) {
                // Already resolved, or the slot holds a later message: this may be a timed-out one's verdict.
                if (anyOverdue && removeOverdue(seq)) {
                    counters.lateOutcomes.increment();
                    if (refuses(outcome)) {
                        refused.accept(seq);
                    }
                }
                return 0;
            }
            // Read the send time while the slot is still ours: once freed, a publisher may reuse it.
            long sentNanos = sendNanos[slot];
            if (!slots.compareAndSet(slot, v, 0)) {
                continue; // a timeout or return raced with us: look again
            }
            if ((v & TIMED_OUT) != 0) {
                // Counted as timed out; a refusal still means consumers will not see it (a return
                // before the timeout was reported by the sweep).
                counters.lateOutcomes.increment();
                if (refuses(outcome) && (v & RETURNED) == 0) {
                    refused.accept(seq);
                }
                return 0;
            }
            if ((v & RETURNED) != 0) {
                counters.returned.increment();
                refused.accept(seq);
                return 1;
            }
            count(outcome, now - sentNanos);
            if (refuses(outcome)) {
                refused.accept(seq);
            }
            return 1;
        }
    }

    /** Whether the verdict means the broker did not take the message, so consumers will not see it. */
    private static boolean refuses(PublishOutcome outcome) {
        return outcome == PublishOutcome.NACKED || outcome == PublishOutcome.RELEASED;
    }

    private boolean overdueHolds(long seq) {
        synchronized (overdue) {
            return overdue.contains(seq);
        }
    }

    private boolean removeOverdue(long seq) {
        synchronized (overdue) {
            return overdue.remove(seq);
        }
    }

    private void count(PublishOutcome outcome, long latencyNanos) {
        switch (outcome) {
            case CONFIRMED -> {
                counters.confirmed.increment();
                confirmLatency.recordNanos(Math.max(0, latencyNanos));
            }
            case NACKED -> counters.nacked.increment();
            case RELEASED -> counters.released.increment();
            case MODIFIED -> counters.modified.increment();
        }
    }

    @Override
    public void returned(byte[] body, int offset, int length) {
        if (length < PayloadCodec.HEADER_BYTES) {
            return;
        }
        long seq = PayloadCodec.extend(PayloadCodec.sequence32(body, offset), registered);
        int slot = (int) (seq & mask);
        while (true) {
            long v = slots.get(slot);
            if (v == seq) {
                // The broker sends the ack after the return; flag the slot so that ack counts as returned.
                if (slots.compareAndSet(slot, seq, seq | RETURNED)) {
                    return;
                }
            } else if (v == (seq | TIMED_OUT)) {
                refused.accept(seq); // counted as timed out, its ack will be late: consumers will not see it
                return;
            } else {
                break;
            }
        }
        if (anyOverdue && overdueHolds(seq)) {
            refused.accept(seq);
        }
    }

    @Override
    public void failed(Throwable cause) {
        failure = cause;
        wake();
    }

    /**
     * Told the sequence of each message {@link #abandonPending} counts as in doubt, so that consumers'
     * checks can tell in-doubt arrivals from expected ones; nobody by default.
     */
    public void reportInDoubtTo(LongConsumer sequences) {
        inDoubtSequences = sequences;
    }

    /** Where this publisher's blocking by the broker is reported; none by default. */
    public void reportBlocksTo(FlowBlocks.Gate blocks) {
        gate = blocks;
    }

    @Override
    public void blocked(boolean blocked, String reason) {
        FlowBlocks.Gate g = gate;
        if (g != null) {
            g.set(blocked, reason);
        }
    }

    @Override
    public void creditWait(boolean waiting, java.time.Duration waited) {
        FlowBlocks.Gate g = gate;
        if (g != null) {
            g.creditWait(waiting, waited);
        }
    }

    /** The failure reported by the driver, if the link failed. */
    public Throwable failure() {
        return failure;
    }

    /**
     * Counts messages unconfirmed for longer than the timeout as timed out and frees their
     * permits. Call periodically from one thread.
     *
     * @return how many timed out in this sweep
     */
    public int sweepTimeouts(long nowNanos) {
        if (pending() == 0) {
            return 0;
        }
        int timedOut = 0;
        for (int slot = 0; slot <= mask; slot++) {
            long v = slots.get(slot);
            if (v == 0 || (v & TIMED_OUT) != 0) {
                continue;
            }
            if (nowNanos - sendNanos[slot] >= timeoutNanos && slots.compareAndSet(slot, v, v | TIMED_OUT)) {
                if ((v & RETURNED) != 0) {
                    counters.returned.increment();
                    refused.accept(v & SEQ_MASK);
                } else {
                    counters.timedOut.increment();
                }
                timedOut++;
            }
        }
        release(timedOut);
        return timedOut;
    }

    /**
     * The link these messages went out on is gone (its connection dropped): no verdict will come
     * for the messages still pending, so each is counted as in doubt and its permit freed; timed-out
     * messages stop waiting for a late verdict. Call from the thread that recovers the link, before
     * the publisher sends on a new one.
     *
     * @return how many messages were in doubt
     */
    public int abandonPending() {
        return abandonPending(0);
    }

    /**
     * As {@link #abandonPending()}, except for message {@code keep}: the one being sent when the
     * link failed, which never reached the old link and goes out on the new one. It stays pending,
     * and its verdict on the new link counts (its confirm latency is from its first attempt).
     *
     * @param keep the sequence to keep pending, 0 for none
     * @return how many messages were in doubt
     */
    public int abandonPending(long keep) {
        int inDoubt = 0;
        for (int slot = 0; slot <= mask; slot++) {
            long v = slots.get(slot);
            if (v != 0 && (keep == 0 || v != keep) && slots.compareAndSet(slot, v, 0) && (v & TIMED_OUT) == 0) {
                inDoubt++;
                inDoubtSequences.accept(v & SEQ_MASK);
            }
        }
        synchronized (overdue) {
            overdue.removeBelow(Long.MAX_VALUE);
        }
        // A multiple verdict on the new link must reach the kept message, and nothing older.
        multipleFloor = keep != 0 ? keep - 1 : registered;
        counters.inDoubt.add(inDoubt);
        release(inDoubt);
        return inDoubt;
    }

    /**
     * Counts message {@code seq} in doubt if it is still pending: it went out on a link that failed
     * around its send, after {@link #abandonPending(long)} had kept it. Call from the thread that
     * recovers the link.
     */
    public void abandon(long seq) {
        if (slots.compareAndSet((int) (seq & mask), seq, 0)) {
            counters.inDoubt.increment();
            inDoubtSequences.accept(seq);
            release(1);
        }
    }

    /** The highest sequence registered so far (0 before any). */
    public long registered() {
        return registered;
    }

    /** Messages sent and not yet resolved (confirmed, nacked, returned, ... or timed out). */
    public long pending() {
        return registered - resolved.get();
    }

    /** The current window. */
    public int window() {
        return window;
    }

    /** Changes the window, within the maximum given at construction; takes effect at once. */
    public void setWindow(int newWindow) {
        if (newWindow < 1 || newWindow > (mask + 1) / 2) {
            throw new IllegalArgumentException("window " + newWindow + " must be in 1.." + (mask + 1) / 2);
        }
        window = newWindow;
        wake();
    }

    private void release(int permits) {
        if (permits > 0) {
            resolved.addAndGet(permits);
            wake();
        }
    }

    /**
     * Wakes the waiting publisher, once: the waker takes it off {@link #waiter}, so that the verdicts
     * that follow before it runs (a confirm frame's others, each settled on its own) do not unpark it
     * again, each an unpark's lock taken against the waking thread's. It sets itself again if it must
     * wait on.
     */
    private void wake() {
        Thread w = waiter;
        if (w != null && WAITER.compareAndSet(this, w, null)) {
            LockSupport.unpark(w);
        }
    }

    /** The publishing thread waiting for room, if any; for tests. */
    Thread waiter() {
        return waiter;
    }
}
