package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Many connections against a real broker: shared NIO I/O, concurrent opening with links spread over
 * connections, connection churn, and opens the broker refuses counted in one sentence. Short runs
 * with at most 120 connections; the 10,000-connection numbers are bench/connections.sh's.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class ScaleIT {
    private final RabbitMQBroker broker;

    ScaleIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500)).drainTimeout(Duration.ofSeconds(20))
                .noBrokerMetrics(true);
    }

    @Test
    void nioModePublishesConfirmsAndConsumesEveryMessageOnce() {
        // Unpaced: in NIO mode amqp-client writes a frame after basicPublish returns, so a body array the
        // publisher reuses must be copied; without that, messages arrive with later sequence numbers.
        RunResult r = new LoadRunner(scenario().nioThreads(2).producers(2).consumers(2).producerMessageCount(10_000)
                .confirm(100).qos(100).multiAckEvery(10).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.driverFacts()).containsEntry("io", "nio, 2 threads shared")
                .containsEntry("consumer dispatch", "a pool shared by the connections");
        assertThat(r.counts().published()).isEqualTo(20_000);
        assertThat(r.counts().confirmed()).isEqualTo(20_000);
        assertThat(r.counts().consumed()).isEqualTo(20_000);
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
    }

    @Test
    void nioModeGivesAcknowledgingConsumersWithoutAPrefetchOneSoThatTheyKeepUp() {
        // Without a prefetch amqp-client's NIO loop stalled: 1,536 of 40,000 consumed, and sequence gaps.
        RunResult r = new LoadRunner(scenario().nioThreads(2).producers(2).consumers(1).producerMessageCount(10_000)
                .drainTimeout(Duration.ofSeconds(20)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(20_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("AMQP 0.9.1 in NIO mode")
                .contains("got a prefetch of " + NioPrefetch.DEFAULT));
    }

    @Test
    void manyConnectionsOpenAtOnceWithTheirChannelsSpreadAndTheirPublishersSharePacingThreads() {
        // 60 publisher connections with 2 channels each and 60 consumer connections: blocking I/O up to 1,000
        // connections; 120 paced publishers are more than 4 per core, so they share pacing threads.
        RunResult r = new LoadRunner(scenario().producers(60).producerChannelCount(2).consumers(60).rate(5).confirm(10)
                .time(Duration.ofSeconds(2)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.driverFacts()).containsEntry("io", "blocking, a thread per connection")
                .containsEntry("consumer dispatch", "on each connection's reader thread");
        assertThat(r.connections().opened()).isEqualTo(120);
        assertThat(r.connections().retries()).isZero();
        assertThat(r.counts().published()).as("120 publishers x 5 msg/s x 2 s").isEqualTo(1_200);
        assertThat(r.counts().confirmed()).isEqualTo(1_200);
        assertThat(r.counts().consumed()).isEqualTo(1_200);
    }

    @Test
    void churnOpensAndClosesConnectionsWhileTrafficRuns() {
        RunResult r = new LoadRunner(scenario().producers(1).consumers(1).rate(50).churnRate(40)
                .churnHold(Duration.ofMillis(200)).idleConnections(5).time(Duration.ofSeconds(2)).build()).run();
        assertThat(r.failure()).isEmpty();
        ConnectionStats.Churn churn = r.connections().churn().orElseThrow();
        // 40/s for 2 s: at most 81 (a busy machine may open fewer, never more), and some.
        assertThat(churn.opened()).as("40/s for 2 s").isBetween(1L, 81L);
        assertThat(churn.closed()).isEqualTo(churn.opened());
        assertThat(churn.failed()).isZero();
        assertThat(r.latency(Metric.CHURN_OPEN).count()).isEqualTo(churn.opened());
        assertThat(r.connections().idle()).isEqualTo(5);
        assertThat(r.connections().opened()).isEqualTo(7);
        assertThat(r.counts().published()).isEqualTo(100);
        assertThat(r.counts().consumed()).isEqualTo(100);
    }

    @Test
    void connectionsTheBrokerRefusesAreCountedInOneSentence() throws Exception {
        // The control connection takes the one connection the virtual host allows, before the publishers open.
        // The broker tracks connections asynchronously: with a limit of 3 the six opens at the same moment all
        // saw one connection and all passed (a CI run, its second try passing); with a limit of 1 each sees the
        // control connection, which is tracked by then, and is refused.
        withConnectionLimit(1, uri -> assertThatThrownBy(() -> new LoadRunner(scenario().uri(uri).producers(6)
                .consumers(0).rate(0).time(Duration.ofSeconds(1)).build()).run())
                .isInstanceOf(DriverException.class)
                .hasMessageMatching("[1-6] of 6 publisher connections failed to open \\(each tried 3 times\\): .+")
                .hasMessageContaining("connection limit (1) is reached"));
    }

    @Test
    void churnedConnectionsTheBrokerRefusesAreCountedWithoutFailingTheRun() throws Exception {
        // Control, publisher and consumer connections take the three: every churned open is refused.
        withConnectionLimit(3, uri -> {
            RunResult r = new LoadRunner(scenario().uri(uri).producers(1).consumers(1).rate(50).churnRate(20)
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(r.failure()).isEmpty();
            assertThat(r.counts().consumed()).isEqualTo(50);
            ConnectionStats.Churn churn = r.connections().churn().orElseThrow();
            assertThat(churn.opened()).isZero();
            // 20/s for 1 s: at most 21 (a busy machine tries fewer: 13 beside other test classes, never more), and some.
            assertThat(churn.failed()).isBetween(1L, 21L);
            assertThat(churn.firstFailure()).hasValueSatisfying(f -> assertThat(f).contains("connection limit (3)"));
            assertThat(io.amqpharness.report.TextSummary.format(r)).containsPattern(
                    "Churn     0 connections opened \\(0/s\\) and 0 closed, [0-9]+ failed \\(first: .*connection limit");
        });
    }

    private interface UriTest {
        void run(String uri) throws Exception;
    }

    /** Runs {@code test} on a fresh virtual host that allows {@code max} connections. */
    private void withConnectionLimit(int max, UriTest test) throws Exception {
        String vhost = "harness-limit-" + UUID.randomUUID().toString().substring(0, 8);
        management("PUT", "/api/vhosts/" + vhost, "{}");
        try {
            management("PUT", "/api/permissions/" + vhost + "/guest", "{\"configure\":\".*\",\"write\":\".*\",\"read\":\".*\"}");
            management("PUT", "/api/vhost-limits/" + vhost + "/max-connections", "{\"value\":" + max + "}");
            URI b = URI.create(broker.uri());
            test.run(b.getScheme() + "://" + (b.getRawUserInfo() == null ? "" : b.getRawUserInfo() + "@")
                    + b.getHost() + ":" + b.getPort() + "/" + vhost);
        } finally {
            management("DELETE", "/api/vhosts/" + vhost, null);
        }
    }

    private void management(String method, String path, String body) throws Exception {
        URI base = broker.managementUri().orElseThrow();
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("guest:guest"
                        .getBytes(StandardCharsets.UTF_8)))
                .header("content-type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode() / 100).as("%s %s%s: %s", method, base, path, response.body()).isEqualTo(2);
    }
}
