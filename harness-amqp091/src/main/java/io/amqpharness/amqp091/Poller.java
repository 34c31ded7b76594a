package io.amqpharness.amqp091;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.GetResponse;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverException;
import io.amqpharness.topology.AmqpErrors;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * {@code --polling}: fetches messages one by one with {@code basic.get} on its own thread, and
 * waits the polling interval whenever the queue is empty.
 */
final class Poller {
    private final Channel channel;
    private final ConsumerSpec spec;
    private final DeliveryListener listener;
    private final BooleanSupplier stopped;
    private final Thread thread;

    Poller(Channel channel, ConsumerSpec spec, DeliveryListener listener, BooleanSupplier stopped) {
        this.channel = channel;
        this.spec = spec;
        this.listener = listener;
        this.stopped = stopped;
        this.thread = new Thread(this::loop, "harness-poller-" + spec.index());
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void loop() {
        long waitNanos = Math.max(100_000L, spec.pollingInterval().toNanos());
        while (!stopped.getAsBoolean()) {
            GetResponse r;
            try {
                r = channel.basicGet(spec.queue(), spec.autoAck());
            } catch (IOException | RuntimeException e) {
                if (!stopped.getAsBoolean()) {
                    listener.failed(new DriverException(AmqpErrors.operationFailure(
                            "Polling queue '" + spec.queue() + "'", e), e));
                }
                return;
            }
            if (r == null) {
                LockSupport.parkNanos(waitNanos);
                continue;
            }
            byte[] body = r.getBody();
            listener.delivered(r.getEnvelope().getDeliveryTag(), body, 0, body.length, r.getEnvelope().isRedeliver(),
                    r.getProps().getAppId(), r.getProps().getReplyTo());
        }
    }

    void stopAndJoin() {
        if (Thread.currentThread() == thread) {
            return;
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
