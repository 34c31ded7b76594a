package io.amqpharness.broker;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * A broker counter's growth over a run's samples, summed over the broker's incarnations. RabbitMQ
 * keeps its message counters in memory, so a node restart starts them again from zero: a counter
 * that goes down, a node whose uptime goes down, or a queue that disappears from the listing mark
 * a restart between two samples. Each step between samples then adds the counter's growth, or,
 * across a restart, what the new incarnation counted (its value when it went down, the growth when
 * it did not: the smaller, since the old incarnation's last counts are unknown; on a cluster, where one
 * node's share leaves a counter and the others' stay, nothing for a counter that went down). The sum is
 * exact without restarts and a lower bound with them. Stateless.
 */
final class Incarnations {
    private Incarnations() {
    }

    /** Per sample index k, true if a node's uptime went down since an earlier sample: it restarted before sample k. */
    static boolean[] restarts(List<BrokerSample> samples) {
        boolean[] restarted = new boolean[samples.size()];
        Map<String, Duration> uptimes = new HashMap<>();
        for (int k = 0; k < samples.size(); k++) {
            for (NodeSample n : samples.get(k).nodes()) {
                if (n.uptime().isPresent()) {
                    Duration before = uptimes.put(n.name(), n.uptime().get());
                    restarted[k] |= before != null && n.uptime().get().compareTo(before) < 0;
                }
            }
        }
        return restarted;
    }

    /**
     * True for sample k when it, or the sample before it, lists several nodes: the broker is a cluster, whose
     * counters (a queue's, summed over the channels of every node; the node-wide ones, summed over the nodes) lose
     * one node's share when that node's application stops, and keep the others'.
     */
    static IntPredicate clustered(List<BrokerSample> samples) {
        return k -> samples.get(k).nodes().size() > 1 || k > 0 && samples.get(k - 1).nodes().size() > 1;
    }

    /**
     * The sum over the run's queues (those in the last sample) of a queue counter's growth; empty
     * unless every one of them has the counter in the last sample. A queue absent from the first
     * sample starts at 0 (created by the run); one listed before but not in the last sample counts
     * as a restart, its counts being missing from the sum.
     *
     * @param resets set to true at each sample index where a restart was seen
     */
    static OptionalLong queues(List<BrokerSample> samples, boolean[] restarted, Function<QueueSample, OptionalLong> counter,
                               boolean[] resets) {
        List<QueueSample> last = samples.get(samples.size() - 1).queues();
        if (last.isEmpty()) {
            return OptionalLong.empty();
        }
        List<Map<String, QueueSample>> byName = samples.stream().map(s -> {
            Map<String, QueueSample> m = new HashMap<>();
            s.queues().forEach(q -> m.put(q.name(), q));
            return m;
        }).toList();
        // A queue listed earlier but gone at the end (deleted, or lost with its node): its counts are missing.
        for (Map<String, QueueSample> m : byName) {
            if (!byName.get(byName.size() - 1).keySet().containsAll(m.keySet())) {
                resets[byName.size() - 1] = true;
            }
        }
        long total = 0;
        for (QueueSample q : last) {
            String name = q.name();
            IntFunction<OptionalLong> value = k -> {
                QueueSample x = byName.get(k).get(name);
                return x == null ? OptionalLong.empty() : counter.apply(x);
            };
            IntPredicate listed = k -> byName.get(k).containsKey(name);
            OptionalLong growth = counter(samples.size(), restarted, value, listed, true, clustered(samples), resets);
            if (growth.isEmpty()) {
                return OptionalLong.empty();
            }
            total += growth.getAsLong();
        }
        return OptionalLong.of(total);
    }

    /**
     * One counter's growth from the first of {@code n} samples to the last, over the broker's incarnations.
     *
     * @param value     the counter in sample k, empty when the sample does not have it
     * @param listed    false for a sample k in which what the counter belongs to is missing: missing after
     *                  it was listed means it was gone (deleted, or its node down), a restart
     * @param zeroStart true if a counter missing from the first sample started at 0 (else the result is empty)
     * @param clustered true for a sample k taken from a cluster of several nodes (or following one): a counter
     *                  that went down by then lost one node's share, not the whole count ({@link #clustered})
     * @param resets    set to true at each sample index where a restart was seen
     * @return empty if the last sample, or the first without {@code zeroStart}, lacks the counter
     */
    static OptionalLong counter(int n, boolean[] restarted, IntFunction<OptionalLong> value, IntPredicate listed,
                                boolean zeroStart, IntPredicate clustered, boolean[] resets) {
        OptionalLong first = value.apply(0);
        boolean wasListed = listed.test(0);
        if (value.apply(n - 1).isEmpty() || first.isEmpty() && !zeroStart) {
            return OptionalLong.empty();
        }
        long previous = first.orElse(0);
        long total = 0;
        boolean restart = false;
        for (int k = 1; k < n; k++) {
            boolean isListed = listed.test(k);
            restart |= restarted[k] || wasListed && !isListed;
            wasListed |= isListed;
            OptionalLong v = value.apply(k);
            if (v.isEmpty()) {
                continue;
            }
            long now = v.getAsLong();
            if (now < previous) {
                // A counter only goes down when it started again. One broker's started from zero: its new incarnation
                // counted `now`. A cluster's lost one node's share (the node's application or channels went), while
                // the other nodes' shares, counted already, are still in `now`: nothing is known to be new.
                total += clustered.test(k) ? 0 : now;
                resets[k] = true;
            } else {
                total += now - previous;
                if (restart) {
                    resets[k] = true;
                }
            }
            restart = false;
            previous = now;
        }
        return OptionalLong.of(total);
    }
}
