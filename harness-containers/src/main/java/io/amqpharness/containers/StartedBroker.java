package io.amqpharness.containers;

import java.net.URI;
import java.util.Optional;

/**
 * A broker that answered an AMQP handshake: its address, identity and, when the harness started
 * it, the means to stop it.
 */
public final class StartedBroker implements AutoCloseable {
    private final String uri;
    private final String product;
    private final String version;
    private final Optional<URI> managementUri;
    private final AutoCloseable owned;

    StartedBroker(String uri, String product, String version, Optional<URI> managementUri, AutoCloseable owned) {
        this.uri = uri;
        this.product = product;
        this.version = version;
        this.managementUri = managementUri;
        this.owned = owned;
    }

    /** The AMQP address, {@code amqp://guest:guest@host:port/%2F}. */
    public String uri() {
        return uri;
    }

    /** The server product, {@code RabbitMQ}. */
    public String product() {
        return product;
    }

    /** The server version, for example {@code 4.1.4}. */
    public String version() {
        return version;
    }

    /** The HTTP API base, when the management plugin is reachable. */
    public Optional<URI> managementUri() {
        return managementUri;
    }

    /** True if closing this object stops a broker the harness started. */
    public boolean owned() {
        return owned != null;
    }

    /** Stops the broker if the harness started it; otherwise does nothing. */
    @Override
    public void close() throws Exception {
        if (owned != null) {
            owned.close();
        }
    }
}
