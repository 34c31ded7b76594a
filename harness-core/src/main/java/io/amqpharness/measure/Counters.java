package io.amqpharness.measure;

import java.util.concurrent.atomic.LongAdder;

/**
 * The run's message counters. Any thread may increment; {@link #snapshot()} reads them all.
 * Increments are {@link LongAdder}s: cheap under contention, no allocation.
 */
public final class Counters {
    public final LongAdder published = new LongAdder();
    public final LongAdder confirmed = new LongAdder();
    public final LongAdder nacked = new LongAdder();
    public final LongAdder returned = new LongAdder();
    public final LongAdder released = new LongAdder();
    public final LongAdder modified = new LongAdder();
    public final LongAdder timedOut = new LongAdder();
    public final LongAdder lateOutcomes = new LongAdder();
    public final LongAdder consumed = new LongAdder();
    public final LongAdder redelivered = new LongAdder();
    public final LongAdder clockSkew = new LongAdder();
    public final LongAdder foreign = new LongAdder();
    public final LongAdder unidentified = new LongAdder();
    public final LongAdder unique = new LongAdder();
    public final LongAdder ownUnique = new LongAdder();
    public final LongAdder duplicated = new LongAdder();
    public final LongAdder late = new LongAdder();
    public final LongAdder outOfOrder = new LongAdder();
    public final LongAdder lost = new LongAdder();
    public final LongAdder consumerNacked = new LongAdder();
    public final LongAdder consumerRejected = new LongAdder();
    public final LongAdder requeued = new LongAdder();
    public final LongAdder inDoubt = new LongAdder();
    public final LongAdder inDoubtArrived = new LongAdder();

    /** A consistent-enough copy: each counter is read once, in a fixed order. */
    public CountSnapshot snapshot() {
        return new CountSnapshot(published.sum(), confirmed.sum(), nacked.sum(), returned.sum(),
                released.sum(), modified.sum(), timedOut.sum(), lateOutcomes.sum(), consumed.sum(),
                redelivered.sum(), clockSkew.sum(), foreign.sum(), unidentified.sum(), unique.sum(), ownUnique.sum(),
                duplicated.sum(), late.sum(), outOfOrder.sum(), lost.sum(), consumerNacked.sum(), consumerRejected.sum(),
                requeued.sum(), inDoubt.sum(), inDoubtArrived.sum());
    }
}
