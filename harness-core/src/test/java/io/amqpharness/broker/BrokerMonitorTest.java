package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The monitor against an HTTP server that answers with what RabbitMQ's Prometheus plugin answered
 * (captured fixtures): the address derived from the AMQP URI, the fall-back from the management port
 * to the Prometheus port, the credentials sent, and a refused login.
 */
class BrokerMonitorTest {
    private static final BrokerInfo RABBITMQ = new BrokerInfo("RabbitMQ", "3.10.8", "Erlang/OTP 25", Map.of());
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A Prometheus endpoint on a free port, whose AMQP port (its port - 10020) gives the URI to derive from. */
    private int prometheus(int status) throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            if (server.getAddress().getPort() > 10_020 + 1024) {
                break;
            }
            server.stop(0);
        }
        server.createContext("/metrics", ex -> answer(ex, status));
        server.start();
        return server.getAddress().getPort();
    }

    private void answer(HttpExchange ex, int status) throws IOException {
        authorizations.add(ex.getRequestHeaders().getFirst("Authorization"));
        String body = ex.getRequestURI().getPath().endsWith("/detailed")
                ? Fixtures.read("prometheus-3.10-detailed.txt") : Fixtures.read("prometheus-4.0-metrics.txt");
        byte[] bytes = status == 200 ? body.getBytes(StandardCharsets.UTF_8) : new byte[0];
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static Scenario scenario(int amqpPort) {
        return Scenario.builder().protocol("in-memory").uri("amqp://alice:pa55@127.0.0.1:" + amqpPort + "/%2F").build();
    }

    private static CrossCheck.HarnessCounts nothing() {
        return new CrossCheck.HarnessCounts(0, OptionalLong.of(0), 0, true, Optional.empty());
    }

    @Test
    void withoutTheManagementApiTheDerivedPrometheusEndpointIsUsedWithTheUrisCredentials() throws Exception {
        int port = prometheus(200);
        Scenario s = scenario(port - 10_020);
        BrokerMonitor m = BrokerMonitor.open(s, RABBITMQ, List.of("i16-probe-q"), System::nanoTime).orElseThrow();
        assertThat(m.unavailable()).isEmpty();
        m.start(System.nanoTime());
        BrokerMonitor.Outcome o = m.finish(System.nanoTime(), nothing(), 0, s);
        BrokerMetricsReport r = o.report();
        assertThat(r.source()).hasValue("prometheus");
        assertThat(r.url()).hasValue("http://127.0.0.1:" + port + "/metrics");
        assertThat(r.last().orElseThrow().depth()).hasValue(3);
        assertThat(r.peakMemoryBytes().orElse(0)).isPositive();
        assertThat(r.crossCheck().orElseThrow().basis()).isEqualTo("node");
        assertThat(r.crossCheck().orElseThrow().agrees()).isTrue();
        assertThat(o.notes()).isEmpty();
        assertThat(authorizations).isNotEmpty().allSatisfy(a -> assertThat(a).isEqualTo("Basic "
                + Base64.getEncoder().encodeToString("alice:pa55".getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void aRefusedLoginIsOneNoteWithoutThePassword() throws Exception {
        int port = prometheus(401);
        Scenario s = scenario(port - 10_020);
        BrokerMonitor m = BrokerMonitor.open(s, RABBITMQ, List.of("q"), System::nanoTime).orElseThrow();
        assertThat(m.unavailable()).hasValueSatisfying(n -> assertThat(n)
                .contains("http://127.0.0.1:" + (port - 20) + "/api/queues/%2F cannot be read")
                .contains("http://127.0.0.1:" + port + "/metrics answered HTTP 401").doesNotContain("pa55"));
        BrokerMonitor.Outcome o = m.finish(System.nanoTime(), nothing(), 0, s);
        assertThat(o.notes()).hasSize(1);
        assertThat(o.report().unavailable()).isPresent();
    }

    @Test
    void aBrokerThatIsNotRabbitMQIsNotSampled() {
        assertThat(BrokerMonitor.open(scenario(5672), new BrokerInfo("InMemory", "1", "JVM", Map.of()), List.of("q"),
                System::nanoTime)).isEmpty();
        assertThat(BrokerMonitor.open(Scenario.builder().protocol("in-memory").noBrokerMetrics(true).build(), RABBITMQ,
                List.of("q"), System::nanoTime)).isEmpty();
    }
}
