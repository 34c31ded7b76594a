package io.amqpharness.amqp091;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DriverContext;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.TopologyPlan;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeoutException;

/**
 * AMQP 0.9.1 over amqp-client: one control connection for topology, and one connection and
 * channel per link unless links share a connection name. Automatic recovery is off: a load
 * generator reports a lost connection instead of silently hiding it.
 */
final class Amqp091Driver implements ProtocolDriver {
    /** Connect timeout: an unreachable broker is reported within seconds. */
    static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private final DriverContext context;
    private final BrokerUri uri;
    private final ConnectionPool pool;
    private Connection control;

    Amqp091Driver(DriverContext context) {
        this.context = context;
        this.uri = context.scenario().uri();
        this.pool = new ConnectionPool(factory(uri), uri);
    }

    static ConnectionFactory factory(BrokerUri uri) {
        ConnectionFactory f = new ConnectionFactory();
        f.setHost(uri.host());
        f.setPort(uri.port());
        f.setUsername(uri.username());
        f.setPassword(uri.password());
        f.setVirtualHost(uri.virtualHost());
        if (uri.tls()) {
            try {
                f.useSslProtocol();
            } catch (java.security.GeneralSecurityException e) {
                throw new DriverException("TLS is not available in this JVM: " + e.getMessage(), e);
            }
        }
        f.setAutomaticRecoveryEnabled(false);
        f.setTopologyRecoveryEnabled(false);
        f.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        f.setHandshakeTimeout(CONNECT_TIMEOUT_MILLIS * 2);
        f.setShutdownTimeout(2_000);
        return f;
    }

    @Override
    public BrokerInfo connect() {
        control = pool.open("harness-" + context.runId() + "-control");
        Map<String, String> props = new LinkedHashMap<>();
        control.getServerProperties().forEach((k, v) -> {
            if (!(v instanceof Map)) {
                props.put(k, String.valueOf(v));
            }
        });
        return new BrokerInfo(props.getOrDefault("product", "unknown"), props.getOrDefault("version", "unknown"),
                props.getOrDefault("platform", "unknown"), props);
    }

    @Override
    public DeclaredTopology declare(TopologyPlan plan) {
        return new Amqp091Topology(requireControl()).declare(plan);
    }

    @Override
    public void delete(DeclaredTopology topology) {
        if (control != null && control.isOpen()) {
            new Amqp091Topology(control).delete(topology);
        }
    }

    @Override
    public OptionalLong queueDepth(String queue) {
        if (control == null || !control.isOpen()) {
            return OptionalLong.empty();
        }
        return new Amqp091Topology(control).depth(queue);
    }

    @Override
    public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
        Connection c = pool.acquire(spec.connectionName());
        try {
            Channel ch = c.createChannel();
            return new Amqp091Publisher(ch, spec, outcomes, () -> pool.release(spec.connectionName()));
        } catch (IOException | RuntimeException e) {
            pool.release(spec.connectionName());
            throw new DriverException(Errors.operationFailure("Opening publisher " + spec.index(), e), e);
        }
    }

    @Override
    public ConsumerLink openConsumer(ConsumerSpec spec) {
        Connection c = pool.acquire(spec.connectionName());
        try {
            Channel ch = c.createChannel();
            return new Amqp091Consumer(ch, spec, () -> pool.release(spec.connectionName()));
        } catch (IOException | RuntimeException e) {
            pool.release(spec.connectionName());
            throw new DriverException(Errors.operationFailure("Opening consumer " + spec.index(), e), e);
        }
    }

    private Connection requireControl() {
        if (control == null) {
            throw new IllegalStateException("connect() first");
        }
        return control;
    }

    @Override
    public void close() {
        pool.closeAll();
        ConnectionPool.closeQuietly(control);
    }

    static void closeQuietly(Channel ch) {
        if (ch != null && ch.isOpen()) {
            try {
                ch.close();
            } catch (IOException | TimeoutException | RuntimeException e) {
                // already closing
            }
        }
    }
}
