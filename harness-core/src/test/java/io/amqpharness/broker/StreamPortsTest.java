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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A stream address does not say where the management API is: the broker's AMQP port is 120 above
 * the stream one by default (5552, 5672), but 100 above it on the project's own cluster (558K,
 * 568K). The monitor asks the management APIs it may be at which one has a stream listener on the
 * address's port.
 */
class StreamPortsTest {
    private static final BrokerInfo RABBITMQ = new BrokerInfo("RabbitMQ", "4.0.5", "Erlang/OTP 26", Map.of());
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A management API on a free port at least 10,100 above 1024, whose stream listener is at its port - 10100. */
    private int management() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            if (server.getAddress().getPort() > 10_120 + 1024) {
                break;
            }
            server.stop(0);
        }
        int port = server.getAddress().getPort();
        server.createContext("/api/", ex -> answer(ex, api(ex.getRequestURI().getPath(), port)));
        server.start();
        return port;
    }

    private static String api(String path, int port) {
        if (path.contains("/queues/")) {
            return "[]";
        }
        if (path.endsWith("/nodes")) {
            return "[{\"name\":\"rabbitc1@localhost\",\"running\":true,\"mem_used\":1,\"mem_limit\":2,\"uptime\":5}]";
        }
        return "{\"object_totals\":{\"connections\":0,\"channels\":0},\"listeners\":["
                + "{\"node\":\"rabbitc1@localhost\",\"protocol\":\"amqp\",\"port\":" + (port - 10_000) + "},"
                + "{\"node\":\"rabbitc1@localhost\",\"protocol\":\"http\",\"port\":" + port + "},"
                + "{\"node\":\"rabbitc1@localhost\",\"protocol\":\"stream\",\"port\":" + (port - 10_100) + "}]}";
    }

    private static void answer(HttpExchange ex, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Test
    void aStreamPortWhoseAmqpPortIsAHundredAboveFindsItsManagementApi() throws IOException {
        int port = management();
        Scenario s = Scenario.builder().protocol("stream").uri("rabbitmq-stream://guest:guest@127.0.0.1:"
                + (port - 10_100) + "/%2F").brokerMetricsWait(Duration.ZERO).build();
        BrokerMonitor m = BrokerMonitor.open(s, RABBITMQ, List.of("q"), System::nanoTime).orElseThrow();
        assertThat(m.unavailable()).isEmpty();
        BrokerMetricsReport r = m.finish(System.nanoTime(),
                new CrossCheck.HarnessCounts(0, OptionalLong.empty(), 0, false, Optional.empty()), 0, s).report();
        assertThat(r.source()).hasValue("management");
        assertThat(r.url()).hasValue("http://127.0.0.1:" + port + "/api");
    }

    @Test
    void whenEveryNodeHasTheSamePortsTheNodeWhoseApiWasAskedIsTheOne() {
        List<ManagementJson.Listener> listeners = new java.util.ArrayList<>();
        for (String n : List.of("rabbit@a", "rabbit@b")) {
            listeners.add(new ManagementJson.Listener(n, "stream", 5552));
            listeners.add(new ManagementJson.Listener(n, "http", n.endsWith("a") ? 15672 : 15673));
            listeners.add(new ManagementJson.Listener(n, "http/prometheus", n.endsWith("a") ? 15692 : 15693));
        }
        StreamPorts.Found f = StreamPorts.match(java.net.URI.create("http://b.example:15673/api"), listeners, 5552)
                .orElseThrow();
        assertThat(f.management()).hasToString("http://b.example:15673/api");
        assertThat(f.prometheus()).hasToString("http://b.example:15693/metrics");
        assertThat(StreamPorts.match(java.net.URI.create("http://b.example:15672/api"), listeners, 5553)).isEmpty();
    }
}
