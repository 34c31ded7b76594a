package io.amqpharness.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.amqpharness.message.StreamOffsetValue;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverException;
import io.amqpharness.topology.AmqpErrors;
import io.amqpharness.topology.TopologyClient;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A consumer on its own channel: {@code basic.qos} from the prefetch, {@code basic.consume} with
 * the subscription arguments and the stream offset as {@code x-stream-offset} (or a polling loop
 * of {@code basic.get}), acks, nacks and rejects with the multiple flag where it applies.
 */
final class Amqp091Consumer implements ConsumerLink {
    private static final int CANCEL_DRAIN_SECONDS = 5;
    private final Channel channel;
    private final ConsumerSpec spec;
    private final boolean stream;
    /** Offset of the last stream message delivered, or -1 before the first (the channel's dispatch thread writes). */
    private volatile long lastStreamOffset = -1;
    private final Runnable onClose;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Opened when the cancel-ok of the last subscription has been dispatched, after its deliveries. */
    private final CountDownLatch cancelledOk = new CountDownLatch(1);
    private volatile String consumerTag;
    private volatile Poller poller;
    private volatile DefaultConsumer subscription;
    private volatile Map<String, Object> subscriptionArgs;
    private int resubscriptions;
    private final java.util.Optional<DeliveryDispatch> dispatch;
    private final java.util.OptionalInt prefetch;

    /**
     * @param dispatch where the connection runs consumer callbacks, told before subscribing whether this
     *                 consumer's may wait; empty when the connections share a pool
     * @param prefetch the prefetch to ask for: the spec's, or the driver's default where the spec has none
     */
    Amqp091Consumer(Channel channel, ConsumerSpec spec, Runnable onClose, java.util.Optional<DeliveryDispatch> dispatch,
                    java.util.OptionalInt prefetch) throws IOException {
        this.channel = channel;
        this.dispatch = dispatch;
        this.prefetch = prefetch;
        this.spec = spec;
        this.stream = spec.queueType() == io.amqpharness.scenario.QueueType.STREAM;
        this.onClose = onClose;
        if (spec.exclusiveQueue().isPresent()) {
            TopologyClient.declareQueue(channel, spec.exclusiveQueue().get());
        }
    }

    @Override
    public void start(DeliveryListener listener) {
        try {
            if (spec.polling()) {
                poller = new Poller(channel, spec, listener, () -> cancelled.get() || closed.get());
                poller.start();
                return;
            }
            if (prefetch.isPresent()) {
                channel.basicQos(prefetch.getAsInt());
            }
            dispatch.ifPresent(d -> d.consumerStarts(listener.mayWait()));
            Map<String, Object> args = new HashMap<>(spec.arguments());
            spec.streamOffset().ifPresent(o -> args.put("x-stream-offset", StreamOffsetValue.of(o)));
            subscriptionArgs = args;
            subscription = new DefaultConsumer(channel) {
                        @Override
                        public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties,
                                                   byte[] body) {
                            if (stream) {
                                Map<String, Object> headers = properties.getHeaders();
                                if (headers != null && headers.get("x-stream-offset") instanceof Number n) {
                                    lastStreamOffset = n.longValue();
                                }
                            }
                            listener.delivered(envelope.getDeliveryTag(), body, 0, body.length,
                                    envelope.isRedeliver(), properties.getAppId(), properties.getReplyTo());
                        }

                        @Override
                        public void handleCancelOk(String tag) {
                            // Dispatched in order on the channel: every earlier delivery has been handled.
                            if (cancelled.get() && tag.equals(consumerTag)) {
                                cancelledOk.countDown();
                            }
                        }

                        @Override
                        public void handleCancel(String tag) {
                            listener.failed(new DriverException("The broker cancelled consumer " + spec.index()
                                    + " on queue '" + spec.queue() + "' (was the queue deleted?)."));
                        }

                        @Override
                        public void handleShutdownSignal(String tag, ShutdownSignalException sig) {
                            if (!sig.isInitiatedByApplication() && !closed.get()) {
                                listener.failed(new DriverException("The broker closed consumer " + spec.index()
                                        + "'s channel: " + AmqpErrors.replyText(sig) + "."));
                            }
                        }
                    };
            consumerTag = subscribe();
        } catch (IOException | RuntimeException e) {
            throw new DriverException(AmqpErrors.operationFailure("Consuming from queue '" + spec.queue() + "'", e), e);
        }
    }

    private String subscribe() throws IOException {
        return channel.basicConsume(spec.queue(), spec.autoAck(), spec.connectionName() + "-" + spec.index()
                + (resubscriptions == 0 ? "" : "-" + resubscriptions), false, false, subscriptionArgs, subscription);
    }

    /**
     * A new prefetch: {@code basic.qos} applies to consumers subscribed after it, so the consumer
     * subscribes again on the same channel (no reconnection). Messages delivered before keep
     * their delivery tags and are acknowledged as usual.
     */
    @Override
    public synchronized void setPrefetch(int prefetch) {
        if (spec.polling()) {
            return; // basic.get has no prefetch
        }
        try {
            channel.basicQos(prefetch);
            String old = consumerTag;
            resubscriptions++;
            consumerTag = subscribe();
            if (old != null) {
                channel.basicCancel(old);
            }
        } catch (IOException | RuntimeException e) {
            throw new DriverException(AmqpErrors.operationFailure("Changing consumer " + spec.index()
                    + "'s prefetch to " + prefetch, e), e);
        }
    }

    @Override
    public boolean supportsMultipleAck() {
        return true;
    }

    @Override
    public void ack(long tag, boolean multiple) {
        settle("Acknowledging", () -> channel.basicAck(tag, multiple));
    }

    @Override
    public void nack(long tag, boolean multiple, boolean requeue) {
        settle("Negatively acknowledging", () -> channel.basicNack(tag, multiple, requeue));
    }

    @Override
    public void reject(long tag, boolean requeue) {
        settle("Rejecting", () -> channel.basicReject(tag, requeue));
    }

    private interface Settlement {
        void run() throws IOException;
    }

    private void settle(String what, Settlement s) {
        try {
            s.run();
        } catch (IOException | RuntimeException e) {
            if (!closed.get()) {
                throw new DriverException(AmqpErrors.operationFailure(what, e), e);
            }
        }
    }

    @Override
    public java.util.OptionalLong lastStreamOffset() {
        long last = lastStreamOffset;
        return last < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(last);
    }

    @Override
    public void cancel() {
        if (!cancelled.compareAndSet(false, true)) {
            return;
        }
        Poller p = poller;
        if (p != null) {
            p.stopAndJoin();
        }
        String tag = consumerTag;
        if (tag != null && channel.isOpen()) {
            try {
                channel.basicCancel(tag);
                // Deliveries that came before the cancel-ok may still wait in the client's dispatch queue:
                // let them reach the listener, so that they are settled rather than requeued by the close.
                cancelledOk.await(CANCEL_DRAIN_SECONDS, TimeUnit.SECONDS);
            } catch (IOException | RuntimeException e) {
                // the channel is going away anyway
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            Poller p = poller;
            if (p != null) {
                p.stopAndJoin();
            }
            TopologyClient.closeQuietly(channel);
            onClose.run();
        }
    }
}
