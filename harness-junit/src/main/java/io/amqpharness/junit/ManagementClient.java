package io.amqpharness.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/**
 * A small client for the RabbitMQ HTTP API, for tests that check what the broker saw (queue
 * type, depth, bindings). Thread-safe.
 */
public final class ManagementClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final URI base;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    ManagementClient(URI base, String user, String password) {
        this.base = base;
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** {@code GET /api/queues/{vhost}/{name}}, empty if the queue does not exist. */
    public Optional<JsonNode> queue(String vhost, String name) throws IOException, InterruptedException {
        return get("/api/queues/" + encode(vhost) + "/" + encode(name));
    }

    /** {@code GET /api/exchanges/{vhost}/{name}}, empty if the exchange does not exist. */
    public Optional<JsonNode> exchange(String vhost, String name) throws IOException, InterruptedException {
        return get("/api/exchanges/" + encode(vhost) + "/" + encode(name));
    }

    /** {@code GET /api/queues/{vhost}/{queue}/bindings}. */
    public JsonNode queueBindings(String vhost, String queue) throws IOException, InterruptedException {
        return get("/api/queues/" + encode(vhost) + "/" + encode(queue) + "/bindings")
                .orElseGet(JSON::createArrayNode);
    }

    /**
     * Waits until the broker's statistics database has taken in the events it was sent
     * ({@code statistics_db_event_queue} of {@code /api/overview} at 0), for at most {@code limit}: its
     * per-queue counters lag further behind a run while it works off a backlog, which a burst of
     * connections and queues (other tests) leaves. Returns at once where the broker does not report it.
     *
     * @return true if the backlog is empty (or not reported), false if {@code limit} passed first
     */
    public boolean awaitStatistics(Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            JsonNode backlog = get("/api/overview?columns=statistics_db_event_queue").orElseGet(JSON::createObjectNode)
                    .path("statistics_db_event_queue");
            if (!backlog.isNumber() || backlog.asLong() == 0) {
                return true;
            }
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(100);
        }
    }

    /** Any {@code GET} under {@code /api}; empty on 404. */
    public Optional<JsonNode> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", authorization)
                .timeout(Duration.ofSeconds(10))
                .GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return Optional.of(JSON.readTree(response.body()));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
