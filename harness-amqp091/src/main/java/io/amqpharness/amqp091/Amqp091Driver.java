package io.amqpharness.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.topology.AmqpErrors;
import io.amqpharness.topology.ConnectionPool;
import io.amqpharness.topology.TopologyControl;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * AMQP 0.9.1 over amqp-client: one control connection for topology, and one connection and
 * channel per link unless links share a connection name. Automatic recovery is off: a load
 * generator reports a lost connection instead of silently hiding it.
 */
final class Amqp091Driver implements ProtocolDriver {
    /** RabbitMQ's pseudo-queue for direct reply-to. */
    static final String DIRECT_REPLY_TO = "amq.rabbitmq.reply-to";

    private final DriverSettings settings;
    private final BrokerUri uri;
    private final ConnectionPool pool;
    /** NIO threads shared by the run's connections ({@code --nio-threads}, or automatic); 0 for blocking I/O. */
    private final int ioThreads;
    /** Shared I/O threads and executors when the run has many connections ({@code --nio-threads}). */
    private final java.util.Optional<SharedIo> sharedIo;
    /** In blocking I/O: consumer callbacks on the reader threads while none may wait. */
    private final java.util.Optional<DeliveryDispatch> dispatch;
    /** In NIO mode: the prefetch of consumers that acknowledge, and the note about it. */
    private final java.util.Optional<NioPrefetch> nioPrefetch;
    /** Connections above which the run's connections share executors even with blocking I/O. */
    static final int SHARED_EXECUTORS_ABOVE = 16;
    /** Publishes wait in the socket until the publisher waits ({@link CorkedSockets}): blocking I/O over plain TCP. */
    private final boolean heldWrites;
    private TopologyControl control;

    Amqp091Driver(DriverSettings settings) {
        this.settings = settings;
        this.uri = settings.uri();
        com.rabbitmq.client.ConnectionFactory factory = ConnectionPool.factory(uri, settings.tls());
        int planned = settings.connections().planned();
        this.ioThreads = settings.connections().nioThreads();
        // Many connections share their heartbeat and shutdown threads, in blocking I/O too. In blocking I/O
        // consumers are called on their connection's reader thread (or a thread per busy channel once one may
        // wait); NIO's few I/O threads hand them to a pool instead: one shared pool, or amqp-client's pool per
        // connection for consumers that sleep in the callback.
        this.sharedIo = ioThreads > 0 || planned > SHARED_EXECUTORS_ABOVE
                ? java.util.Optional.of(SharedIo.apply(factory, ioThreads, uri.tls() && !settings.tls().insecure(),
                        ioThreads > 0 && !settings.connections().consumersWait()))
                : java.util.Optional.empty();
        this.dispatch = ioThreads == 0 ? java.util.Optional.of(new DeliveryDispatch()) : java.util.Optional.empty();
        this.nioPrefetch = ioThreads > 0 ? java.util.Optional.of(new NioPrefetch()) : java.util.Optional.empty();
        dispatch.ifPresent(factory::setSharedExecutor);
        this.heldWrites = ioThreads == 0 && !uri.tls();
        if (heldWrites) {
            factory.setSocketFactory(new CorkedSockets());
        }
        this.pool = new ConnectionPool(factory, settings.addresses());
    }

    /** Facts for the result: the I/O mode the run's connections used. */
    @Override
    public Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("io", ioThreads > 0 ? "nio, " + ioThreads + " threads shared" : "blocking, a thread per connection");
        facts.put("consumer dispatch", dispatch.map(d -> d.inline() ? "on each connection's reader thread"
                : "a thread per busy channel (a consumer may wait)").orElseGet(() -> sharedIo.orElseThrow().sharesDispatch()
                        ? "a pool shared by the connections" : "a pool per connection"));
        facts.putAll(pool.placement());
        return facts;
    }

    @Override
    public BrokerInfo connect() {
        control = TopologyControl.forRun(pool, settings.runId());
        Map<String, String> props = new LinkedHashMap<>();
        control.serverProperties().forEach((k, v) -> {
            if (!(v instanceof Map)) {
                props.put(k, String.valueOf(v));
            }
        });
        return new BrokerInfo(props.getOrDefault("product", "unknown"), props.getOrDefault("version", "unknown"),
                props.getOrDefault("platform", "unknown"), props);
    }

    @Override
    public BrokerControl control() {
        return requireControl();
    }

    @Override
    public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
        Connection c = pool.acquire(spec.connectionName());
        try {
            Channel ch = c.createChannel();
            return new Amqp091Publisher(ch, spec, outcomes, () -> pool.release(spec.connectionName(), c),
                    ioThreads > 0, heldWrites);
        } catch (IOException | RuntimeException e) {
            pool.release(spec.connectionName(), c);
            throw new DriverException(AmqpErrors.operationFailure("Opening publisher " + spec.index(), e), e);
        }
    }

    @Override
    public PublisherLink openRequester(PublisherSpec spec, PublishOutcomeListener outcomes, DeliveryListener replies) {
        Connection c = pool.acquire(spec.connectionName());
        try {
            Channel ch = c.createChannel();
            dispatch.ifPresent(d -> d.consumerStarts(replies.mayWait()));
            // Direct reply-to: consume the pseudo-queue (no-ack) on this channel before the first publish.
            ch.basicConsume(DIRECT_REPLY_TO, true, new DefaultConsumer(ch) {
                @Override
                public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
                    replies.delivered(envelope.getDeliveryTag(), body, 0, body.length, false, properties.getAppId());
                }
            });
            AMQP.BasicProperties props = Amqp091Publisher.properties(spec).builder().replyTo(DIRECT_REPLY_TO).build();
            return new Amqp091Publisher(ch, spec, outcomes, () -> pool.release(spec.connectionName(), c), props,
                    ioThreads > 0, heldWrites);
        } catch (IOException | RuntimeException e) {
            pool.release(spec.connectionName(), c);
            throw new DriverException(AmqpErrors.operationFailure("Opening publisher " + spec.index()
                    + " with direct reply-to", e), e);
        }
    }

    @Override
    public ConsumerLink openConsumer(ConsumerSpec spec) {
        Connection c = pool.acquire(spec.connectionName());
        try {
            Channel ch = c.createChannel();
            return new Amqp091Consumer(ch, spec, () -> pool.release(spec.connectionName(), c), dispatch,
                    nioPrefetch.map(n -> n.of(spec)).orElse(spec.prefetch()));
        } catch (IOException | RuntimeException e) {
            pool.release(spec.connectionName(), c);
            throw new DriverException(AmqpErrors.operationFailure("Opening consumer " + spec.index(), e), e);
        }
    }

    @Override
    public java.util.List<String> notes() {
        return nioPrefetch.map(NioPrefetch::notes).orElse(java.util.List.of());
    }

    private TopologyControl requireControl() {
        if (control == null) {
            throw new IllegalStateException("connect() first");
        }
        return control;
    }

    @Override
    public void close() {
        pool.closeAll();
        if (control != null) {
            control.close();
        }
        sharedIo.ifPresent(SharedIo::close);
        dispatch.ifPresent(DeliveryDispatch::close);
    }
}
