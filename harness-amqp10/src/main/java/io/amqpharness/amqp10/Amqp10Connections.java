package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.SharedConnections;

/**
 * AMQP 1.0 connections by name, shared by the links that ask for the same name and closed when
 * the last one lets go. The container id is the connection name, so the broker's UI shows which
 * harness link it belongs to. Thread-safe.
 */
final class Amqp10Connections {
    /** How long opening a connection (TCP, TLS, SASL, open frames) may take: an unreachable broker is reported within seconds. */
    static final long OPEN_TIMEOUT_MILLIS = 5_000;
    /** How long closing a connection or link waits for the broker's answer. */
    static final long CLOSE_TIMEOUT_MILLIS = 5_000;

    private final BrokerUri uri;
    private final java.util.Optional<EngineConnection.Tls> tls;
    private final SharedConnections<EngineConnection> connections = new SharedConnections<>(this::open,
            c -> c.failure() == null, c -> c.close(CLOSE_TIMEOUT_MILLIS));

    Amqp10Connections(BrokerUri uri) {
        this(uri, io.amqpharness.scenario.TlsSettings.DEFAULT);
    }

    /** @param tls how {@code amqps://} connections trust the broker and which certificate they present */
    Amqp10Connections(BrokerUri uri, io.amqpharness.scenario.TlsSettings tls) {
        this.uri = uri;
        this.tls = uri.tls() ? java.util.Optional.of(new EngineConnection.Tls(io.amqpharness.tls.TlsContexts.create(tls)
                .getSocketFactory(), !tls.insecure())) : java.util.Optional.empty();
    }

    /**
     * Opens a new connection that is not shared and waits until the broker's open frame arrived.
     *
     * @throws io.amqpharness.spi.BrokerUnreachableException with a sentence naming the (redacted) address
     */
    EngineConnection open(String name) {
        return EngineConnection.open(name, uri, tls, OPEN_TIMEOUT_MILLIS);
    }

    /**
     * The connection with this name, opened on first use; call {@link #release} when done.
     * Connections of different names open at the same time; users of one name wait for its one open.
     */
    EngineConnection acquire(String name) {
        return connections.acquire(name);
    }

    /**
     * Lets go of a connection; the last user closes it. A connection that a newer one of the same
     * name has replaced (after it failed) is closed, and the newer one's users are left alone.
     */
    void release(String name, EngineConnection connection) {
        connections.release(name, connection);
    }

    /** Closes every pooled connection. */
    void closeAll() {
        connections.closeAll();
    }
}
