package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.AddressOrder;
import io.amqpharness.spi.BrokerUnreachableException;
import io.amqpharness.spi.SharedConnections;
import java.util.List;

/**
 * AMQP 1.0 connections by name, shared by the links that ask for the same name and closed when
 * the last one lets go. The container id is the connection name, so the broker's UI shows which
 * harness link it belongs to. With several broker addresses, a connection tries them in the order
 * {@link AddressOrder} chooses for its name, and the first that takes it wins. Thread-safe.
 */
public final class Amqp10Connections {
    /** How long opening a connection (TCP, TLS, SASL, open frames) may take: an unreachable broker is reported within seconds. */
    static final long OPEN_TIMEOUT_MILLIS = 5_000;
    /** How long closing a connection or link waits for the broker's answer. */
    public static final long CLOSE_TIMEOUT_MILLIS = 5_000;

    private final AddressOrder order;
    private final java.util.Optional<TlsTransport.Settings> tls;
    private final SharedConnections<EngineConnection> connections = new SharedConnections<>(this::open,
            c -> c.failure() == null, c -> c.close(CLOSE_TIMEOUT_MILLIS));

    /**
     * Connections to a broker; none is opened yet.
     *
     * @param addresses the broker's addresses, one or the nodes of a cluster
     * @param tls       how {@code amqps://} connections trust the broker and which certificate they present
     */
    public Amqp10Connections(BrokerAddresses addresses, io.amqpharness.scenario.TlsSettings tls) {
        this.order = new AddressOrder(addresses);
        BrokerUri uri = addresses.primary();
        this.tls = uri.tls() ? java.util.Optional.of(new TlsTransport.Settings(io.amqpharness.tls.TlsContexts.create(tls)
                .getSocketFactory(), !tls.insecure())) : java.util.Optional.empty();
    }

    /**
     * Opens a new connection that is not shared and waits until the broker's open frame arrived.
     *
     * @throws io.amqpharness.spi.BrokerUnreachableException with a sentence naming the (redacted) address
     */
    public EngineConnection open(String name) {
        int start = order.start(name);
        List<BrokerUri> uris = order.addresses().startingAt(start);
        BrokerUnreachableException first = null;
        for (int i = 0; i < uris.size(); i++) {
            try {
                EngineConnection c = EngineConnection.open(name, uris.get(i), tls, OPEN_TIMEOUT_MILLIS);
                order.connected(name, start + i);
                return c;
            } catch (BrokerUnreachableException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (uris.size() == 1) {
            throw first;
        }
        throw new BrokerUnreachableException("None of RabbitMQ's " + uris.size() + " addresses ("
                + order.addresses().redacted() + ") took the connection; the first said: " + first.getMessage(), first);
    }

    /**
     * The connection with this name, opened on first use; call {@link #release} when done.
     * Connections of different names open at the same time; users of one name wait for its one open.
     */
    public EngineConnection acquire(String name) {
        return connections.acquire(name);
    }

    /**
     * Lets go of a connection; the last user closes it. A connection that a newer one of the same
     * name has replaced (after it failed) is closed, and the newer one's users are left alone.
     */
    public void release(String name, EngineConnection connection) {
        connections.release(name, connection);
    }

    /** Connections opened on each address, as {@link AddressOrder#describe()}; empty with one address. */
    public java.util.Map<String, String> placement() {
        return order.describe();
    }

    /** Closes every pooled connection. */
    public void closeAll() {
        connections.closeAll();
    }
}
