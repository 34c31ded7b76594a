package io.amqpharness.run;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.SequenceRanges;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

/**
 * A run's sequence checkers: one per queue, or one per consumer of a stream (a fanout message
 * reaches every queue, and each copy is checked on its own). Consumers get theirs when they open;
 * publishers tell the checkers of the queues their routing reaches about refused and in-doubt
 * messages. A checker made after some of those were reported (a queue whose first consumer opens
 * at a later step, a stream consumer that joins later) is told them when it is made, so they do
 * not count as lost. Thread-safe: checkers are added while publishers may report refusals.
 */
final class SequenceCheckers {
    /**
     * Separate ranges of refused (or of in-doubt) sequences kept per queue and publisher for
     * checkers made later: 16 bytes each, at most 16 MiB; beyond that the oldest are forgotten.
     */
    static final int MAX_KEPT_RANGES = 1 << 20;

    private final Counters counters;
    private final String publisherPrefix;
    private final boolean stream;
    private final boolean singleActiveConsumer;
    private final boolean ownFromStart;
    /** One checker for all queues: drawn routing keys split each publisher's sequence over them. */
    private final boolean pooled;
    /** Checkers by queue, or by stream consumer. */
    private final Map<String, Integrity> integrity = new ConcurrentHashMap<>();
    /** The same checkers by the queue they check, for telling each only of refusals of messages routed to it. */
    private final Map<String, OfQueue> byQueue = new ConcurrentHashMap<>();
    /** The other groups' checkers, in a grouped run: they read queues this run's publishers may share. */
    private volatile Elsewhere elsewhere = Elsewhere.NONE;

    /**
     * Where else a publisher's refused and in-doubt messages must be told: the checkers of the other
     * groups of a {@link GroupedRun}, whose consumers may read the same queues.
     */
    interface Elsewhere {
        Elsewhere NONE = new Elsewhere() {
            @Override
            public LongConsumer refusals(List<String> reached, String publisherId) {
                return seq -> { };
            }

            @Override
            public LongConsumer inDoubt(List<String> reached, String publisherId) {
                return seq -> { };
            }
        };

        LongConsumer refusals(List<String> reached, String publisherId);

        LongConsumer inDoubt(List<String> reached, String publisherId);
    }

    /** Tells {@code other} too of what this run's publishers report; set before the publishers open. */
    void alsoTell(Elsewhere other) {
        this.elsewhere = other;
    }

    /**
     * @param publisherPrefix what publisher identities start with ({@code k3x9pq-p})
     * @param stream          the queues are streams: every consumer reads every message
     * @param ownFromStart    stream consumers read from the first offset, so they expect this run's
     *                        publishers from their first sequence (see {@link Integrity})
     */
    SequenceCheckers(Counters counters, String publisherPrefix, boolean stream, boolean singleActiveConsumer,
                     boolean ownFromStart) {
        this(counters, publisherPrefix, stream, singleActiveConsumer, ownFromStart, false);
    }

    /**
     * @param pooled the consumers of all queues share one checker: routing keys drawn per message
     *               ({@code --routing-keys}) send each publisher's messages to several queues, each
     *               of which sees only some of its sequence, so its gaps are no losses; over all
     *               queues together a sequence is whole when each key reaches one queue
     */
    SequenceCheckers(Counters counters, String publisherPrefix, boolean stream, boolean singleActiveConsumer,
                     boolean ownFromStart, boolean pooled) {
        this.pooled = pooled;
        this.counters = counters;
        this.publisherPrefix = publisherPrefix;
        this.stream = stream;
        this.singleActiveConsumer = singleActiveConsumer;
        this.ownFromStart = ownFromStart;
    }

    /**
     * The checker of consumer {@code index} of {@code queue}. Competing consumers of a queue share
     * its checker; every consumer of a stream reads every message, from wherever it starts, so each
     * has its own; single active consumers of a stream take turns, so they share one. A new checker
     * is told the refusals and in-doubt messages reported for the queue so far before any consumer
     * gets it.
     */
    Integrity forConsumer(String queue, int index) {
        String key = pooled ? "" : stream && !singleActiveConsumer ? queue + "\u0000" + index : queue;
        Integrity checker = integrity.get(key);
        if (checker != null) {
            return checker;
        }
        OfQueue q = of(queue);
        synchronized (pooled ? this : q) { // pooled: consumers of two queues must not make two checkers
            checker = integrity.get(key);
            if (checker == null) {
                checker = new Integrity(counters, publisherPrefix, stream, ownFromStart);
                q.add(checker); // first, so that what is reported from now on reaches it directly
                q.replayInto(checker);
                if (!(stream && !singleActiveConsumer)) {
                    q.stopKeeping(); // a queue has one checker: none will come later
                }
                integrity.put(key, checker);
            }
            return checker;
        }
    }

    /**
     * A message the broker refused reaches no consumer: the checkers of the queues its publisher's
     * routing reaches must not count it as lost. The others never expected it, and telling them
     * would make them track a publisher they never hear from.
     */
    LongConsumer refusals(List<String> reached, String publisherId) {
        Elsewhere other = elsewhere;
        LongConsumer here = refusalsHere(reached, publisherId);
        return other == Elsewhere.NONE ? here : here.andThen(other.refusals(reached, publisherId));
    }

    /** As {@link #refusals}, this run's checkers only (another group's publishers report to them so). */
    LongConsumer refusalsHere(List<String> reached, String publisherId) {
        OfQueue[] queues = reached.stream().map(this::of).toArray(OfQueue[]::new);
        Kept[] kept = Arrays.stream(queues).map(q -> q.kept(publisherId)).toArray(Kept[]::new);
        return seq -> {
            for (int i = 0; i < queues.length; i++) {
                OfQueue q = queues[i];
                if (q.keeping) {
                    kept[i].refused(seq);
                }
                for (Integrity checker : q.all) {
                    checker.excuse(publisherId, seq);
                }
            }
        };
    }

    /** A message in doubt that arrives at a queue its publisher reaches is not an expected delivery. */
    LongConsumer inDoubt(List<String> reached, String publisherId) {
        Elsewhere other = elsewhere;
        LongConsumer here = inDoubtHere(reached, publisherId);
        return other == Elsewhere.NONE ? here : here.andThen(other.inDoubt(reached, publisherId));
    }

    /** As {@link #inDoubt}, this run's checkers only. */
    LongConsumer inDoubtHere(List<String> reached, String publisherId) {
        OfQueue[] queues = reached.stream().map(this::of).toArray(OfQueue[]::new);
        Kept[] kept = Arrays.stream(queues).map(q -> q.kept(publisherId)).toArray(Kept[]::new);
        return seq -> {
            long seq32 = seq & 0xFFFF_FFFFL;
            for (int i = 0; i < queues.length; i++) {
                OfQueue q = queues[i];
                if (q.keeping) {
                    kept[i].inDoubt(seq32);
                }
                for (Integrity checker : q.all) {
                    checker.inDoubt(publisherId, seq32);
                }
            }
        };
    }

    /** Sequences missing below the highest received, over every queue and publisher. */
    long missing() {
        return integrity.values().stream().mapToLong(Integrity::missing).sum();
    }

    /**
     * As {@link #missing()}, by queue: the checkers of a queue's consumers (one, or one per consumer
     * of a stream) add up under its name.
     */
    Map<String, Long> missingByQueue() {
        Map<String, Long> byName = new java.util.HashMap<>();
        integrity.forEach((key, checker) -> {
            int end = key.indexOf('\u0000');
            byName.merge(end < 0 ? key : key.substring(0, end), checker.missing(), Long::sum);
        });
        return byName;
    }

    /** As {@link #missing()}, without the gaps that opened since the previous call: once per reporting interval. */
    long missingSettled() {
        return integrity.values().stream().mapToLong(Integrity::missingSettled).sum();
    }

    /** Whether reports for {@code queue} are still kept for checkers made later (tests: only memory depends on it). */
    boolean keeps(String queue) {
        OfQueue q = byQueue.get(queue);
        return q != null && q.keeping;
    }

    private OfQueue of(String queue) {
        return byQueue.computeIfAbsent(queue, q -> new OfQueue());
    }

    /**
     * The checkers of one queue (one, or one per consumer of a stream), read without a lock on every
     * refusal, and, while more checkers may come, what its publishers reported for them.
     *
     * <p>A report is kept before the checkers are read, and a new checker is added before what was
     * kept is read, so each report reaches a new checker one way or the other (or both: telling a
     * checker twice changes nothing).
     */
    private static final class OfQueue {
        volatile Integrity[] all = new Integrity[0];
        /** Whether reports are kept for checkers made later. */
        volatile boolean keeping = true;
        private final Map<String, Kept> kept = new ConcurrentHashMap<>();

        synchronized void add(Integrity checker) {
            Integrity[] more = Arrays.copyOf(all, all.length + 1);
            more[all.length] = checker;
            all = more;
        }

        Kept kept(String publisherId) {
            return kept.computeIfAbsent(publisherId, p -> new Kept());
        }

        void replayInto(Integrity checker) {
            kept.forEach((publisherId, k) -> k.replayInto(publisherId, checker));
        }

        /** Frees what was kept; called once the queue's only checker exists. */
        void stopKeeping() {
            keeping = false;
            kept.values().forEach(Kept::clear);
        }
    }

    /** One publisher's refused and in-doubt sequences for one queue, kept for its checkers made later. */
    private static final class Kept {
        private SequenceRanges refused = new SequenceRanges(MAX_KEPT_RANGES);
        private SequenceRanges inDoubt = new SequenceRanges(MAX_KEPT_RANGES);

        synchronized void refused(long seq) {
            refused.insert(seq);
        }

        synchronized void inDoubt(long seq32) {
            inDoubt.insert(seq32);
        }

        synchronized void replayInto(String publisherId, Integrity checker) {
            refused.forEach(seq -> checker.excuse(publisherId, seq));
            inDoubt.forEach(seq -> checker.inDoubt(publisherId, seq));
        }

        synchronized void clear() {
            refused = new SequenceRanges(1);
            inDoubt = new SequenceRanges(1);
        }
    }
}
