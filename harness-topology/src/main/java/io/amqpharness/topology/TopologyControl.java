package io.amqpharness.topology;

import com.rabbitmq.client.Connection;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.Rendezvous;
import io.amqpharness.spi.TopologyPlan;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The AMQP 0.9.1 connection a driver declares, inspects and deletes a run's topology over, and the
 * {@link BrokerControl} of both AMQP drivers: it is the one way to declare queues, exchanges and
 * bindings that works the same on RabbitMQ 3.x and 4.x, and its rendezvous ({@link BrokerRendezvous})
 * opens a connection of its own from the same pool. A connection the broker dropped (a restart) is
 * opened again on next use; when that fails too, deleting does nothing and queue depths are unknown,
 * rather than failing the end of a run. Thread-safe.
 */
public final class TopologyControl implements BrokerControl, AutoCloseable {
    private final ConnectionPool pool;
    private final String name;
    /** The name of a rendezvous's connection, as the broker shows it. */
    private final String barrierName;
    private Connection connection;

    private TopologyControl(ConnectionPool pool, String name, String barrierName, Connection connection) {
        this.pool = pool;
        this.name = name;
        this.barrierName = barrierName;
        this.connection = connection;
    }

    /**
     * Opens the control connection of run {@code runId}, named {@code harness-RUN-control} (and a
     * rendezvous's {@code harness-RUN-barrier}).
     *
     * @param pool  where connections to the broker come from
     * @param runId the run's id
     * @throws io.amqpharness.spi.BrokerUnreachableException if the broker cannot be reached or refuses the login
     */
    public static TopologyControl forRun(ConnectionPool pool, String runId) {
        String name = "harness-" + runId + "-control";
        return new TopologyControl(pool, name, "harness-" + runId + "-barrier", pool.open(name));
    }

    /** The connection, opened again if the broker dropped it. */
    private synchronized Connection connection() {
        if (!connection.isOpen()) {
            connection = pool.open(name);
        }
        return connection;
    }

    private java.util.Optional<Connection> connectionIfAny() {
        try {
            return java.util.Optional.of(connection());
        } catch (RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    /** The broker's properties from the connection handshake (product, version, platform, ...). */
    public Map<String, Object> serverProperties() {
        return connection().getServerProperties();
    }

    /** Declares what the plan asks for; see {@link TopologyClient#declare(TopologyPlan)}. */
    @Override
    public DeclaredTopology declare(TopologyPlan plan) {
        return new TopologyClient(connection()).declare(plan);
    }

    /** Deletes what the run declared, if the broker can be reached. */
    @Override
    public void delete(DeclaredTopology topology) {
        connectionIfAny().ifPresent(c -> new TopologyClient(c).delete(topology));
    }

    /** Messages ready in the queue, empty if unknown (the broker or the queue is gone). */
    @Override
    public OptionalLong queueDepth(String queue) {
        return connectionIfAny().map(c -> new TopologyClient(c).depth(queue)).orElse(OptionalLong.empty());
    }

    /** A rendezvous over AMQP 0.9.1 on a connection of its own ({@link BrokerRendezvous}). */
    @Override
    public Rendezvous rendezvous(String rendezvousName) {
        return BrokerRendezvous.open(pool, barrierName, rendezvousName);
    }

    @Override
    public synchronized void close() {
        ConnectionPool.closeQuietly(connection);
    }
}
