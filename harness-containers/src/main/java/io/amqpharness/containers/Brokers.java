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
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Finds or starts RabbitMQ brokers: probes an address over AMQP 0.9.1, tells whether Docker is
 * there, starts a throwaway container. Stateless; the Docker check is remembered per JVM.
 */
public final class Brokers {
    /** The image started when none is named and {@value #IMAGE_SETTING} is unset: RabbitMQ 4.1 with the management plugin. */
    public static final String DEFAULT_IMAGE = "rabbitmq:4.1-management";
    /** Plugins enabled in a started container. */
    public static final String PLUGINS = "rabbitmq_management,rabbitmq_prometheus,rabbitmq_stream,rabbitmq_amqp1_0";

    /**
     * The setting (system property or environment variable) naming the RabbitMQ image every container
     * path starts when none is named: {@code --broker container}, the JUnit extension, the container tests.
     */
    public static final String IMAGE_SETTING = "HARNESS_RABBITMQ_IMAGE";
    /** The RabbitMQ 4.0.5 image scripts/build-images.sh makes from Debian packages, for machines without a registry. */
    public static final String LOCAL_IMAGE = "amqp-harness/rabbitmq:4.0.5";
    /** How long a started broker may take to log "Server startup complete". */
    static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

    private static volatile Optional<String> docker;

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
     * True if a Docker engine answers and Testcontainers can use it. Testcontainers is asked only
     * when a socket, DOCKER_HOST or a Testcontainers configuration hints at one (its full probe takes
     * seconds); the answer is kept for the JVM's life.
     */
    public static boolean dockerAvailable() {
        return dockerProblem().isEmpty();
    }

    /** Why no container can be started (one sentence without a final period), or empty if one can. */
    public static Optional<String> dockerProblem() {
        Optional<String> known = docker;
        if (known != null) {
            return known;
        }
        boolean hint = System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        Optional<String> answer;
        if (!hint) {
            answer = Optional.of("no Docker engine answers (" + whereDockerWasLookedFor() + "); "
                    + "scripts/ensure-docker.sh starts one on Debian");
        } else {
            try {
                answer = Containers.problem();
            } catch (LinkageError e) {
                answer = Optional.of("Testcontainers cannot be loaded (" + e + ")");
            }
        }
        docker = answer;
        return answer;
    }

    /** Where a Docker engine was looked for, for messages: DOCKER_HOST and the default socket. */
    static String whereDockerWasLookedFor() {
        String host = System.getenv("DOCKER_HOST");
        Path socket = Path.of("/var/run/docker.sock");
        return (host == null ? "DOCKER_HOST is unset" : "DOCKER_HOST is " + host) + " and "
                + (Files.exists(socket) ? socket + " does not answer" : "there is no " + socket);
    }

    /**
     * Why {@code image} cannot be started (one sentence naming it and how to build or pull one,
     * without a final period), or empty when it is on this machine or was just pulled. Needs Docker.
     */
    public static Optional<String> imageProblem(String image) {
        Optional<String> problem = dockerProblem();
        if (problem.isPresent()) {
            return problem;
        }
        try {
            Containers.ensureImage(image);
            return Optional.empty();
        } catch (IllegalStateException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * The image started when none is named: {@value #IMAGE_SETTING} (system property, then
     * environment variable) if set, else {@value #DEFAULT_IMAGE}.
     */
    public static String defaultImage() {
        String v = System.getProperty(IMAGE_SETTING);
        if (v == null || v.isBlank()) {
            v = System.getenv(IMAGE_SETTING);
        }
        return v == null || v.isBlank() ? DEFAULT_IMAGE : v.strip();
    }

    /**
     * Starts a throwaway broker from {@code image} (a RabbitMQ image; {@link #defaultImage()} if
     * null) with {@link #PLUGINS}, its ports published on 127.0.0.1 only, and waits until it
     * answers. Close the result to remove it; a shutdown hook removes it at JVM exit otherwise.
     *
     * @throws IllegalStateException with a sentence if Docker is missing, the image is not there
     *                               and cannot be pulled, or the broker never becomes ready
     */
    public static StartedBroker startContainer(String image) {
        return startContainer(image, Duration.ZERO);
    }

    /**
     * As {@link #startContainer(String)}, but at JVM exit the shutdown hook first waits up to
     * {@code exitGrace} for the result to be closed (a run draining after Ctrl-C still needs its
     * broker) before it removes the container.
     */
    public static StartedBroker startContainer(String image, Duration exitGrace) {
        Optional<String> problem = dockerProblem();
        if (problem.isPresent()) {
            throw new IllegalStateException(problem.get());
        }
        return Containers.start(image == null || image.isBlank() ? defaultImage() : image, STARTUP_TIMEOUT, exitGrace);
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
