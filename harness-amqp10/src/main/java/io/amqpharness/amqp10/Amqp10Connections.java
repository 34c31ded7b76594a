package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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

    /** A pooled connection (opening or open) and how many links use it. */
    private record Entry(CompletableFuture<EngineConnection> connection, int users) {
        Entry withUsers(int n) {
            return new Entry(connection, n);
        }

        boolean failed() {
            EngineConnection c = connection.getNow(null);
            return connection.isCompletedExceptionally() || (c != null && c.failure() != null);
        }
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
     * The connection with this name, opened on first use; call {@link #release} when done. Opening
     * happens outside the pool's lock, so links of different connections open theirs at the same
     * time; links of the same connection wait for the one opening it.
     */
    EngineConnection acquire(String name) {
        CompletableFuture<EngineConnection> mine = null;
        Entry e;
        synchronized (this) {
            e = connections.get(name);
            if (e == null || e.failed()) {
                mine = new CompletableFuture<>();
                e = new Entry(mine, 0);
            }
            e = e.withUsers(e.users() + 1);
            connections.put(name, e);
        }
        if (mine != null) {
            try {
                mine.complete(open(name));
            } catch (RuntimeException x) {
                synchronized (this) {
                    Entry now = connections.get(name);
                    if (now != null && now.connection() == mine) {
                        connections.remove(name);
                    }
                }
                mine.completeExceptionally(x);
                throw x;
            }
        }
        try {
            return e.connection().join();
        } catch (java.util.concurrent.CompletionException x) {
            throw x.getCause() instanceof RuntimeException r ? r : x;
        }
    }

    /**
     * Lets go of a connection; the last user closes it. A connection that a newer one of the same
     * name has replaced (after it failed) is closed, and the newer one's users are left alone.
     */
    void release(String name, EngineConnection connection) {
        boolean close;
        synchronized (this) {
            Entry e = connections.get(name);
            if (e == null || e.connection().getNow(null) != connection) {
                close = true;
            } else if (e.users() <= 1) {
                connections.remove(name);
                close = true;
            } else {
                connections.put(name, e.withUsers(e.users() - 1));
                close = false;
            }
        }
        if (close) {
            connection.close(CLOSE_TIMEOUT_MILLIS); // outside the lock: closing waits for the broker
        }
    }

    /** Closes every pooled connection. */
    void closeAll() {
        List<Entry> all;
        synchronized (this) {
            all = new ArrayList<>(connections.values());
            connections.clear();
        }
        for (Entry e : all) {
            EngineConnection c = e.connection().getNow(null);
            if (c != null) {
                c.close(CLOSE_TIMEOUT_MILLIS);
            }
        }
    }
}
