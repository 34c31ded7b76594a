package io.amqpharness.run;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.scenario.Step;
import io.amqpharness.scenario.StepPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Moves a stepped run from one step to the next at reporting-interval boundaries, changes the
 * stepped settings live, and keeps each step's measurements (its own histograms, counts and
 * per-interval maxima). A {@link RunListener} so it sees every interval; called from the
 * reporting thread, and once at the end by the runner.
 */
final class StepController implements RunListener {
    private final StepPlan plan;
    private final RunParticipants participants;
    private final long stepNanos;
    private final List<StepResult> results = new ArrayList<>();
    private final Map<Metric, Histogram> histograms = new EnumMap<>(Metric.class);
    private final List<IntervalStats> intervals = new ArrayList<>();
    private int step;
    private long stepStartNanos;
    /** When the first step began: the end of the warm-up (0 without one). Steps are timed from it. */
    private long firstStepStartNanos;
    private CountSnapshot countsAtStart = CountSnapshot.ZERO;
    private CountSnapshot lastTotal = CountSnapshot.ZERO;
    private boolean finished;

    StepController(StepPlan plan, RunParticipants participants) {
        this.plan = plan;
        this.participants = participants;
        this.stepNanos = plan.stepDuration().toNanos();
        for (Metric m : Metric.values()) {
            histograms.put(m, new Histogram(1, LatencyRecorder.HIGHEST_NANOS, LatencyRecorder.DIGITS));
        }
    }

    @Override
    public synchronized void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> interval) {
        if (finished) {
            return;
        }
        lastTotal = stats.total();
        if (stats.phase() == IntervalStats.Phase.WARMUP) {
            countsAtStart = stats.total();
            stepStartNanos = stats.elapsed().toNanos();
            firstStepStartNanos = stepStartNanos;
            return;
        }
        interval.forEach((m, h) -> histograms.get(m).add(h));
        intervals.add(stats);
        long elapsed = stats.elapsed().toNanos();
        if (elapsed - firstStepStartNanos >= (long) (step + 1) * stepNanos && step + 1 < plan.count()) {
            close(elapsed);
            step++;
            apply(step);
        }
    }

    /** Puts the first step's settings in place (they are the scenario's own; nothing to change). */
    void begin() {
        stepStartNanos = 0;
    }

    /** Ends the last step with what was measured up to now; returns every step. */
    synchronized List<StepResult> finish(long elapsedNanos) {
        if (!finished) {
            finished = true;
            close(Math.max(elapsedNanos, stepStartNanos));
        }
        return List.copyOf(results);
    }

    private void close(long endNanos) {
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        Map<Metric, LatencySummary> maxima = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            latency.put(m, LatencySummary.of(histograms.get(m)));
            maxima.put(m, LatencySummary.maxOf(intervals.stream().map(i -> i.latency(m)).toList()));
            histograms.get(m).reset();
        }
        CountSnapshot counts = lastTotal.minus(countsAtStart);
        double seconds = (endNanos - stepStartNanos) / 1e9;
        Rates rates = new Rates(perSecond(counts.published(), seconds), perSecond(counts.confirmed(), seconds),
                perSecond(counts.consumed(), seconds), perSecond(counts.consumed(), seconds));
        Map<String, Double> values = new LinkedHashMap<>();
        for (Step s : plan.steps()) {
            values.put(s.setting().key(), s.values().get(step));
        }
        results.add(new StepResult(step, plan.label(step), values, Duration.ofNanos(stepStartNanos),
                Duration.ofNanos(endNanos - stepStartNanos), counts, rates, latency, maxima));
        intervals.clear();
        countsAtStart = lastTotal;
        stepStartNanos = endNanos;
    }

    private void apply(int index) {
        for (Step s : plan.steps()) {
            double v = s.values().get(index);
            switch (s.setting()) {
                case RATE -> participants.setRate(v);
                case CONFIRM -> participants.setConfirmWindow((int) v);
                case QOS -> participants.setPrefetch((int) v);
                case MULTI_ACK_EVERY -> participants.setAckEvery((int) v);
                case PRODUCERS -> participants.setPublishers((int) v * channelsPerProducer());
                case CONSUMERS -> participants.setConsumers((int) v * channelsPerConsumer());
            }
        }
    }

    private int channelsPerProducer() {
        return participants.scenario().publishing().channelsPerProducer();
    }

    private int channelsPerConsumer() {
        return participants.scenario().consuming().channelsPerConsumer();
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
