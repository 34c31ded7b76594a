package io.amqpharness.run;

import io.amqpharness.result.StepResult;
import java.util.List;

/**
 * Changes settings while a run goes on and measures each step: a fixed plan ({@code --step}) or a
 * search that chooses each step from the last one ({@code find-max}). Sees every interval as a
 * {@link RunListener}, on the reporting thread.
 */
interface Stepper extends RunListener {

    /** Ends the step in progress with what was measured up to {@code elapsedNanos}; returns every step. */
    List<StepResult> finish(long elapsedNanos);
}
