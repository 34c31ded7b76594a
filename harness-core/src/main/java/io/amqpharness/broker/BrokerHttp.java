package io.amqpharness.broker;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * HTTP GETs to the broker's management or Prometheus plugin, with the user and password of the
 * AMQP URI sent as basic authentication. Failures become a {@link BrokerMetricsException} whose
 * sentence names the URL (which never carries credentials) but never the password. Thread-safe.
 */
final class BrokerHttp {
    /** How long a connection attempt may take. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** How long one request may take, response included. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(3);

    private final HttpClient client;
    private final String authorization;

    BrokerHttp(String user, String password) {
        // HTTP/1.1: the default (HTTP/2) offers an h2c upgrade on http://, which the broker's web server
        // accepts, and a multi-megabyte /metrics answer over it was sometimes misread ("Frame type(115) ...
        // exceeds MAX_FRAME_SIZE"), losing the broker's metrics for the run.
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The body of a successful (2xx) answer.
     *
     * @throws BrokerMetricsException if the broker cannot be reached or answers with another status
     */
    String get(URI url) {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(REQUEST_TIMEOUT)
                .header("Authorization", authorization).header("Accept", "application/json, text/plain").GET()
                .build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BrokerMetricsException(shown(url) + " cannot be read (" + reason(e) + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerMetricsException(shown(url) + " was not read: interrupted", e);
        }
        int status = response.statusCode();
        if (status / 100 != 2) {
            throw new BrokerMetricsException(shown(url) + " answered HTTP " + status + switch (status) {
                case 401 -> " (the user of --uri is not allowed to use the management API: it needs the "
                        + "monitoring or management tag)";
                case 403 -> " (forbidden)";
                case 404 -> " (not found: is this the right plugin and port?)";
                default -> "";
            }, null);
        }
        return response.body();
    }

    /** The URL without its query, for messages. */
    private static String shown(URI url) {
        String s = url.toString();
        int q = s.indexOf('?');
        return q < 0 ? s : s.substring(0, q);
    }

    private static String reason(IOException e) {
        if (e instanceof java.net.ConnectException) {
            return "connection refused: the plugin is not enabled or listens elsewhere";
        }
        if (e instanceof java.net.http.HttpTimeoutException) {
            return "no answer within " + REQUEST_TIMEOUT.toSeconds() + " s";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
