package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A three-node cluster's management APIs and Prometheus endpoints on one HTTP server: each node's
 * Prometheus endpoint counts only what its own clients did, so node-wide figures are the sum over
 * every node, never the figures of whichever node answered.
 */
class ClusterCountersTest {
    private static final long MIB = 1024 * 1024;
    private HttpServer server;
    /** 0 before the run, 1 after it. */
    private volatile int phase;
    private volatile boolean node3Down;
    /** Node 2 restarted its application between the samples (its Erlang VM and uptime went on). */
    private volatile boolean node2Restarted;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private String base() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        for (int k = 1; k <= 3; k++) {
            int node = k;
            server.createContext("/n" + k + "/api/", ex -> answer(ex, management(ex.getRequestURI().getPath())));
            server.createContext("/p" + k + "/metrics", ex -> {
                if (node == 3 && node3Down) {
                    ex.sendResponseHeaders(503, -1);
                    ex.close();
                    return;
                }
                answer(ex, prometheus(node));
            });
        }
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private String management(String path) {
        if (path.contains("/queues/")) {
            return "[]";
        }
        if (path.endsWith("/nodes")) {
            StringBuilder b = new StringBuilder("[");
            for (int k = 1; k <= 3; k++) {
                b.append(k > 1 ? "," : "").append(String.format(Locale.ROOT, "{\"name\":\"rabbit@n%d\",\"running\":true,"
                        + "\"mem_used\":%d,\"mem_limit\":%d,\"mem_alarm\":false,\"disk_free_alarm\":false,\"uptime\":%d}",
                        k, 100 * MIB, 1000 * MIB, 60_000 + phase * 5_000));
            }
            return b.append("]").toString();
        }
        return "{\"object_totals\":{\"connections\":2,\"channels\":2}}";
    }

    /** Node 1 takes the publisher (+2,500 received), node 2 the consumer (+2,500 delivered), node 3 nothing. */
    private String prometheus(int node) {
        long received = switch (node) {
            case 1 -> 1_000 + phase * 2_500L;
            case 2 -> 0;
            default -> 10;
        };
        long delivered = switch (node) {
            case 1 -> 0;
            case 2 -> 500 + phase * 2_500L;
            default -> 10;
        };
        if (node2Restarted && phase == 1) {
            // Node 2's counters started again from zero (100 since), while node 1 delivered 2,000.
            delivered = node == 1 ? 2_000 : node == 2 ? 100 : delivered;
        }
        // Each node's runtime grows by 1,000 ms over 2,000 ms of wall clock: half a core each.
        return "rabbitmq_identity_info{rabbitmq_node=\"rabbit@n" + node + "\"} 1\n"
                + "rabbitmq_global_messages_received_total{protocol=\"amqp091\"} " + received + "\n"
                + "rabbitmq_global_messages_delivered_total{protocol=\"amqp091\"} " + delivered + "\n"
                + "erlang_vm_statistics_runtime_milliseconds " + (10_000 + phase * 1_000) + "\n"
                + "erlang_vm_statistics_wallclock_time_milliseconds " + (50_000 + phase * 2_000) + "\n";
    }

    private static void answer(HttpExchange ex, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private BrokerSource cluster() throws IOException {
        String base = base();
        List<URI> managements = new ArrayList<>();
        List<URI> prometheuses = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            managements.add(URI.create(base + "/n" + k + "/api"));
            prometheuses.add(URI.create(base + "/p" + k + "/metrics"));
        }
        return BrokerMonitor.cluster(new BrokerHttp("guest", "guest"), managements, prometheuses, "/",
                List.of("q"));
    }

    private static CrossCheck.HarnessCounts published2500Delivered2500() {
        return new CrossCheck.HarnessCounts(2_500, OptionalLong.empty(), 2_500, true, Optional.empty());
    }

    @Test
    void nodeWideCountersAreSummedOverEveryNodeNotTakenFromTheOneThatAnswered() throws IOException {
        BrokerSource source = cluster();
        BrokerSample before = source.sample(Duration.ZERO);
        phase = 1;
        BrokerSample after = source.sample(Duration.ofSeconds(5));

        CrossCheck check = CrossCheck.of(before, after, published2500Delivered2500()).orElseThrow();
        assertThat(check.line()).startsWith("published 2,500 (harness 2,500), delivered 2,500 (harness 2,500): agree");
        assertThat(check.notes()).isEmpty();
        // CPU: the three nodes' half cores added up, not one node's.
        assertThat(after.cpuCores()).hasValue(1.5);
    }

    @Test
    void withANodeWhoseEndpointDoesNotAnswerTheNodeWideFiguresAreUnknownNotOneNodesShare() throws IOException {
        BrokerSource source = cluster();
        BrokerSample before = source.sample(Duration.ZERO);
        phase = 1;
        node3Down = true;
        BrokerSample after = source.sample(Duration.ofSeconds(5));

        assertThat(after.nodeReceived()).isEmpty();
        assertThat(after.nodeDelivered()).isEmpty();
        assertThat(after.cpuCores()).isEmpty();
        assertThat(CrossCheck.of(before, after, published2500Delivered2500())).isEmpty();
    }

    @Test
    void aNodeWhoseCountersStartedAgainMakesTheCheckIncompleteEvenWhenTheSumStillGrew() throws IOException {
        BrokerSource source = cluster();
        BrokerSample before = source.sample(Duration.ZERO);
        phase = 1;
        node2Restarted = true;
        BrokerSample after = source.sample(Duration.ofSeconds(5));

        // Summed: delivered 2,000 + 100 + 10 after, 0 + 500 + 10 before: up by 1,600 (the sum never went down),
        // though node 2 restarted: what it counted before its restart is lost, so the count is only a lower bound.
        CrossCheck check = CrossCheck.of(before, after, published2500Delivered2500()).orElseThrow();
        assertThat(check.verdict()).as(check.line()).isEqualTo(CrossCheck.Verdict.INCOMPLETE);
    }

    @Test
    void theMemoryLimitIsTheSumOfTheNodesLimitsLikeTheMemoryUsed() throws IOException {
        BrokerSample s = cluster().sample(Duration.ZERO);
        assertThat(s.memoryBytes()).hasValue(300 * MIB);
        assertThat(s.memoryLimitBytes()).hasValue(3000 * MIB);
    }
}
