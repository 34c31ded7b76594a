package io.amqpharness.junit;

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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Supplies a {@link RabbitMQBroker} to test methods and constructors that declare one. The
 * broker is found once per test run, in this order:
 * <ol>
 *   <li>{@code RABBITMQ_URI} (environment variable or system property), used as it is;</li>
 *   <li>a Testcontainers {@code RabbitMQContainer} ({@value #DEFAULT_IMAGE}, or the image in
 *       {@code RABBITMQ_IMAGE}) when Docker is available, with the stream, AMQP 1.0, management
 *       and Prometheus plugins;</li>
 *   <li>a broker already listening on {@code localhost:5672} (guest/guest);</li>
 *   <li>otherwise the test is skipped, with a message saying why.</li>
 * </ol>
 */
public final class BrokerExtension implements ParameterResolver {
    /** The image started when Docker is available and no image is named. */
    public static final String DEFAULT_IMAGE = "rabbitmq:4.1-management";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BrokerExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == RabbitMQBroker.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        Resolution r = extension.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent("broker", k -> resolve(), Resolution.class);
        if (r.broker == null) {
            Assumptions.abort(r.skipReason);
        }
        return r.broker;
    }

    /** The broker found, or why there is none; closing it stops an owned container. */
    static final class Resolution implements AutoCloseable {
        final RabbitMQBroker broker;
        final String skipReason;

        Resolution(RabbitMQBroker broker, String skipReason) {
            this.broker = broker;
            this.skipReason = skipReason;
        }

        @Override
        public void close() throws Exception {
            if (broker != null) {
                broker.close();
            }
        }
    }

    static Resolution resolve() {
        String configured = setting("RABBITMQ_URI");
        if (configured != null && !configured.isBlank()) {
            return new Resolution(probe(configured, BrokerSource.ENVIRONMENT, Optional.empty(), null), null);
        }
        if (dockerAvailable()) {
            try {
                return new Resolution(Containers.start(imageName()), null);
            } catch (RuntimeException e) {
                // Docker answered but could not run the broker: fall back to a local one.
                System.err.println("[amqp-harness] could not start a RabbitMQ container (" + e.getMessage()
                        + "); trying localhost:5672");
            }
        }
        if (listening("localhost", 5672)) {
            try {
                return new Resolution(probe("amqp://guest:guest@localhost:5672/%2F", BrokerSource.LOCAL,
                        managementAt("localhost", 15672), null), null);
            } catch (RuntimeException e) {
                return new Resolution(null, "A broker listens on localhost:5672 but the AMQP handshake failed ("
                        + e.getMessage() + "); set RABBITMQ_URI.");
            }
        }
        return new Resolution(null, "No RabbitMQ broker: RABBITMQ_URI is not set, Docker is not available, "
                + "and nothing listens on localhost:5672.");
    }

    static String imageName() {
        String image = setting("RABBITMQ_IMAGE");
        return image == null || image.isBlank() ? DEFAULT_IMAGE : image;
    }

    static RabbitMQBroker probe(String uri, BrokerSource source, Optional<URI> management, AutoCloseable owned) {
        ConnectionFactory f = new ConnectionFactory();
        try {
            f.setUri(uri);
        } catch (Exception e) {
            throw new IllegalArgumentException("RABBITMQ_URI is not a valid amqp:// address: " + e.getMessage(), e);
        }
        f.setConnectionTimeout(5_000);
        f.setAutomaticRecoveryEnabled(false);
        try (Connection c = f.newConnection("harness-broker-probe")) {
            String product = String.valueOf(c.getServerProperties().get("product"));
            String version = String.valueOf(c.getServerProperties().get("version"));
            return new RabbitMQBroker(uri, product, version, source, management, owned);
        } catch (IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot connect to " + uri.replaceAll(":[^:@/]*@", ":***@") + ": " + e, e);
        }
    }

    private static String setting(String name) {
        String v = System.getProperty(name);
        return v != null ? v : System.getenv(name);
    }

    /** Docker is asked only when a socket or DOCKER_HOST hints at one: the full probe takes seconds. */
    static boolean dockerAvailable() {
        boolean hint = System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        if (!hint) {
            return false;
        }
        try {
            return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static boolean listening(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static Optional<URI> managementAt(String host, int port) {
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
