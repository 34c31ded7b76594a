package io.amqpharness.broker;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * HTTP GETs to the broker's management or Prometheus plugin, with the user and password of the
 * AMQP URI sent as basic authentication. Failures become a {@link BrokerMetricsException} whose
 * sentence names the URL (which never carries credentials) but never the password. Thread-safe.
 *
 * <p>{@link HttpURLConnection}, not {@code java.net.http.HttpClient}: a sample a second needs no
 * asynchronous client, and that one (its futures, its selector thread, a TLS context even for
 * {@code http://}) made a 1,000,000-message run of seed 001 cost about 1.5 CPU-s more than one
 * without sampling, mostly class loading and compiling; with this class, and the Prometheus parser
 * without a regex per line, about 0.7 CPU-s (bench/broker-sampling.sh). It speaks HTTP/1.1 only,
 * so it never offers the h2c upgrade that once made a multi-megabyte /metrics answer misread. The
 * JDK keeps its connections alive between samples.
 */
final class BrokerHttp {
    /** How long a connection attempt may take. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** How long the answer may keep the reader waiting, at its start or between two reads. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(3);

    private final String authorization;

    BrokerHttp(String user, String password) {
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The body of a successful (2xx) answer.
     *
     * @throws BrokerMetricsException if the broker cannot be reached or answers with another status
     */
    String get(URI url) {
        int status;
        try {
            HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
            c.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
            c.setReadTimeout((int) REQUEST_TIMEOUT.toMillis());
            c.setInstanceFollowRedirects(true);
            c.setUseCaches(false);
            c.setRequestProperty("Authorization", authorization);
            c.setRequestProperty("Accept", "application/json, text/plain");
            status = c.getResponseCode();
            if (status / 100 == 2) {
                try (InputStream in = c.getInputStream()) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            // Read the error body to its end, so that the connection can serve the next sample.
            try (InputStream err = c.getErrorStream()) {
                if (err != null) {
                    err.readAllBytes();
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new BrokerMetricsException(shown(url) + " cannot be read (" + reason(e) + ")", e);
        }
        throw new BrokerMetricsException(shown(url) + " answered HTTP " + status + switch (status) {
            case 401 -> " (the user of --uri is not allowed to use the management API: it needs the "
                    + "monitoring or management tag)";
            case 403 -> " (forbidden)";
            case 404 -> " (not found: is this the right plugin and port?)";
            default -> "";
        }, null);
    }

    /** The URL without its query, for messages. */
    private static String shown(URI url) {
        String s = url.toString();
        int q = s.indexOf('?');
        return q < 0 ? s : s.substring(0, q);
    }

    private static String reason(Exception e) {
        if (e instanceof java.net.ConnectException) {
            return "connection refused: the plugin is not enabled or listens elsewhere";
        }
        if (e instanceof java.net.SocketTimeoutException) {
            return "no answer within " + REQUEST_TIMEOUT.toSeconds() + " s";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
