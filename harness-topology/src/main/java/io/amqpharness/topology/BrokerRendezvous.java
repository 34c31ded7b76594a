package io.amqpharness.topology;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DeliverCallback;
import io.amqpharness.HarnessException;
import io.amqpharness.spi.Rendezvous;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Rendezvous} over AMQP 0.9.1: a non-durable, auto-delete fanout exchange
 * {@code harness.barrier.NAME}, and per instance an exclusive server-named queue bound to it. The
 * broker deletes the exchange when the last instance leaves. Used by both drivers: RabbitMQ serves
 * AMQP 0.9.1 on the port of the run's URI whatever protocol the run speaks.
 */
public final class BrokerRendezvous implements Rendezvous {
    /** The exchange names' prefix: {@code harness.barrier.} followed by the barrier's name. */
    public static final String EXCHANGE_PREFIX = "harness.barrier.";

    private final Connection connection;
    private final Channel channel;
    private final String exchange;
    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

    private BrokerRendezvous(Connection connection, Channel channel, String exchange) {
        this.connection = connection;
        this.channel = channel;
        this.exchange = exchange;
    }

    /**
     * Joins the rendezvous {@code name} on its own connection, named {@code connectionName}.
     *
     * @throws HarnessException if the broker cannot be reached or refuses the exchange or queue
     */
    public static BrokerRendezvous open(ConnectionPool pool, String connectionName, String name) {
        Connection c = pool.open(connectionName);
        String exchange = EXCHANGE_PREFIX + name;
        try {
            Channel ch = c.createChannel();
            ch.exchangeDeclare(exchange, BuiltinExchangeType.FANOUT, false, true, null);
            String queue = ch.queueDeclare("", false, true, true, null).getQueue();
            ch.queueBind(queue, exchange, "");
            BrokerRendezvous r = new BrokerRendezvous(c, ch, exchange);
            DeliverCallback deliver = (tag, d) -> r.received.add(new String(d.getBody(), StandardCharsets.UTF_8));
            ch.basicConsume(queue, true, deliver, tag -> { });
            return r;
        } catch (IOException | RuntimeException e) {
            ConnectionPool.closeQuietly(c);
            throw new HarnessException(AmqpErrors.operationFailure("Setting up the barrier (exchange " + exchange + ")", e), e);
        }
    }

    @Override
    public void announce(String message) {
        try {
            channel.basicPublish(exchange, "", null, message.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            throw new HarnessException(AmqpErrors.operationFailure("Announcing at the barrier", e), e);
        }
    }

    @Override
    public Optional<String> next(Duration wait) throws InterruptedException {
        return Optional.ofNullable(received.poll(wait.toNanos(), TimeUnit.NANOSECONDS));
    }

    @Override
    public void close() {
        ConnectionPool.closeQuietly(connection);
    }
}
