package io.amqpharness.run;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.spi.DeliveryListener;
import java.util.concurrent.atomic.LongAdder;

/**
 * The requesting side's receiver in request/reply ({@code --request-reply}): consumes the reply
 * queue and records each reply's round trip, from the timestamp its request carried (the intended
 * send when paced, the actual send otherwise) to now. Called by the driver from one thread at a time.
 */
final class ReplyCollector implements DeliveryListener {
    private final PayloadClock payloadClock;
    private final LatencyRecorder roundTrip;
    private final NanoClock clock;
    private final RunControl control;
    private final LongAdder received = new LongAdder();

    ReplyCollector(PayloadClock payloadClock, LatencyRecorder roundTrip, NanoClock clock, RunControl control) {
        this.payloadClock = payloadClock;
        this.roundTrip = roundTrip;
        this.clock = clock;
        this.control = control;
    }

    @Override
    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
        long now = clock.nanoTime();
        received.increment();
        if (length >= PayloadCodec.HEADER_BYTES) {
            long latency = payloadClock.latencyNanos(PayloadCodec.timestamp(body, offset), now);
            if (latency >= 0) {
                roundTrip.recordNanos(latency);
            }
        }
    }

    @Override
    public boolean mayWait() {
        return false;
    }

    @Override
    public void failed(Throwable cause) {
        control.fail("The reply consumer failed: " + (cause.getMessage() == null ? cause : cause.getMessage()));
    }

    /** Replies received so far. */
    long received() {
        return received.sum();
    }
}
