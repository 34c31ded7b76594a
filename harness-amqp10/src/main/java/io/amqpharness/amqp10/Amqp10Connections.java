package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import java.util.HashMap;
import java.util.Map;

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
    private final Map<String, Entry> connections = new HashMap<>();

    /** A name's connection: null until opened (its monitor held while opening); users under the pool's lock. */
    private static final class Entry {
        volatile EngineConnection connection;
        int users;
    }

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
        Entry e;
        synchronized (this) {
            e = connections.get(name);
            if (e == null || e.connection != null && e.connection.failure() != null) {
                e = new Entry();
                connections.put(name, e);
            }
            e.users++;
        }
        synchronized (e) {
            if (e.connection == null) {
                try {
                    e.connection = open(name);
                } catch (RuntimeException x) {
                    synchronized (this) {
                        if (--e.users <= 0 && connections.get(name) == e) {
                            connections.remove(name);
                        }
                    }
                    throw x;
                }
            }
            return e.connection;
        }
    }

    /**
     * Lets go of a connection; the last user closes it. A connection that a newer one of the same
     * name has replaced (after it failed) is closed, and the newer one's users are left alone.
     */
    void release(String name, EngineConnection connection) {
        synchronized (this) {
            Entry e = connections.get(name);
            if (e != null && e.connection == connection) {
                if (--e.users > 0) {
                    return;
                }
                connections.remove(name);
            }
        }
        // Closed outside the lock: closing waits for the broker's answer.
        connection.close(CLOSE_TIMEOUT_MILLIS);
    }

    /** Closes every pooled connection. */
    void closeAll() {
        java.util.List<Entry> all;
        synchronized (this) {
            all = new java.util.ArrayList<>(connections.values());
            connections.clear();
        }
        for (Entry e : all) {
            if (e.connection != null) {
                e.connection.close(CLOSE_TIMEOUT_MILLIS);
            }
        }
    }
}
