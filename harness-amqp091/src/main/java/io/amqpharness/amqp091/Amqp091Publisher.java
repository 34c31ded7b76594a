package io.amqpharness.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import io.amqpharness.spi.DriverException;
import io.amqpharness.topology.AmqpErrors;
import io.amqpharness.topology.TopologyClient;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A publisher on its own channel. Properties are built once; the body array is the caller's and
 * is written to the socket before {@code basicPublish} returns (blocking I/O), so it can be
 * reused. Confirm delivery tags are translated to the core's sequence numbers.
 */
final class Amqp091Publisher implements PublisherLink {
    private final Channel channel;
    private final String exchange;
    private final String routingKey;
    private final boolean mandatory;
    private final AMQP.BasicProperties properties;
    private final Runnable onClose;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Delivery tag minus core sequence number; fixed at the first send (0 on a fresh channel). */
    private volatile long tagOffset;
    private boolean started;

    Amqp091Publisher(Channel channel, PublisherSpec spec, PublishOutcomeListener outcomes, Runnable onClose)
            throws IOException {
        this.channel = channel;
        this.exchange = spec.exchange();
        this.routingKey = spec.routingKey();
        this.mandatory = spec.mandatory();
        this.onClose = onClose;
        this.properties = new AMQP.BasicProperties.Builder()
                .deliveryMode(spec.persistent() ? 2 : 1)
                .appId(spec.publisherId())
                .build();
        if (spec.confirms()) {
            channel.confirmSelect();
            channel.addConfirmListener(
                    (tag, multiple) -> outcomes.settled(tag - tagOffset, multiple, PublishOutcome.CONFIRMED),
                    (tag, multiple) -> outcomes.settled(tag - tagOffset, multiple, PublishOutcome.NACKED));
        }
        if (spec.mandatory()) {
            channel.addReturnListener(r -> outcomes.returned(r.getBody(), 0, r.getBody().length));
        }
        channel.addShutdownListener(cause -> {
            if (!cause.isInitiatedByApplication() && !closed.get()) {
                outcomes.failed(new DriverException(
                        "The broker closed publisher " + spec.index() + "'s channel: " + AmqpErrors.replyText(cause) + "."));
            }
        });
    }

    @Override
    public void send(long seq, byte[] body) {
        if (!started) {
            started = true;
            tagOffset = channel.getNextPublishSeqNo() - seq;
        }
        try {
            channel.basicPublish(exchange, routingKey, mandatory, properties, body);
        } catch (IOException | RuntimeException e) {
            throw new DriverException(AmqpErrors.operationFailure("Publishing", e), e);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            TopologyClient.closeQuietly(channel);
            onClose.run();
        }
    }
}
