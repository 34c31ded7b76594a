package io.amqpharness.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.amqpharness.run.RunListener;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * Serves a run's metrics at {@code http://HOST:PORT/metrics} in the Prometheus text format
 * (OpenMetrics when the scraper asks for it), with the JDK's HTTP server.
 *
 * <pre>{@code
 * try (PrometheusEndpoint metrics = PrometheusEndpoint.start(8080, Map.of("env", "test"))) {
 *     new LoadRunner(scenario).listener(metrics.listener()).run();
 * }
 * }</pre>
 *
 * <p>{@link #start} fails with {@link PortInUseException} when the port is taken, before any run
 * starts: after binding it also asks the port over the loopback interface who answers, so a
 * process that shares the port (possible on some systems with address reuse) is caught too,
 * instead of silently receiving the scrapes.
 */
public final class PrometheusEndpoint implements AutoCloseable {
    /** The default port. */
    public static final int DEFAULT_PORT = 8080;
    private static final String TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    private static final String WHO_PATH = "/harness-instance";

    private final PrometheusMeterRegistry registry;
    private final RunMetrics metrics;
    private final HttpServer server;
    private final String instance = UUID.randomUUID().toString();

    private PrometheusEndpoint(PrometheusMeterRegistry registry, RunMetrics metrics, HttpServer server) {
        this.registry = registry;
        this.metrics = metrics;
        this.server = server;
    }

    /**
     * Starts serving on all interfaces.
     *
     * @param port 1 to 65535, or 0 for any free port (see {@link #port()})
     * @param tags labels added to every exported series, for example {@code env=test}; see {@link MetricTags}
     * @throws PortInUseException if another process holds the port
     * @throws io.amqpharness.HarnessException if the server cannot start for another reason
     */
    public static PrometheusEndpoint start(int port, Map<String, String> tags) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        List<String> common = new ArrayList<>();
        tags.forEach((k, v) -> {
            common.add(k);
            common.add(v);
        });
        registry.config().commonTags(common.toArray(String[]::new));
        RunMetrics metrics = new RunMetrics(registry, tags);
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(port), 16);
        } catch (BindException e) {
            registry.close();
            throw new PortInUseException(port, nearbyFreePort(port), "", e);
        } catch (IOException e) {
            registry.close();
            throw new io.amqpharness.HarnessException("The Prometheus endpoint cannot start on port " + port + ": "
                    + e.getMessage() + ".", e);
        }
        PrometheusEndpoint endpoint = new PrometheusEndpoint(registry, metrics, server);
        server.createContext("/", endpoint::handle);
        server.start();
        if (!endpoint.answersItself()) {
            endpoint.close();
            throw new PortInUseException(port, nearbyFreePort(port), " (another process answers on it)", null);
        }
        return endpoint;
    }

    /** The listener that feeds the metrics from a run; add it to the {@code LoadRunner}. */
    public RunListener listener() {
        return metrics;
    }

    /** The port the endpoint listens on (the chosen one when started with 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The scrape address on this host, for example {@code http://localhost:8080/metrics}. */
    public String url() {
        return "http://localhost:" + port() + "/metrics";
    }

    /** The registry, to add meters of your own; its common tags are the endpoint's tags. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Stops serving immediately. Idempotent. */
    @Override
    public void close() {
        server.stop(0);
        registry.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/metrics") || path.equals("/metrics/")) {
                String accept = exchange.getRequestHeaders().getFirst("Accept");
                String type = accept != null && accept.contains("application/openmetrics-text") ? OPENMETRICS : TEXT;
                respond(exchange, 200, type, registry.scrape(type));
            } else if (path.equals(WHO_PATH)) {
                respond(exchange, 200, "text/plain; charset=utf-8", instance);
            } else {
                respond(exchange, 404, "text/plain; charset=utf-8", "amqp-harness serves its metrics at /metrics\n");
            }
        }
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** True if a request to the port over the loopback interface reaches this server. */
    private boolean answersItself() {
        try {
            URL url = new URL("http://127.0.0.1:" + port() + WHO_PATH);
            HttpURLConnection c = (HttpURLConnection) url.openConnection(Proxy.NO_PROXY);
            c.setConnectTimeout(2_000);
            c.setReadTimeout(2_000);
            try (InputStream in = c.getInputStream()) {
                return c.getResponseCode() == 200
                        && new String(in.readAllBytes(), StandardCharsets.UTF_8).equals(instance);
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** A free port just above {@code port}, to suggest; empty if none of the next 20 is free. */
    private static OptionalInt nearbyFreePort(int port) {
        for (int p = port + 1; p <= Math.min(65535, port + 20); p++) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(p));
                return OptionalInt.of(p);
            } catch (IOException e) {
                // taken: try the next one
            }
        }
        return OptionalInt.empty();
    }
}
