package io.amqpharness.smoke.truth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code node-stop} fault: one node of the local 3-node cluster ({@code scripts/rabbitmq-cluster.sh})
 * stopped for a few seconds while a run publishes, then started again, and the cluster waited for until
 * all three nodes run. Other users of the cluster may share it: with {@code -Dtruth.clusterLock=FILE}
 * (a file that exists), the whole stop, start and wait runs under {@code flock FILE}, the lock every
 * user that stops a node takes. The node is always started again: by a shell trap in the same
 * process (so also when the test JVM dies), and, should that fail, by {@code rabbitmq-cluster.sh start}
 * from here.
 */
final class ClusterNodeStop {
    /** Stops node {@code $1} for {@code $2} seconds; on any exit starts it and waits until the cluster is whole. */
    private static final String AWAY = """
            script=$0; node=$1; away=$2
            whole() {
              "$script" ctl "$node" start_app >/dev/null 2>&1 || "$script" start >/dev/null 2>&1
              for i in $(seq 120); do "$script" status >/dev/null 2>&1 && return 0; sleep 1; done
              echo "the cluster was not whole 120 s after node $node started" >&2; return 1
            }
            trap whole EXIT
            "$script" ctl "$node" stop_app >/dev/null || exit 1
            sleep "$away"
            """;

    private ClusterNodeStop() {
    }

    /** The lock file shared by the cluster's users, when {@code -Dtruth.clusterLock} names one that exists. */
    static List<String> lockPrefix() {
        String lock = System.getProperty("truth.clusterLock", "").strip();
        return !lock.isEmpty() && Files.exists(Path.of(lock)) ? List.of("flock", lock) : List.of();
    }

    /**
     * Stops {@code node} (1-3) for {@code seconds}, starts it and waits until the cluster is whole;
     * returns when it is (or throws, after trying {@code rabbitmq-cluster.sh start} under the lock).
     */
    static void stopFor(Path scripts, int node, int seconds) throws IOException, InterruptedException {
        Path script = scripts.resolve("rabbitmq-cluster.sh").toAbsolutePath();
        List<String> command = new ArrayList<>(lockPrefix());
        command.addAll(List.of("bash", "-c", AWAY, script.toString(), Integer.toString(node),
                Integer.toString(seconds)));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        boolean ended = false;
        try {
            // Waiting for the lock (another user's node stop) comes first, so allow for one of those too.
            ended = p.waitFor(600, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!ended || p.exitValue() != 0) {
                throw new IllegalStateException("stopping cluster node " + node + " failed: " + out);
            }
        } finally {
            if (!ended || p.exitValue() != 0) {
                restart(script);
            }
        }
    }

    /** Starts whatever node is down and waits for the cluster, under the lock (the fault's own trap failed). */
    private static void restart(Path script) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(lockPrefix());
        command.addAll(List.of("bash", "-c", "\"$0\" start >/dev/null 2>&1; for i in $(seq 120); do"
                + " \"$0\" status >/dev/null 2>&1 && exit 0; sleep 1; done; exit 1", script.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!p.waitFor(900, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("the cluster is not whole after a node stop: run "
                    + script + " start");
        }
    }
}
