package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.amqpharness.containers.Brokers;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 3-node RabbitMQ 4.0 cluster of {@code scripts/rabbitmq-cluster.sh} (which these tests stop
 * and kill nodes of; nothing else uses it): connections spread over the nodes, and a run through
 * the loss of the queue leader's node loses no confirmed message. Runs go through the library, in
 * this JVM.
 */
@ResourceLock(SharedBrokers.CLUSTER)
@Tag("integration")
@org.junit.jupiter.api.Order(1) // the longest (with the cluster recipes after it): started first
@Tag("faults")
@Tag("cluster") // on the 3-node cluster: run-tests runs these classes in a command of their own
class ClusterIT {
    private static final Path SCRIPT = Path.of("..", "scripts", "rabbitmq-cluster.sh");
    static final String URIS = "amqp://guest:guest@localhost:5681,amqp://localhost:5682,amqp://localhost:5683";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeEach
    void cluster() {
        assumeTrue(allNodesListening() && Files.isExecutable(SCRIPT)
                        && "root".equals(System.getProperty("user.name")),
                "needs the 3-node cluster of scripts/rabbitmq-cluster.sh (ports 5681-5683) and root to stop its nodes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void aRunOverThreeAddressesHasConnectionsOnEveryNode(String protocol) throws Exception {
        // Up to 12 s: the management API lists a connection only after its node emitted its statistics (every 5 s),
        // later on a loaded machine (a 5 s run once ended with one node's connections listed). The run stops as soon
        // as every node lists one of its connections.
        Scenario s = Scenario.builder().protocol(protocol).uri(URIS).producers(3).consumers(3).rate(50)
                .time(Duration.ofSeconds(12)).noBrokerMetrics(true).build();
        String wire = protocol.equals("amqp091") ? "AMQP 0-9-1" : "AMQP 1-0";
        io.amqpharness.run.LoadRunner runner = new io.amqpharness.run.LoadRunner(s);
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(runner::run);
        Set<String> nodes = new TreeSet<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!run.isDone() && nodes.size() < 3 && System.nanoTime() < deadline) {
            for (JsonNode c : get(1, "/api/connections")) {
                if (c.path("protocol").asText().equals(wire)) {
                    nodes.add(c.path("node").asText());
                }
            }
            Thread.sleep(300);
        }
        runner.stop();
        RunResult r = run.get(60, TimeUnit.SECONDS);
        assertThat(r.failure()).isEmpty();
        assertThat(nodes).as("nodes holding the run's %s connections, as the broker lists them", wire)
                .containsExactlyInAnyOrder("rabbitc1@localhost", "rabbitc2@localhost", "rabbitc3@localhost");
        assertThat(r.counts().lost()).isZero();
        assertThat(r.driverFacts().get(io.amqpharness.spi.AddressOrder.FACT))
                .as("the harness's own count of connections per address")
                .matches("localhost:5681 [1-9][0-9]*, localhost:5682 [1-9][0-9]*, localhost:5683 [1-9][0-9]*");
    }

    /**
     * Over AMQP 1.0; AMQP 0.9.1 loses the leader's node in {@link #killingTheQueueLeadersNodeAndRestartingItLosesNoConfirmedMessage}
     * (and a stopped node's forced close in RecoveryIT): the notes checked here come from the broker's side, the same
     * for both protocols. One protocol here saves a minute of the suite's longest class.
     */
    @Test
    void stoppingTheQueueLeadersNodeForEightSecondsLosesNoConfirmedMessage() throws Exception {
        RunResult r = runLosingTheLeader("amqp10", k -> {
            script("ctl", k, "stop_app");
            sleep(8_000);
            script("ctl", k, "start_app");
        });
        assertNoConfirmedMessageLost(r);
        assertThat(r.brokerMetrics()).as("broker metrics read from the nodes that answered").isPresent();
        assertThat(r.notes()).as(String.join("\n", r.notes()))
                .anyMatch(n -> n.startsWith("The leader of queue cluster-it-") && n.contains(" moved from rabbitc"))
                .anyMatch(n -> n.startsWith("Node rabbitc") && n.contains(" was down"));
    }

    @Test
    void killingTheQueueLeadersNodeAndRestartingItLosesNoConfirmedMessage() throws Exception {
        RunResult r = runLosingTheLeader("amqp091", k -> {
            script("kill", k);
            sleep(5_000);
            script("start");
        });
        assertNoConfirmedMessageLost(r);
    }

    private static void assertNoConfirmedMessageLost(RunResult r) {
        CountSnapshot c = r.counts();
        assertThat(r.failure()).as("the run recovers instead of failing").isEmpty();
        assertThat(r.outages().disconnects()).as("a connection sat on the lost node").isPositive();
        assertThat(c.lost()).as("only messages in doubt may be lost").isLessThanOrEqualTo(c.inDoubt());
        assertThat(c.published()).isEqualTo(c.settled() + c.inDoubt() + r.unconfirmedAtStop());
        // A message the broker refused (AMQP 1.0 released or rejected while the leader moved), one timed out and one
        // still unconfirmed when the run was stopped have no verdict that says whether it was stored: each may be
        // missing without being lost. Every other message arrived or counts as lost. (One of 49,986 was once
        // missing because a stopped run did not wait for deliveries on their way; it now waits up to 2 s.)
        long withoutVerdict = c.nacked() + c.returned() + c.released() + c.modified() + c.timedOut() + r.unconfirmedAtStop();
        assertThat(c.ownUnique() + c.lost()).as("every message consumed or lost: %s, unconfirmed at stop %d", c,
                r.unconfirmedAtStop()).isBetween(c.published() - withoutVerdict, c.published());
        assertThat(c.ownUnique()).as("every confirmed message consumed").isGreaterThanOrEqualTo(c.confirmed());
    }

    /**
     * A confirmed quorum run at 1,000 msg/s (2 publishers, 2 consumers); {@code fault} gets the leader's node
     * number 2 s after publishing began, and the run is stopped 4 s after the fault is over (a 120 s limit is
     * only a ceiling). At fixed times (a 14 s run, the fault 4 s in) a loaded CI machine's rabbitmqctl twice
     * stopped or killed the node too late, and the run saw no disconnect.
     */
    private static RunResult runLosingTheLeader(String protocol, Fault fault) throws Exception {
        String queue = "cluster-it-" + UUID.randomUUID().toString().substring(0, 8);
        Scenario s = Scenario.builder().protocol(protocol).uri(URIS).queueType(QueueType.QUORUM).queues(java.util.List.of(queue))
                .leaderLocator("balanced").producers(2).consumers(2).rate(500).confirm(200).qos(200)
                .time(Duration.ofSeconds(120)).build();
        java.util.concurrent.CountDownLatch publishing = new java.util.concurrent.CountDownLatch(1);
        io.amqpharness.run.RunListener firstSends = new io.amqpharness.run.RunListener() {
            @Override
            public void interval(io.amqpharness.result.IntervalStats stats) {
                if (stats.sentPerSecond() > 0) {
                    publishing.countDown();
                }
            }
        };
        io.amqpharness.run.LoadRunner runner = new io.amqpharness.run.LoadRunner(s);
        runner.listener(firstSends);
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(runner::run);
        try {
            assertThat(publishing.await(60, TimeUnit.SECONDS)).as("the run publishes").isTrue();
            Thread.sleep(2_000);
            String leader = get(1, "/api/queues/%2F/" + queue).path("leader").asText();
            assertThat(leader).as("the queue's leader").startsWith("rabbitc");
            fault.apply(leader.substring("rabbitc".length(), "rabbitc".length() + 1));
            Thread.sleep(4_000);
            runner.stop();
            return run.get(90, TimeUnit.SECONDS);
        } finally {
            if (!allNodesListening()) { // the fault brought its node back; the script's checks cost 10 s of CPU
                script("start");
            }
            try {
                HTTP.send(request(2, "/api/queues/%2F/" + queue).DELETE().build(), HttpResponse.BodyHandlers.discarding());
            } catch (Exception e) {
                // the queue stays; a name of its own
            }
        }
    }

    private static boolean allNodesListening() {
        return Brokers.listening("localhost", 5681) && Brokers.listening("localhost", 5682)
                && Brokers.listening("localhost", 5683);
    }

    interface Fault {
        void apply(String node) throws Exception;
    }

    private static JsonNode get(int node, String path) throws Exception {
        for (int k = node; k < node + 3; k++) { // any node that answers
            try {
                HttpResponse<String> r = HTTP.send(request((k - 1) % 3 + 1, path).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return new ObjectMapper().readTree(r.body());
                }
            } catch (java.io.IOException e) {
                // that node's management API is down: ask the next
            }
        }
        return new ObjectMapper().createObjectNode();
    }

    private static HttpRequest.Builder request(int node, String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + (15680 + node) + path))
                .timeout(Duration.ofSeconds(5))
                .header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8)));
    }

    /** Runs {@code scripts/rabbitmq-cluster.sh} with {@code args}; its output, once it exited 0. */
    static String script(String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = SCRIPT.toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    private static void sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}
