package io.amqpharness.result;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import java.time.Duration;
import java.util.Map;

/**
 * What one step of a stepped run measured ({@code --step}).
 *
 * @param index            0-based step number
 * @param label            the step's settings, for example {@code confirm=20}
 * @param values           each stepped setting's value in this step, by its {@code --step} name
 * @param start            from the start of publishing to the start of the step
 * @param length           how long the step lasted (whole reporting intervals)
 * @param counts           counts during the step
 * @param rates            average rates during the step, in messages per second
 * @param latency          percentile ladders of the values recorded during the step, per metric
 * @param maxOverIntervals each percentile's highest value in any one interval of the step, per metric
 */
public record StepResult(int index, String label, Map<String, Double> values, Duration start, Duration length,
                         CountSnapshot counts, Rates rates, Map<Metric, LatencySummary> latency,
                         Map<Metric, LatencySummary> maxOverIntervals) {

    public StepResult {
        values = Map.copyOf(values);
        latency = Map.copyOf(latency);
        maxOverIntervals = Map.copyOf(maxOverIntervals);
    }

    /** A metric's ladder over the step. */
    public LatencySummary latency(Metric metric) {
        return latency.getOrDefault(metric, LatencySummary.EMPTY);
    }

    /** A metric's per-interval maxima over the step. */
    public LatencySummary maxOverIntervals(Metric metric) {
        return maxOverIntervals.getOrDefault(metric, LatencySummary.EMPTY);
    }
}
