package io.amqpharness.junit;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import io.amqpharness.containers.StartedBroker;

/**
 * A RabbitMQ broker supplied to a test by {@link BrokerExtension}.
 *
 * <p>Thread-safe and immutable apart from the container it may own, which the extension stops
 * at the end of the test run.
 */
public final class RabbitMQBroker implements AutoCloseable {
    private final StartedBroker broker;
    private final BrokerSource source;

    RabbitMQBroker(StartedBroker broker, BrokerSource source) {
        this.broker = broker;
        this.source = source;
    }

    /** The AMQP address to give the harness ({@code --uri}, {@code Scenario.Builder.uri}). */
    public String uri() {
        return broker.uri();
    }

    /** The server product, {@code RabbitMQ}. */
    public String product() {
        return broker.product();
    }

    /** The server version, for example {@code 3.10.8} or {@code 4.1.4}. */
    public String version() {
        return broker.version();
    }

    /** The major server version: 3 or 4. */
    public int majorVersion() {
        String version = version();
        int dot = version.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** How the broker was obtained. */
    public BrokerSource source() {
        return source;
    }

    /** The HTTP API base ({@code http://host:15672}), when the management plugin is reachable. */
    public Optional<URI> managementUri() {
        return broker.managementUri();
    }

    /** A client for the broker's HTTP API, when the management plugin is reachable. */
    public Optional<ManagementClient> management() {
        return managementUri().map(u -> {
            URI parsed = URI.create(uri());
            String info = parsed.getUserInfo();
            String user = info == null ? "guest" : info.split(":", 2)[0];
            String password = info == null || !info.contains(":") ? "guest" : info.split(":", 2)[1];
            return new ManagementClient(u, user, password);
        });
    }

    /** Opens an AMQP 0.9.1 connection, for tests that inspect the broker (queue depth, properties). */
    public Connection newConnection() throws IOException, TimeoutException {
        ConnectionFactory f = new ConnectionFactory();
        try {
            f.setUri(uri());
        } catch (Exception e) {
            throw new IOException("invalid broker address", e);
        }
        f.setAutomaticRecoveryEnabled(false);
        return f.newConnection("harness-test");
    }

    @Override
    public void close() throws Exception {
        broker.close();
    }

    @Override
    public String toString() {
        return product() + " " + version() + " (" + source.name().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
