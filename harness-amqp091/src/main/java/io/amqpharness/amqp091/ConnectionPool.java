package io.amqpharness.amqp091;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerUnreachableException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Connections by name, shared by the links that ask for the same name and closed when the last
 * one lets go. Thread-safe.
 */
final class ConnectionPool {
    private final ConnectionFactory factory;
    private final BrokerUri uri;
    private final Map<String, Entry> connections = new HashMap<>();

    private static final class Entry {
        final Connection connection;
        int users;

        Entry(Connection connection) {
            this.connection = connection;
        }
    }

    ConnectionPool(ConnectionFactory factory, BrokerUri uri) {
        this.factory = factory;
        this.uri = uri;
    }

    /** Opens a new connection that is not shared. */
    Connection open(String name) {
        try {
            return factory.newConnection(name);
        } catch (IOException | TimeoutException e) {
            throw new BrokerUnreachableException(Errors.connectFailure(uri, e), e);
        }
    }

    synchronized Connection acquire(String name) {
        Entry e = connections.get(name);
        if (e == null || !e.connection.isOpen()) {
            e = new Entry(open(name));
            connections.put(name, e);
        }
        e.users++;
        return e.connection;
    }

    synchronized void release(String name) {
        Entry e = connections.get(name);
        if (e != null && --e.users <= 0) {
            connections.remove(name);
            closeQuietly(e.connection);
        }
    }

    synchronized void closeAll() {
        for (Entry e : connections.values()) {
            closeQuietly(e.connection);
        }
        connections.clear();
    }

    static void closeQuietly(Connection c) {
        if (c != null && c.isOpen()) {
            try {
                c.close(5_000);
            } catch (IOException | RuntimeException e) {
                c.abort(1_000);
            }
        }
    }
}
