package io.amqpharness.report.document;

import java.util.Map;

/**
 * One step of a stepped run ({@code steps[]}).
 *
 * @param index            0-based step number
 * @param label            the step's settings, for example {@code confirm=20}
 * @param values           each stepped setting's value in the step, by its {@code --step} name
 * @param start            from the start of publishing to the start of the step, nanoseconds
 * @param length           how long the step lasted (whole reporting intervals), nanoseconds
 * @param counts           counts during the step, fields as in [Counts](#counts)
 * @param rates            rates during the step, fields as in [Rates](#rates)
 * @param latency          ladders of the values recorded during the step, per metric, as in [Latency](#latency)
 * @param maxOverIntervals each percentile's highest value in any one interval of the step, per metric
 */
public record Step(int index, String label, Map<String, Double> values, long start, long length, Counts counts,
        Rates rates, Latencies latency, Latencies maxOverIntervals) {
    public Step {
        values = Lists.of(values);
    }
}
