package io.amqpharness.run;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

/**
 * A run's sequence checkers: one per queue, or one per consumer of a stream (a fanout message
 * reaches every queue, and each copy is checked on its own). Consumers get theirs when they open;
 * publishers tell the checkers of the queues their routing reaches about refused and in-doubt
 * messages. Thread-safe: checkers are added while publishers may report refusals.
 */
final class SequenceCheckers {
    private final Counters counters;
    private final String publisherPrefix;
    private final boolean stream;
    private final boolean singleActiveConsumer;
    private final boolean ownFromStart;
    /** Checkers by queue, or by stream consumer. */
    private final Map<String, Integrity> integrity = new ConcurrentHashMap<>();
    /** The same checkers by the queue they check, for telling each only of refusals of messages routed to it. */
    private final Map<String, OfQueue> byQueue = new ConcurrentHashMap<>();

    /**
     * @param publisherPrefix what publisher identities start with ({@code k3x9pq-p})
     * @param stream          the queues are streams: every consumer reads every message
     * @param ownFromStart    stream consumers read from the first offset, so they expect this run's
     *                        publishers from their first sequence (see {@link Integrity})
     */
    SequenceCheckers(Counters counters, String publisherPrefix, boolean stream, boolean singleActiveConsumer,
                     boolean ownFromStart) {
        this.counters = counters;
        this.publisherPrefix = publisherPrefix;
        this.stream = stream;
        this.singleActiveConsumer = singleActiveConsumer;
        this.ownFromStart = ownFromStart;
    }

    /**
     * The checker of consumer {@code index} of {@code queue}. Competing consumers of a queue share
     * its checker; every consumer of a stream reads every message, from wherever it starts, so each
     * has its own; single active consumers of a stream take turns, so they share one.
     */
    Integrity forConsumer(String queue, int index) {
        String key = stream && !singleActiveConsumer ? queue + "\u0000" + index : queue;
        Integrity checker = integrity.get(key);
        if (checker == null) {
            Integrity made = new Integrity(counters, publisherPrefix, stream, ownFromStart);
            checker = integrity.putIfAbsent(key, made);
            if (checker == null) {
                checker = made;
                of(queue).add(made);
            }
        }
        return checker;
    }

    /**
     * A message the broker refused reaches no consumer: the checkers of the queues its publisher's
     * routing reaches must not count it as lost. The others never expected it, and telling them
     * would make them track a publisher they never hear from.
     */
    LongConsumer refusals(List<String> reached, String publisherId) {
        OfQueue[] queues = reached.stream().map(this::of).toArray(OfQueue[]::new);
        return seq -> {
            for (OfQueue q : queues) {
                for (Integrity checker : q.all) {
                    checker.excuse(publisherId, seq);
                }
            }
        };
    }

    /** A message in doubt that arrives at a queue its publisher reaches is not an expected delivery. */
    LongConsumer inDoubt(List<String> reached, String publisherId) {
        OfQueue[] queues = reached.stream().map(this::of).toArray(OfQueue[]::new);
        return seq -> {
            for (OfQueue q : queues) {
                for (Integrity checker : q.all) {
                    checker.inDoubt(publisherId, seq & 0xFFFF_FFFFL);
                }
            }
        };
    }

    /** Sequences missing below the highest received, over every queue and publisher. */
    long missing() {
        return integrity.values().stream().mapToLong(Integrity::missing).sum();
    }

    /** As {@link #missing()}, without the gaps that opened since the previous call: once per reporting interval. */
    long missingSettled() {
        return integrity.values().stream().mapToLong(Integrity::missingSettled).sum();
    }

    private OfQueue of(String queue) {
        return byQueue.computeIfAbsent(queue, q -> new OfQueue());
    }

    /** The checkers of one queue (one, or one per consumer of a stream), read without a lock on every refusal. */
    private static final class OfQueue {
        volatile Integrity[] all = new Integrity[0];

        synchronized void add(Integrity checker) {
            Integrity[] more = Arrays.copyOf(all, all.length + 1);
            more[all.length] = checker;
            all = more;
        }
    }
}
