package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Requests to the broker's plugins are plain HTTP/1.1: no h2c upgrade for the broker's web server to take. */
class BrokerHttpTest {
    @Test
    void requestsOfferNoHttp2Upgrade() throws Exception {
        List<String> upgrades = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/metrics", exchange -> {
            upgrades.add(String.valueOf(exchange.getRequestHeaders().getFirst("Upgrade")));
            byte[] body = "rabbitmq_connections 3\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
            assertThat(new BrokerHttp("guest", "guest").get(url)).isEqualTo("rabbitmq_connections 3\n");
            assertThat(upgrades).containsExactly("null");
        } finally {
            server.stop(0);
        }
    }
}
