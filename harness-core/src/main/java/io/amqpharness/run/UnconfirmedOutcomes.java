package io.amqpharness.run;

import io.amqpharness.measure.Counters;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;

/** Outcome listener of a publisher without confirms: only returns and failures can arrive. */
final class UnconfirmedOutcomes implements PublishOutcomeListener {
    private final Counters counters;
    private final RunControl control;

    UnconfirmedOutcomes(Counters counters, RunControl control) {
        this.counters = counters;
        this.control = control;
    }

    @Override
    public void settled(long seq, boolean multiple, PublishOutcome outcome) {
        // No confirms were asked for; nothing to resolve.
    }

    @Override
    public void returned(byte[] body, int offset, int length) {
        counters.returned.increment();
    }

    @Override
    public void failed(Throwable cause) {
        control.fail(cause.getMessage() == null ? cause.toString() : cause.getMessage());
    }
}
