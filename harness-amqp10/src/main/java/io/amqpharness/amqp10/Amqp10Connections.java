package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerUnreachableException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.qpid.protonj2.client.Client;
import org.apache.qpid.protonj2.client.ClientOptions;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.ConnectionOptions;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * AMQP 1.0 connections by name, shared by the links that ask for the same name and closed when
 * the last one lets go. Each connection has its own protonj2 {@link Client} whose container id is
 * the connection name, so the broker's UI shows which harness link it belongs to. Thread-safe.
 */
final class Amqp10Connections {
    /** How long opening a connection (TCP, SASL, open frames) may take: an unreachable broker is reported within seconds. */
    static final long OPEN_TIMEOUT_MILLIS = 5_000;
    /** How long closing a connection or link waits for the broker's answer. */
    static final long CLOSE_TIMEOUT_MILLIS = 5_000;

    private final BrokerUri uri;
    private final Map<String, Entry> connections = new HashMap<>();

    private record Entry(Client client, Connection connection, int users) {
        Entry withUsers(int n) {
            return new Entry(client, connection, n);
        }
    }

    Amqp10Connections(BrokerUri uri) {
        this.uri = uri;
    }

    /**
     * The options every connection uses: SASL PLAIN only with the URI's credentials (protonj2 may
     * otherwise pick ANONYMOUS, which RabbitMQ accepts as its default user whatever the password),
     * the virtual host as {@code vhost:NAME}, TLS for {@code amqps}, and short open and close timeouts.
     */
    static ConnectionOptions options(BrokerUri uri) {
        ConnectionOptions o = new ConnectionOptions()
                .user(uri.username())
                .password(uri.password())
                .virtualHost("vhost:" + uri.virtualHost())
                .openTimeout(OPEN_TIMEOUT_MILLIS)
                .closeTimeout(CLOSE_TIMEOUT_MILLIS)
                .sslEnabled(uri.tls());
        o.saslOptions().addAllowedMechanism("PLAIN");
        return o;
    }

    /**
     * Opens a new connection that is not shared and waits until the broker's open frame arrived.
     *
     * @throws BrokerUnreachableException with a sentence naming the (redacted) address
     */
    Connection open(String name) {
        return openEntry(name).connection();
    }

    private Entry openEntry(String name) {
        Client client = Client.create(new ClientOptions().id(name));
        try {
            Connection c = client.connect(uri.host(), uri.port(), options(uri));
            c.openFuture().get(OPEN_TIMEOUT_MILLIS + 1_000, TimeUnit.MILLISECONDS);
            return new Entry(client, c, 0);
        } catch (ClientException | ExecutionException | TimeoutException e) {
            client.close();
            throw new BrokerUnreachableException(Amqp10Errors.connectFailure(uri, e), e);
        } catch (InterruptedException e) {
            client.close();
            Thread.currentThread().interrupt();
            throw new BrokerUnreachableException("Interrupted while connecting to RabbitMQ at " + uri.redacted() + ".", e);
        }
    }

    /** The connection with this name, opened on first use; call {@link #release} when done. */
    synchronized Connection acquire(String name) {
        Entry e = connections.get(name);
        if (e == null) {
            e = openEntry(name);
        }
        e = e.withUsers(e.users() + 1);
        connections.put(name, e);
        return e.connection();
    }

    /** Lets go of a connection; the last user closes it. */
    synchronized void release(String name) {
        Entry e = connections.get(name);
        if (e == null) {
            return;
        }
        if (e.users() <= 1) {
            connections.remove(name);
            e.client().close();
        } else {
            connections.put(name, e.withUsers(e.users() - 1));
        }
    }

    /** Closes every pooled connection. */
    synchronized void closeAll() {
        for (Entry e : connections.values()) {
            e.client().close();
        }
        connections.clear();
    }

    /** Closes a connection opened with {@link #open} (and its client). */
    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.client().close();
            } catch (RuntimeException e) {
                // closing anyway
            }
        }
    }
}
