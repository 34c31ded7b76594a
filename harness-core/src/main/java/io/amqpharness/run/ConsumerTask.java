package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.DeliveryListener;
import java.util.Optional;

/**
 * Receives one consumer's deliveries: counts them, records end-to-end latency from the
 * timestamp in the body, and settles them through the {@link AckPolicy}. Called by the driver
 * from one thread at a time.
 */
final class ConsumerTask implements DeliveryListener {
    private final ConsumerLink link;
    private final Optional<AckPolicy> ackPolicy;
    private final long limit;
    private final String ownPrefix;
    private final Counters counters;
    private final LatencyRecorder endToEnd;
    private final NanoClock clock;
    private final RunControl control;
    private long received;
    private volatile boolean done;
    private volatile long firstDeliveryNanos;
    private volatile long lastDeliveryNanos;

    ConsumerTask(ConsumerLink link, Optional<AckPolicy> ackPolicy, java.util.OptionalLong limit, String ownPrefix,
                 Counters counters, LatencyRecorder endToEnd, NanoClock clock, RunControl control) {
        this.link = link;
        this.ackPolicy = ackPolicy;
        this.limit = limit.orElse(Long.MAX_VALUE);
        this.ownPrefix = ownPrefix;
        this.counters = counters;
        this.endToEnd = endToEnd;
        this.clock = clock;
        this.control = control;
    }

    @Override
    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
        if (done) {
            return; // past this consumer's goal: left unsettled, the broker requeues it on close
        }
        long now = clock.nanoTime();
        if (received == 0) {
            firstDeliveryNanos = now;
        }
        lastDeliveryNanos = now;
        received++;
        counters.consumed.increment();
        if (redelivered) {
            counters.redelivered.increment();
        }
        if (publisherId != null && publisherId.startsWith(ownPrefix)) {
            if (length >= PayloadCodec.HEADER_BYTES) {
                long latency = now - PayloadCodec.timestamp(body, offset);
                if (latency >= 0) {
                    endToEnd.recordNanos(latency);
                } else {
                    counters.clockSkew.increment();
                }
            }
        } else {
            counters.foreign.increment();
        }
        if (ackPolicy.isPresent()) {
            ackPolicy.get().ack(tag);
        }
        if (received >= limit) {
            done = true;
            ackPolicy.ifPresent(AckPolicy::flush);
            control.consumerReachedGoal();
        }
    }

    @Override
    public void failed(Throwable cause) {
        control.fail(cause.getMessage() == null ? cause.toString() : cause.getMessage());
    }

    ConsumerLink link() {
        return link;
    }

    Optional<AckPolicy> ackPolicy() {
        return ackPolicy;
    }

    /** True once the consumer reached its message goal. */
    boolean done() {
        return done;
    }

    /** Nanos of the first delivery, 0 if none yet. */
    long firstDeliveryNanos() {
        return firstDeliveryNanos;
    }

    /** Nanos of the latest delivery, 0 if none yet. */
    long lastDeliveryNanos() {
        return lastDeliveryNanos;
    }
}
