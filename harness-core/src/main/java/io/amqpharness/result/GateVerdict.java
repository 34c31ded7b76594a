package io.amqpharness.result;

import io.amqpharness.scenario.Gate;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The outcome of one {@link Gate} on the whole run or on one step.
 *
 * @param gate     the gate, as given with {@code --fail-if}
 * @param step     the 0-based step it was checked on; empty for the whole run
 * @param measured the value measured, in the gate quantity's unit (nanoseconds, messages, msg/s);
 *                 empty when nothing was recorded (no latency values), which breaks the gate
 * @param broken   true if the gate broke: the run fails
 * @param sentence one sentence naming the gate, the measured value and the threshold, for example
 *                 {@code Gate e2e.p99>20ms failed: end-to-end p99 was 35.214 ms, above 20.000 ms.}
 */
public record GateVerdict(Gate gate, OptionalInt step, OptionalDouble measured, boolean broken, String sentence) {
}
