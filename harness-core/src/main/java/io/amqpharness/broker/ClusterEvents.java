package io.amqpharness.broker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the broker's samples tell about its nodes over a run: queue leaders that moved, and nodes
 * that dropped out of the node list (stopped, killed or cut off) and came back. A node counts as
 * down from the first sample that no longer lists it after one that did. Stateless.
 */
final class ClusterEvents {
    private ClusterEvents() {
    }

    /** One sentence per leader change and per node outage, in the order they happened. */
    static List<String> of(List<BrokerSample> samples) {
        List<String> out = new ArrayList<>();
        Map<String, String> leaders = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        Map<String, Duration> downSince = new LinkedHashMap<>();
        for (BrokerSample s : samples) {
            for (QueueSample q : s.queues()) {
                Optional<String> leader = q.leader();
                if (leader.isEmpty()) {
                    continue;
                }
                String before = leaders.put(q.name(), leader.get());
                if (before != null && !before.equals(leader.get())) {
                    out.add(String.format(Locale.ROOT, "The leader of queue %s moved from %s to %s (seen %s s into the run).",
                            q.name(), before, leader.get(), seconds(s.elapsed())));
                }
            }
            if (s.nodes().isEmpty()) {
                continue; // a source that lists no nodes says nothing about them
            }
            Set<String> now = new LinkedHashSet<>();
            s.nodes().forEach(n -> now.add(n.name()));
            for (String n : seen) {
                if (!now.contains(n)) {
                    downSince.putIfAbsent(n, s.elapsed());
                } else if (downSince.containsKey(n)) {
                    Duration since = downSince.remove(n);
                    out.add(String.format(Locale.ROOT, "Node %s was down (missing from the broker's node list) from %s s "
                            + "to %s s into the run.", n, seconds(since), seconds(s.elapsed())));
                }
            }
            seen.addAll(now);
        }
        downSince.forEach((n, since) -> out.add(String.format(Locale.ROOT,
                "Node %s was down (missing from the broker's node list) from %s s into the run to its end.", n, seconds(since))));
        return out;
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f", d.toMillis() / 1000.0);
    }
}
