package io.amqpharness.result;

import java.util.List;

/**
 * One probe of a {@code find-max} search: a step at one rate, and whether it met the target.
 *
 * @param step     the 0-based step of the run that measured it (see {@link RunResult#steps()})
 * @param rate     the intended rate, messages per second over all publishers
 * @param passed   true if every gate held and the consumers kept up with the publishers
 * @param reasons  why it failed, one sentence each; empty when it passed
 */
public record RateProbe(int step, double rate, boolean passed, List<String> reasons) {
    public RateProbe {
        reasons = List.copyOf(reasons);
    }
}
