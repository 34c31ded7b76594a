package io.amqpharness.topology;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.TopologyPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Declares and deletes topology over an AMQP 0.9.1 connection, the one way that works on both
 * RabbitMQ 3.x and 4.x whatever protocol the run then uses. Each operation that may fail gets a
 * channel of its own, because a refused declaration closes the channel it ran on. Topology that
 * existed before the run is used as it is and never deleted.
 */
public final class TopologyClient {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyClient.class);
    private final Connection connection;

    public TopologyClient(Connection connection) {
        this.connection = connection;
    }

    /** Declares what the plan lists and is missing; returns what it created. */
    public DeclaredTopology declare(TopologyPlan plan) {
        List<String> queues = new ArrayList<>();
        List<String> exchanges = new ArrayList<>();
        if (plan.predeclared()) {
            for (TopologyPlan.Queue q : plan.queues()) {
                if (!queueExists(q.name())) {
                    throw new DriverException("Queue '" + q.name() + "' does not exist, and --predeclared tells the "
                            + "harness not to declare it; declare it first or drop --predeclared.");
                }
            }
            return DeclaredTopology.NOTHING;
        }
        for (TopologyPlan.Exchange x : plan.exchanges()) {
            if (!exchangeExists(x.name())) {
                run("Declaring " + x.type() + " exchange '" + x.name() + "'",
                        ch -> ch.exchangeDeclare(x.name(), x.type(), x.durable()));
                exchanges.add(x.name());
            }
        }
        for (TopologyPlan.Queue q : plan.queues()) {
            if (!q.exclusive() && !queueExists(q.name())) {
                run("Declaring " + q.type().argumentValue() + " queue '" + q.name() + "'",
                        ch -> declareQueue(ch, q));
                queues.add(q.name());
            }
        }
        for (TopologyPlan.Binding b : plan.bindings()) {
            if (plan.queues().stream().anyMatch(q -> q.exclusive() && q.name().equals(b.queue()))) {
                continue; // bound by the consumer that declares it
            }
            run("Binding queue '" + b.queue() + "' to exchange '" + b.exchange() + "'",
                    ch -> ch.queueBind(b.queue(), b.exchange(), b.key(), b.arguments()));
        }
        return new DeclaredTopology(queues, exchanges);
    }

    /** Deletes what {@link #declare} created; failures are logged, not thrown. */
    public void delete(DeclaredTopology topology) {
        for (String q : topology.queues()) {
            try {
                run("Deleting queue '" + q + "'", ch -> ch.queueDelete(q));
            } catch (DriverException e) {
                LOG.warn("{}", e.getMessage());
            }
        }
        for (String x : topology.exchanges()) {
            try {
                run("Deleting exchange '" + x + "'", ch -> ch.exchangeDelete(x));
            } catch (DriverException e) {
                LOG.warn("{}", e.getMessage());
            }
        }
    }

    /**
     * Declares a queue on the given channel with the plan's durability, exclusivity, auto-delete
     * and arguments ({@code x-queue-type} added for quorum queues and streams).
     */
    public static void declareQueue(Channel ch, TopologyPlan.Queue q) throws IOException {
        Map<String, Object> args = new HashMap<>(q.arguments());
        boolean durable = q.durable() || q.type() != QueueType.CLASSIC;
        if (q.type() != QueueType.CLASSIC) {
            args.put("x-queue-type", q.type().argumentValue());
        }
        ch.queueDeclare(q.name(), durable, q.exclusive(), q.autoDelete(), args);
    }

    /** Messages ready in a queue, empty if it cannot be read. */
    public OptionalLong depth(String queue) {
        try (Channel ch = connection.createChannel()) {
            AMQP.Queue.DeclareOk ok = ch.queueDeclarePassive(queue);
            return OptionalLong.of(ok.getMessageCount());
        } catch (IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    public boolean queueExists(String queue) {
        return passive(ch -> ch.queueDeclarePassive(queue));
    }

    public boolean exchangeExists(String exchange) {
        return passive(ch -> ch.exchangeDeclarePassive(exchange));
    }

    private interface ChannelOp {
        void apply(Channel ch) throws IOException;
    }

    private boolean passive(ChannelOp op) {
        Channel ch = openChannel();
        try {
            op.apply(ch);
            return true;
        } catch (IOException e) {
            return false; // 404: the channel is closed by the broker
        } finally {
            closeQuietly(ch);
        }
    }

    private void run(String what, ChannelOp op) {
        Channel ch = openChannel();
        try {
            op.apply(ch);
        } catch (IOException | RuntimeException e) {
            throw new DriverException(AmqpErrors.operationFailure(what, e), e);
        } finally {
            closeQuietly(ch);
        }
    }

    private Channel openChannel() {
        try {
            return connection.createChannel();
        } catch (IOException e) {
            throw new DriverException(AmqpErrors.operationFailure("Opening a channel", e), e);
        }
    }

    /** Closes a channel that may already be closed. */
    public static void closeQuietly(Channel ch) {
        if (ch != null && ch.isOpen()) {
            try {
                ch.close();
            } catch (IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
                // already closing
            }
        }
    }
}
