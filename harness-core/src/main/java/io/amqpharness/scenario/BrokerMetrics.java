package io.amqpharness.scenario;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether and where a run samples the broker's own metrics ({@code --broker-metrics},
 * {@code --no-broker-metrics}). Immutable.
 *
 * <p>The URL is either the management plugin's HTTP API ({@code http://host:15672}, with or
 * without {@code /api}) or a {@code rabbitmq_prometheus} endpoint (a path ending in
 * {@code /metrics}, such as {@code http://host:15692/metrics}). Without one, the run uses the
 * management API on the host of {@code --uri} at the AMQP port plus 10000 (5672 gives 15672;
 * {@code amqps} on 5671 gives {@code https} on 15671), and reads node CPU from the Prometheus
 * endpoint at the AMQP port plus 10020 when that answers (with a management URL given, at its port
 * plus 20). For a stream address the
 * management API is looked for at {@link #managementCandidates}: the one whose broker lists a
 * stream listener on the address's port. Credentials always come from
 * {@code --uri}; a URL carrying its own is refused, so no password is ever written out with it.
 *
 * @param enabled   false for {@code --no-broker-metrics}: the broker is not sampled
 * @param url       the URL given with {@code --broker-metrics}; empty means derived from the AMQP URI
 * @param finalWait {@code --broker-metrics-wait}: at the end of a run, how long at most to wait for the
 *                  broker's per-queue counters to reach the harness's (the wait ends as soon as they
 *                  agree; zero takes the last sample at once); empty means the default, 6 s
 */
public record BrokerMetrics(boolean enabled, Optional<URI> url, Optional<Duration> finalWait) {
    /** The default: sample the broker at the address derived from the AMQP URI. */
    public static final BrokerMetrics DERIVED = new BrokerMetrics(true, Optional.empty(), Optional.empty());
    /** {@code --no-broker-metrics}. */
    public static final BrokerMetrics OFF = new BrokerMetrics(false, Optional.empty(), Optional.empty());

    /** Difference between the AMQP port and the management plugin's port (5672 and 15672). */
    public static final int MANAGEMENT_PORT_OFFSET = 10_000;
    /** Difference between the AMQP port and the Prometheus plugin's port (5672 and 15692). */
    public static final int PROMETHEUS_PORT_OFFSET = 10_020;

    public BrokerMetrics {
        if (!enabled && url.isPresent()) {
            throw new IllegalArgumentException("broker metrics are off but a URL is given");
        }
    }

    /**
     * Parses a {@code --broker-metrics} value: an {@code http} or {@code https} URL with a host
     * and without user information.
     *
     * @return the URL, or empty if {@code text} is not such a URL
     */
    public static Optional<URI> parseUrl(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            URI u = new URI(text.trim());
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null
                    || u.getRawUserInfo() != null) {
                return Optional.empty();
            }
            return Optional.of(u);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** True if {@code url} names a Prometheus endpoint (its path ends in {@code /metrics}) rather than the management API. */
    public static boolean isPrometheus(URI url) {
        String path = url.getPath() == null ? "" : url.getPath();
        return path.endsWith("/metrics") || path.endsWith("/metrics/");
    }

    /** The management API's base URL derived from an AMQP URI: {@code http://host:15672/api} for port 5672. */
    public static URI derivedManagement(BrokerUri amqp) {
        return URI.create((amqp.tls() ? "https" : "http") + "://" + hostPart(amqp) + ":"
                + (amqpPort(amqp) + MANAGEMENT_PORT_OFFSET) + "/api");
    }

    /**
     * Where the management API may be for an address, most likely first. For an AMQP address, only
     * {@link #derivedManagement}. A stream address does not tell: the AMQP port is 120 above the
     * stream port with RabbitMQ's default ports (5552 and 5672), 100 above it in some multi-node
     * layouts (stream 5581, AMQP 5681), so both, then the default management port (15672, or 15671
     * with TLS), on the address's host; the broker's listeners tell which is the node's (see
     * {@code --broker-metrics} to name it instead).
     */
    public static List<URI> managementCandidates(BrokerUri amqp) {
        if (!amqp.stream()) {
            return List.of(derivedManagement(amqp));
        }
        String scheme = amqp.tls() ? "https" : "http";
        Set<URI> out = new LinkedHashSet<>();
        for (int port : new int[] {amqp.port() + STREAM_TO_AMQP + MANAGEMENT_PORT_OFFSET,
                amqp.port() + 100 + MANAGEMENT_PORT_OFFSET, amqp.tls() ? 15671 : 15672}) {
            out.add(URI.create(scheme + "://" + hostPart(amqp) + ":" + port + "/api"));
        }
        return List.copyOf(out);
    }

    /** The Prometheus endpoint derived from an AMQP URI: {@code http://host:15692/metrics} for port 5672. */
    public static URI derivedPrometheus(BrokerUri amqp) {
        return URI.create((amqp.tls() ? "https" : "http") + "://" + hostPart(amqp) + ":"
                + (amqpPort(amqp) + PROMETHEUS_PORT_OFFSET) + "/metrics");
    }

    /**
     * The AMQP port the derived URLs count from: for a stream protocol address, its port + 120, where
     * RabbitMQ's AMQP listener is by default beside the stream one (5552 gives 5672, 5551 gives 5671).
     */
    private static int amqpPort(BrokerUri uri) {
        return uri.stream() ? uri.port() + STREAM_TO_AMQP : uri.port();
    }

    /** RabbitMQ's default AMQP port minus its default stream port (5672 - 5552). */
    private static final int STREAM_TO_AMQP = 120;

    /**
     * The Prometheus endpoint next to a management API URL: same host, port + 20 (15672 gives
     * {@code http://host:15692/metrics}), where RabbitMQ's two plugins listen by default.
     */
    public static URI prometheusBeside(URI management) {
        int port = management.getPort() > 0 ? management.getPort()
                : "https".equalsIgnoreCase(management.getScheme()) ? 443 : 80;
        return URI.create(management.getScheme() + "://" + management.getRawAuthority().replaceAll(":\\d+$", "")
                + ":" + (port + PROMETHEUS_PORT_OFFSET - MANAGEMENT_PORT_OFFSET) + "/metrics");
    }

    private static String hostPart(BrokerUri amqp) {
        String host = amqp.host();
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
