package io.amqpharness.containers;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Finds or starts RabbitMQ brokers: probes an address over AMQP 0.9.1, tells whether Docker is
 * there, starts a throwaway container. Stateless; the Docker check is remembered per JVM.
 */
public final class Brokers {
    /** The image started when none is named: a RabbitMQ 4 series with the management plugin. */
    public static final String DEFAULT_IMAGE = "rabbitmq:4.1-management";
    /** Plugins enabled in a started container. */
    public static final String PLUGINS = "rabbitmq_management,rabbitmq_prometheus,rabbitmq_stream,rabbitmq_amqp1_0";

    private static volatile Boolean docker;

    private Brokers() {
    }

    /**
     * Connects to {@code uri}, reads the broker's identity and disconnects.
     *
     * @param managementUri the HTTP API base to remember, if any
     * @param owned         what stops the broker when the result is closed, or {@code null}
     * @throws IllegalStateException with a sentence if the broker does not answer
     */
    public static StartedBroker probe(String uri, Optional<URI> managementUri, AutoCloseable owned) {
        ConnectionFactory f = new ConnectionFactory();
        try {
            f.setUri(uri);
        } catch (Exception e) {
            throw new IllegalArgumentException("not a valid amqp:// address: " + e.getMessage(), e);
        }
        f.setConnectionTimeout(5_000);
        f.setAutomaticRecoveryEnabled(false);
        try (Connection c = f.newConnection("harness-broker-probe")) {
            return new StartedBroker(uri, String.valueOf(c.getServerProperties().get("product")),
                    String.valueOf(c.getServerProperties().get("version")), managementUri, owned);
        } catch (IOException | TimeoutException e) {
            throw new IllegalStateException("cannot connect to " + redact(uri) + ": " + e, e);
        }
    }

    /** The address with its password replaced by {@code ***}, for messages. */
    public static String redact(String uri) {
        return uri.replaceAll(":[^:@/]*@", ":***@");
    }

    /**
     * True if a Docker engine answers. Testcontainers is asked only when a socket, DOCKER_HOST or a
     * Testcontainers configuration hints at one (its full probe takes seconds); the answer is kept.
     */
    public static boolean dockerAvailable() {
        Boolean known = docker;
        if (known != null) {
            return known;
        }
        boolean hint = System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        boolean answer = false;
        if (hint) {
            try {
                answer = org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
            } catch (RuntimeException | LinkageError e) {
                answer = false;
            }
        }
        docker = answer;
        return answer;
    }

    /**
     * Starts a throwaway broker from {@code image} (a RabbitMQ image; {@link #DEFAULT_IMAGE} if
     * null) with {@link #PLUGINS}, and waits until it answers. Close the result to stop it.
     *
     * @throws IllegalStateException with a sentence if Docker is missing or the container fails
     */
    public static StartedBroker startContainer(String image) {
        if (!dockerAvailable()) {
            throw new IllegalStateException("no Docker engine answers (DOCKER_HOST is unset and there is no "
                    + "/var/run/docker.sock)");
        }
        return Containers.start(image == null || image.isBlank() ? DEFAULT_IMAGE : image);
    }

    /** True if something accepts TCP connections on host:port within a second. */
    public static boolean listening(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The HTTP API base at host:port if it answers. */
    public static Optional<URI> managementAt(String host, int port) {
        URI base = URI.create("http://" + host + ":" + port);
        try {
            HttpURLConnection c = (HttpURLConnection) base.resolve("/api/overview").toURL().openConnection();
            c.setConnectTimeout(1_000);
            c.setReadTimeout(2_000);
            int code = c.getResponseCode();
            c.disconnect();
            return code == 200 || code == 401 ? Optional.of(base) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
