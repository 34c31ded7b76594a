package io.amqpharness.fault;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * GET and DELETE on the management API, trying each node's API in turn (a stopped node's is down) and asking the
 * one that answered last first. Basic authentication with the run's user; messages name the URL, never the
 * password. Called from one thread at a time.
 */
final class Management {
    private static final int TIMEOUT_MILLIS = 5_000;
    private final List<URI> apis;
    private final String authorization;
    private int answered;

    /** @param apis the management API's base URLs ({@code http://localhost:15672/api}), first one first */
    Management(List<URI> apis, String user, String password) {
        this.apis = List.copyOf(apis);
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** The body of {@code GET path} ({@code /connections}). */
    String get(String path) throws IOException {
        return call("GET", path, Map.of());
    }

    /** {@code DELETE path}; a 404 (already gone) is fine. */
    void delete(String path, Map<String, String> headers) throws IOException {
        call("DELETE", path, headers);
    }

    private String call(String method, String path, Map<String, String> headers) throws IOException {
        IOException last = null;
        for (int k = 0; k < apis.size(); k++) {
            int i = (answered + k) % apis.size();
            URI url = URI.create(apis.get(i) + path);
            try {
                HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
                c.setConnectTimeout(TIMEOUT_MILLIS);
                c.setReadTimeout(TIMEOUT_MILLIS);
                c.setRequestMethod(method);
                c.setRequestProperty("Authorization", authorization);
                c.setRequestProperty("Accept", "application/json");
                headers.forEach(c::setRequestProperty);
                int status = c.getResponseCode();
                if (status / 100 == 2 || (method.equals("DELETE") && status == 404)) {
                    answered = i;
                    try (InputStream in = status / 100 == 2 ? c.getInputStream() : c.getErrorStream()) {
                        return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
                last = new IOException(method + " " + url + " answered HTTP " + status);
            } catch (IOException e) {
                last = new IOException(method + " " + url + " failed (" + e.getMessage() + ")", e);
            }
        }
        throw last != null ? last : new IOException("no management API to ask");
    }
}
