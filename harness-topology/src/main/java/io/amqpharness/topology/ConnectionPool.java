package io.amqpharness.topology;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.AddressResolver;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.AddressOrder;
import io.amqpharness.scenario.TlsSettings;
import io.amqpharness.tls.TlsContexts;
import io.amqpharness.spi.BrokerUnreachableException;
import io.amqpharness.spi.SharedConnections;
import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * AMQP 0.9.1 connections by name, shared by the links that ask for the same name and closed when the last
 * one lets go. Thread-safe: connections of different names open at the same time; links asking for a
 * name that is being opened wait for that one connection. With several broker addresses, each
 * connection is given the whole list in the order {@link AddressOrder} chooses for its name
 * (amqp-client tries them in that order; it does not shuffle them here).
 */
public final class ConnectionPool {
    private final ConnectionFactory factory;
    private final BrokerUri uri;
    private final AddressOrder order;
    private final SharedConnections<Connection> connections =
            new SharedConnections<>(this::open, Connection::isOpen, ConnectionPool::closeQuietly);

    /** Connect timeout: an unreachable broker is reported within seconds. */
    public static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    /** {@link #factory(BrokerUri, TlsSettings)} with the default TLS settings. */
    public static ConnectionFactory factory(BrokerUri uri) {
        return factory(uri, TlsSettings.DEFAULT);
    }

    /**
     * A connection factory for the address: credentials and virtual host from the URI, TLS for
     * {@code amqps} (the broker's certificate verified against {@code tls}'s trust, its host name
     * checked unless {@code tls.insecure()}, a client certificate from {@code tls}'s key store), a
     * {@value #CONNECT_TIMEOUT_MILLIS} ms connect timeout, and automatic recovery off (a load
     * generator reports a lost connection instead of hiding it).
     */
    public static ConnectionFactory factory(BrokerUri uri, TlsSettings tls) {
        ConnectionFactory f = new OrderedAddressFactory();
        f.setHost(uri.host());
        f.setPort(uri.port());
        f.setUsername(uri.username());
        f.setPassword(uri.password());
        f.setVirtualHost(uri.virtualHost());
        if (uri.tls()) {
            f.useSslProtocol(TlsContexts.create(tls));
            if (!tls.insecure()) {
                f.enableHostnameVerification();
            }
        }
        f.setAutomaticRecoveryEnabled(false);
        f.setTopologyRecoveryEnabled(false);
        f.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        f.setHandshakeTimeout(CONNECT_TIMEOUT_MILLIS * 2);
        f.setShutdownTimeout(2_000);
        return f;
    }

    public ConnectionPool(ConnectionFactory factory, BrokerUri uri) {
        this(factory, BrokerAddresses.of(uri));
    }

    /**
     * @param factory   made by {@link #factory}, for the first address (credentials, virtual host, TLS)
     * @param addresses every address; connections of different names start on different ones
     */
    public ConnectionPool(ConnectionFactory factory, BrokerAddresses addresses) {
        this.factory = factory;
        this.uri = addresses.primary();
        this.order = new AddressOrder(addresses);
    }

    /**
     * Opens a new connection that is not shared, on the first address that takes it in the order
     * chosen for {@code name}.
     *
     * @throws BrokerUnreachableException with a sentence naming the (redacted) address
     */
    public Connection open(String name) {
        BrokerAddresses addresses = order.addresses();
        if (addresses.size() == 1) {
            try {
                return factory.newConnection(name);
            } catch (IOException | TimeoutException e) {
                throw new BrokerUnreachableException(AmqpErrors.connectFailure(uri, e), e);
            }
        }
        int start = order.start(name);
        List<Address> list = addresses.startingAt(start).stream().map(u -> new Address(u.host(), u.port())).toList();
        try {
            Connection c = factory.newConnection(list, name);
            order.connected(name, start + offsetOf(list, c));
            return c;
        } catch (IOException | TimeoutException e) {
            throw new BrokerUnreachableException(AmqpErrors.connectFailure(addresses, e), e);
        }
    }

    /** Which element of {@code list} the connection reached (0 if it cannot tell). */
    private static int offsetOf(List<Address> list, Connection c) {
        for (int i = 0; i < list.size(); i++) {
            Address a = list.get(i);
            if (a.getPort() == c.getPort()) {
                try {
                    for (InetAddress ip : InetAddress.getAllByName(a.getHost())) {
                        if (ip.equals(c.getAddress())) {
                            return i;
                        }
                    }
                } catch (IOException e) {
                    // unresolvable now: not this one
                }
            }
        }
        return 0;
    }

    /** A connection factory that tries a list of addresses in the order given (amqp-client shuffles it by default). */
    private static final class OrderedAddressFactory extends ConnectionFactory {
        @Override
        protected AddressResolver createAddressResolver(List<Address> addresses) {
            if (addresses.size() == 1) {
                return super.createAddressResolver(addresses);
            }
            List<Address> copy = List.copyOf(addresses);
            return new AddressResolver() {
                @Override
                public List<Address> getAddresses() {
                    return copy;
                }

                @Override
                public List<Address> maybeShuffle(List<Address> input) {
                    return input;
                }
            };
        }
    }

    /** The connection with this name, opened on first use; call {@link #release} when done. */
    public Connection acquire(String name) {
        return connections.acquire(name);
    }

    /** Connections opened on each address, as {@link AddressOrder#describe()}; empty with one address. */
    public java.util.Map<String, String> placement() {
        return order.describe();
    }

    /**
     * Lets go of {@code connection}; the last user closes it. A connection that a newer one of the
     * same name has replaced (after it closed) is closed, and the newer one's users are left alone.
     *
     * @return true when this call closed the connection, and with it the caller's channels on it
     */
    public boolean release(String name, Connection connection) {
        return connections.release(name, connection);
    }

    /** Closes every pooled connection. */
    public void closeAll() {
        connections.closeAll();
    }

    /** Closes a connection, aborting it if a clean close fails. */
    public static void closeQuietly(Connection c) {
        if (c != null && c.isOpen()) {
            try {
                c.close(5_000);
            } catch (IOException | RuntimeException e) {
                c.abort(1_000);
            }
        }
    }
}
