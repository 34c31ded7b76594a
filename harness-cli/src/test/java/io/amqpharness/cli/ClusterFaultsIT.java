package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import io.amqpharness.fault.FaultOutcome;
import io.amqpharness.fault.FaultPlan;
import io.amqpharness.report.TextSummary;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code --fault} on the 3-node cluster of {@code scripts/rabbitmq-cluster.sh}, through the script
 * ({@code --fault-ctl '../scripts/rabbitmq-cluster.sh ctl {node}'}): a node stopped for a few seconds under a
 * quorum queue, a node's broker restarted under it, and a memory alarm on one node. Each test holds the cluster's lock ({@link ClusterLock}) and leaves
 * the cluster whole, every node running and the watermark as it was.
 */
@ResourceLock(SharedBrokers.CLUSTER)
@Tag("integration")
@Tag("faults")
@Tag("cluster") // on the 3-node cluster: run-tests runs these classes in a command of their own
class ClusterFaultsIT {
    private static final Path SCRIPT = Path.of("..", "scripts", "rabbitmq-cluster.sh");
    private static final String CTL = SCRIPT + " ctl {node}";

    @BeforeEach
    void cluster() {
        assumeTrue(allNodesListening() && Files.isExecutable(SCRIPT) && "root".equals(System.getProperty("user.name")),
                "needs the 3-node cluster of scripts/rabbitmq-cluster.sh (ports 5681-5683) and root to stop its nodes");
    }

    @Test
    void aNodeStoppedForFiveSecondsUnderAQuorumQueueLosesNoConfirmedMessage() throws Exception {
        String queue = "cluster-faults-it-" + UUID.randomUUID().toString().substring(0, 8);
        // Publishers start on nodes 1 and 2, the consumer on node 2: node 2's connections drop and fail over.
        Scenario s = Scenario.builder().uri(ClusterIT.URIS).queueType(QueueType.QUORUM).quorumGroupSize(3)
                .queues(List.of(queue)).producers(2).consumers(1).rate(200).confirm(100).qos(100)
                .warmup(Duration.ZERO).time(Duration.ofSeconds(150)).noBrokerMetrics(true).build();
        FaultPlan plan = FaultPlan.parse(List.of("at=8s,kind=stop-node,node=2,for=5s"), Optional.of(CTL));
        RunResult r = runOnTheWholeCluster(s, plan);
        String summary = TextSummary.format(r);
        assertThat(r.failure()).as(summary).isEmpty();
        FaultOutcome f = r.faults().get(0);
        assertThat(f.error()).as(summary).isEmpty();
        assertThat(f.made()).isPresent();
        assertThat(r.interrupted()).as("stopped after the fault, before the time limit: %s", summary).isTrue();
        assertThat(f.undone()).as("node 2 started again").isPresent();
        assertThat(f.firstConfirm()).as("confirms after the node stopped: %s", summary).isPresent();
        assertThat(f.firstDelivery()).isPresent();
        assertThat(f.confirmGap()).isPresent();
        assertThat(f.lost()).as("only messages in doubt may be lost").isLessThanOrEqualTo(f.inDoubt());
        assertThat(r.counts().lost()).isLessThanOrEqualTo(r.counts().inDoubt());
        assertThat(r.counts().ownUnique()).as("every confirmed message consumed").isGreaterThanOrEqualTo(r.counts().confirmed());
        assertThat(f.nodes()).as(summary).anySatisfy(n -> {
            assertThat(n.node()).isEqualTo("rabbitc2@localhost");
            assertThat(n.dropped()).isPositive();
        });
        assertThat(summary).contains("  stop-node 2 at ").contains("rabbitc2@localhost: ");
    }

    @Test
    void aRestartedBrokerUnderAQuorumQueueIsBackAtOnceAndLosesNoConfirmedMessage() throws Exception {
        String queue = "cluster-faults-it-" + UUID.randomUUID().toString().substring(0, 8);
        // Publishers on nodes 1 and 2, the consumer on node 2: node 2's restart drops a publisher and the consumer.
        Scenario s = Scenario.builder().uri(ClusterIT.URIS).queueType(QueueType.QUORUM).quorumGroupSize(3)
                .queues(List.of(queue)).producers(2).consumers(1).rate(100).confirm(50).qos(100)
                .warmup(Duration.ZERO).time(Duration.ofSeconds(150)).noBrokerMetrics(true).build();
        FaultPlan plan = FaultPlan.parse(List.of("at=6s,kind=restart-broker,node=2"), Optional.of(CTL));
        RunResult r;
        boolean backAfterTheFault;
        try (ClusterLock lock = ClusterLock.take()) {
            try {
                r = runUntilUndone(s, plan);
                backAfterTheFault = Brokers.listening("localhost", 5682);
            } finally {
                whole();
            }
        }
        String summary = TextSummary.format(r);
        assertThat(r.failure()).as(summary).isEmpty();
        FaultOutcome f = r.faults().get(0);
        assertThat(f.fault().kind()).isEqualTo(io.amqpharness.fault.FaultKind.RESTART_BROKER);
        assertThat(f.error()).as(summary).isEmpty();
        assertThat(f.made()).as("stop_app then start_app returned").isPresent();
        assertThat(f.undone()).as("a restart is not undone: it is over once made").isEmpty();
        assertThat(backAfterTheFault).as("node 2 listens again once the fault was made, before the cluster is "
                + "made whole").isTrue();
        assertThat(r.interrupted()).as("stopped after the fault, before the time limit: %s", summary).isTrue();
        assertThat(f.firstConfirm()).as("confirms after the restart: %s", summary).isPresent();
        assertThat(f.firstDelivery()).as("deliveries after the restart: %s", summary).isPresent();
        assertThat(f.nodes()).as(summary).anySatisfy(n -> {
            assertThat(n.node()).isEqualTo("rabbitc2@localhost");
            assertThat(n.dropped()).isPositive();
        });
        assertThat(f.lost()).as("only messages in doubt may be lost").isLessThanOrEqualTo(f.inDoubt());
        assertThat(r.counts().lost()).isLessThanOrEqualTo(r.counts().inDoubt());
        assertThat(r.counts().ownUnique()).as("every confirmed message consumed").isGreaterThanOrEqualTo(r.counts().confirmed());
        assertThat(summary).contains("  restart-broker 2 at ");
    }

    @Test
    void aMemoryAlarmOnOneNodeBlocksThePublishersAndItsWatermarkIsPutBack() throws Exception {
        String before = watermark(3);
        String queue = "cluster-faults-it-" + UUID.randomUUID().toString().substring(0, 8);
        Scenario s = Scenario.builder().uri(ClusterIT.URIS).queueType(QueueType.QUORUM).queues(List.of(queue))
                .producers(1).consumers(1).rate(100).confirm(50).warmup(Duration.ZERO)
                .time(Duration.ofSeconds(150)).noBrokerMetrics(true).build();
        FaultPlan plan = FaultPlan.parse(List.of("at=5s,kind=memory-alarm,node=3,for=4s"), Optional.of(CTL));
        RunResult r = runOnTheWholeCluster(s, plan);
        String summary = TextSummary.format(r);
        assertThat(watermark(3)).as("the watermark put back").isEqualTo(before);
        assertThat(r.failure()).as(summary).isEmpty();
        FaultOutcome f = r.faults().get(0);
        assertThat(f.error()).as(summary).isEmpty();
        assertThat(f.undone()).isPresent();
        assertThat(r.blocking().episodes()).as("an alarm blocks publishers on every node: %s", summary).isPositive();
        assertThat(f.sendGap()).as("no send while blocked").isGreaterThan(Duration.ofSeconds(1));
        assertThat(f.firstConfirm()).as("confirms again once lifted").isPresent();
        assertThat(r.counts().lost()).isZero();
    }

    /**
     * {@link #runUntilUndone} while holding the machine's cluster lock, and the whole cluster back up afterwards,
     * whatever happened.
     */
    private static RunResult runOnTheWholeCluster(Scenario s, FaultPlan plan) throws Exception {
        try (ClusterLock lock = ClusterLock.take()) {
            try {
                return runUntilUndone(s, plan);
            } finally {
                whole();
            }
        }
    }

    /**
     * Runs until 4 s after the fault was undone (or made, for one that does not last) (the time limit is only a ceiling): on a loaded machine one
     * rabbitmqctl call has taken 20 s, so a fault made at a fixed time could come after a fixed end.
     */
    private static RunResult runUntilUndone(Scenario s, FaultPlan plan) {
        LoadRunner runner = new LoadRunner(s).faults(plan);
        java.util.concurrent.ScheduledExecutorService stopper = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try {
            runner.listener(new io.amqpharness.run.RunListener() {
                @Override
                public void note(String sentence) {
                    // A fault that does not last (restart-broker) is over once made.
                    if (sentence.startsWith("Fault ") && (sentence.endsWith(": undone.") || sentence.endsWith(": made.")
                            || sentence.contains("failed"))) {
                        stopper.schedule(runner::stop, 4, TimeUnit.SECONDS);
                    }
                }
            });
            return runner.run();
        } finally {
            stopper.shutdownNow();
        }
    }

    /** Starts every node's application (a no-op on a running one) and waits until each listens again. */
    private static void whole() throws Exception {
        for (int k = 1; k <= 3; k++) {
            ClusterIT.script("ctl", String.valueOf(k), "start_app");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!allNodesListening() && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertThat(allNodesListening()).as("the cluster is whole again").isTrue();
    }

    private static String watermark(int node) throws Exception {
        return ClusterIT.script("ctl", String.valueOf(node), "-q", "eval", "vm_memory_monitor:get_vm_memory_high_watermark().")
                .strip();
    }

    private static boolean allNodesListening() {
        return Brokers.listening("localhost", 5681) && Brokers.listening("localhost", 5682)
                && Brokers.listening("localhost", 5683);
    }

}
