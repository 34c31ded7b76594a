package io.amqpharness.measure;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-publisher sequence checks for every identified message consumers receive: first receipts,
 * duplicates, late arrivals and losses, counted into {@link Counters}. Thread-safe.
 */
public final class Integrity {
    private final Map<String, SequenceTracker> trackers = new ConcurrentHashMap<>();
    private final Counters counters;
    private final String ownPrefix;
    private final boolean fromFirstArrival;
    private final boolean ownFromStart;

    /**
     * Checks for readers that should see every publisher's messages from the first one.
     *
     * @param counters  where results are counted
     * @param ownPrefix publisher identities of this run start with it
     */
    public Integrity(Counters counters, String ownPrefix) {
        this(counters, ownPrefix, false);
    }

    /**
     * @param counters         where results are counted
     * @param ownPrefix        publisher identities of this run start with it
     * @param fromFirstArrival each publisher's sequences are expected from the first that arrives (a
     *                         stream consumer, which may start anywhere in the stream)
     */
    public Integrity(Counters counters, String ownPrefix, boolean fromFirstArrival) {
        this(counters, ownPrefix, fromFirstArrival, false);
    }

    /**
     * @param counters         where results are counted
     * @param ownPrefix        publisher identities of this run start with it
     * @param fromFirstArrival each publisher's sequences are expected from the first that arrives (a
     *                         stream consumer, which may start anywhere in the stream)
     * @param ownFromStart     with {@code fromFirstArrival}, this run's own publishers are expected from
     *                         their first sequence all the same (a stream consumer reading from the
     *                         first offset, which holds every message this run stored), so that a
     *                         first message that never arrived (in doubt after a restart) counts as
     *                         lost; other publishers' messages are still expected from the first
     *                         that arrives (the stream's retention may have dropped their start)
     */
    public Integrity(Counters counters, String ownPrefix, boolean fromFirstArrival, boolean ownFromStart) {
        this.counters = counters;
        this.ownPrefix = ownPrefix;
        this.fromFirstArrival = fromFirstArrival;
        this.ownFromStart = ownFromStart;
    }

    /** Whether a publisher identity belongs to this run. */
    public boolean own(String publisherId) {
        return publisherId.startsWith(ownPrefix);
    }

    /**
     * Checks one delivery of an identified message.
     *
     * @return how it relates to earlier deliveries of the same publisher's messages
     */
    public SequenceTracker.Arrival arrive(String publisherId, long sequence32, boolean redelivered) {
        return arrive(tracker(publisherId), publisherId, sequence32, redelivered);
    }

    /** The tracker of a publisher's messages, made on first use; callers may keep it. */
    public SequenceTracker tracker(String publisherId) {
        SequenceTracker t = trackers.get(publisherId);
        return t != null ? t : trackers.computeIfAbsent(publisherId, k -> {
            boolean own = own(k);
            SequenceTracker made = new SequenceTracker(counters.lost, fromFirstArrival && !(ownFromStart && own),
                    counters.inDoubtArrived);
            made.owner = own ? SequenceTracker.OWN : SequenceTracker.OTHERS;
            return made;
        });
    }

    /** As {@link #arrive(String, long, boolean)}, with the publisher's tracker already at hand. */
    public SequenceTracker.Arrival arrive(SequenceTracker t, String publisherId, long sequence32, boolean redelivered) {
        SequenceTracker.Arrival a = t.arrive(sequence32, redelivered);
        switch (a) {
            case FIRST -> countFirst(t, publisherId);
            case LATE -> {
                countFirst(t, publisherId);
                counters.late.increment();
            }
            case DUPLICATE -> counters.duplicated.increment();
            case REDELIVERY -> { }
        }
        return a;
    }

    /**
     * Records that the broker refused one of a publisher's messages (nack, mandatory return,
     * AMQP 1.0 {@code released}): consumers will not see it, and it is not lost.
     */
    public void excuse(String publisherId, long sequence32) {
        tracker(publisherId).excuse(sequence32);
    }

    /**
     * Records that one of a publisher's messages is in doubt (awaiting a confirm when its connection
     * dropped): if it arrives, or has, it is counted in {@code inDoubtArrived}.
     */
    public void inDoubt(String publisherId, long sequence32) {
        tracker(publisherId).inDoubt(sequence32);
    }

    /** Counts a first arrival; whether its publisher is this run's as its tracker remembers, if this made it. */
    private void countFirst(SequenceTracker t, String publisherId) {
        counters.unique.increment();
        if (t.owner != 0 ? t.owner == SequenceTracker.OWN : own(publisherId)) {
            counters.ownUnique.increment();
        }
    }

    /**
     * Sequences missing below the highest one received, over every publisher: what consumers can
     * tell was lost. Call once consumers have stopped.
     */
    public long missing() {
        long sum = 0;
        for (SequenceTracker t : trackers.values()) {
            sum += t.missing();
        }
        return sum;
    }

    /**
     * As {@link #missing()}, leaving out gaps younger than the previous call (see
     * {@link SequenceTracker#missingSettled()}): what the run has lost so far, once per interval.
     */
    public long missingSettled() {
        long sum = 0;
        for (SequenceTracker t : trackers.values()) {
            sum += t.missingSettled();
        }
        return sum;
    }

    /** Publishers whose messages arrived. */
    public int publishers() {
        return trackers.size();
    }
}
