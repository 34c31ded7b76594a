package io.amqpharness.smoke.truth;

import io.amqpharness.scenario.QueueType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Cells every campaign runs before its random ones, so that each rare dimension is judged at least
 * once: a run ended by Ctrl-C, and on the cluster a quorum queue and a stream through a node stop and
 * a quorum queue whose connections are closed (with {@code -Dtruth.faults=true}, as every fault).
 */
final class PinnedCells {
    static final Map<String, Cell> ALL = all();

    private PinnedCells() {
    }

    private static Map<String, Cell> all() {
        Map<String, Cell> m = new LinkedHashMap<>();
        m.put("D1 Ctrl-C: the command line interrupted by SIGINT, its result.json judged",
                new Cell("3.10", "amqp091", QueueType.QUORUM, 1, false, 0, 1, 500, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {1}, OptionalInt.empty(), "default", OptionalInt.empty(),
                        "each", 3, "ctrl-c", 1, Optional.empty(), "none"));
        m.put("D2 Ctrl-C on the cluster, a stream over AMQP 1.0",
                new Cell("cluster", "amqp10", QueueType.STREAM, 1, false, 0, 1, 500, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {1}, OptionalInt.empty(), "first", OptionalInt.empty(),
                        "each", 3, "ctrl-c", 1, Optional.empty(), "none"));
        m.put("D3 cluster node stopped: a quorum queue, 2 publishers, 2 consumers",
                new Cell("cluster", "amqp091", QueueType.QUORUM, 1, false, 0, 2, 500, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {2}, OptionalInt.empty(), "default", OptionalInt.empty(),
                        "each", 8, "time", 1, Optional.empty(), "node-stop"));
        m.put("D4 cluster node stopped: a stream over the stream protocol",
                new Cell("cluster", "stream", QueueType.STREAM, 1, false, 0, 1, 500, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {1}, OptionalInt.empty(), "first", OptionalInt.empty(),
                        "each", 8, "time", 1, Optional.empty(), "node-stop"));
        m.put("D5 cluster connections closed: a quorum queue over AMQP 1.0",
                new Cell("cluster", "amqp10", QueueType.QUORUM, 1, false, 0, 1, 500, OptionalInt.of(100),
                        OptionalInt.empty(), new int[] {1}, OptionalInt.empty(), "default", OptionalInt.empty(),
                        "each", 8, "time", 1, Optional.empty(), "close"));
        return m;
    }
}
