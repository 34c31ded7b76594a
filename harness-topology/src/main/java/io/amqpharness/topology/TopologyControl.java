package io.amqpharness.topology;

import com.rabbitmq.client.Connection;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.TopologyPlan;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The AMQP 0.9.1 connection a driver declares, inspects and deletes a run's topology over. Both
 * drivers use one: it is the one way to declare queues, exchanges and bindings that works the same
 * on RabbitMQ 3.x and 4.x. Once the connection has gone away, deleting does nothing and queue
 * depths are unknown, rather than failing the end of a run.
 */
public final class TopologyControl implements AutoCloseable {
    private final Connection connection;

    private TopologyControl(Connection connection) {
        this.connection = connection;
    }

    /**
     * Opens the control connection.
     *
     * @param pool where connections to the broker come from
     * @param name the connection's name, as the broker shows it
     * @throws io.amqpharness.spi.BrokerUnreachableException if the broker cannot be reached or refuses the login
     */
    public static TopologyControl open(ConnectionPool pool, String name) {
        return new TopologyControl(pool.open(name));
    }

    /** The broker's properties from the connection handshake (product, version, platform, ...). */
    public Map<String, Object> serverProperties() {
        return connection.getServerProperties();
    }

    /** Declares what the plan asks for; see {@link TopologyClient#declare(TopologyPlan)}. */
    public DeclaredTopology declare(TopologyPlan plan) {
        return new TopologyClient(connection).declare(plan);
    }

    /** Deletes what the run declared, if the connection is still open. */
    public void delete(DeclaredTopology topology) {
        if (connection.isOpen()) {
            new TopologyClient(connection).delete(topology);
        }
    }

    /** Messages ready in the queue, empty if unknown (the connection or the queue is gone). */
    public OptionalLong depth(String queue) {
        return connection.isOpen() ? new TopologyClient(connection).depth(queue) : OptionalLong.empty();
    }

    @Override
    public void close() {
        ConnectionPool.closeQuietly(connection);
    }
}
