package io.amqpharness.run;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.FlowBlocks;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import java.util.function.LongConsumer;

/** Outcome listener of a publisher without confirms: only returns and failures can arrive. */
final class UnconfirmedOutcomes implements PublishOutcomeListener {
    private final Counters counters;
    private final RunControl control;
    private final LongConsumer refused;
    private final FlowBlocks.Gate gate;

    /**
     * @param refused told the sequence of each returned message, which no consumer will see
     * @param gate    where the broker blocking this publisher is reported
     */
    UnconfirmedOutcomes(Counters counters, RunControl control, LongConsumer refused, FlowBlocks.Gate gate) {
        this.counters = counters;
        this.control = control;
        this.refused = refused;
        this.gate = gate;
    }

    @Override
    public void blocked(boolean blocked, String reason) {
        gate.set(blocked, reason);
    }

    @Override
    public void creditWait(boolean waiting, java.time.Duration waited) {
        gate.creditWait(waiting, waited);
    }

    @Override
    public void settled(long seq, boolean multiple, PublishOutcome outcome) {
        // No confirms were asked for; nothing to resolve.
    }

    @Override
    public void returned(byte[] body, int offset, int length) {
        counters.returned.increment();
        if (length >= PayloadCodec.HEADER_BYTES) {
            refused.accept(PayloadCodec.sequence32(body, offset));
        }
    }

    @Override
    public void failed(Throwable cause) {
        control.fail(cause.getMessage() == null ? cause.toString() : cause.getMessage());
    }
}
