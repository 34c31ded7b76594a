package io.amqpharness.run;

import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.Step;
import io.amqpharness.scenario.StepPlan;
import java.util.ArrayList;
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
final class StepController implements Stepper {
    private final StepPlan plan;
    private final RunParticipants participants;
    private final long stepNanos;
    private final List<StepResult> results = new ArrayList<>();
    private final StepAccumulator current = new StepAccumulator();
    private int step;
    /** When the first step began: the end of the warm-up (0 without one). Steps are timed from it. */
    private long firstStepStartNanos;
    private boolean finished;
    /** The end of the last interval while publishers ran (not the warm-up, not the drain). */
    private long lastRunningNanos;

    StepController(StepPlan plan, RunParticipants participants) {
        this.plan = plan;
        this.participants = participants;
        this.stepNanos = plan.stepDuration().toNanos();
    }

    @Override
    public synchronized void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> interval) {
        if (finished) {
            return;
        }
        if (stats.phase() == IntervalStats.Phase.WARMUP) {
            current.restart(stats.elapsed().toNanos(), stats.total());
            firstStepStartNanos = current.startNanos();
            lastRunningNanos = current.startNanos();
            return;
        }
        if (stats.phase() == IntervalStats.Phase.DRAINING) {
            current.drained(stats); // publishing is over: only the gaps the drain finds belong to the last step
            return;
        }
        current.add(stats, interval);
        long elapsed = stats.elapsed().toNanos();
        lastRunningNanos = elapsed;
        // Steps end on interval boundaries: the nearest one, as ticks arrive a little early or late
        // (timed from the end of a warm-up, "at least a step" would often add a whole interval).
        long tolerance = stats.length().toNanos() / 2;
        if (elapsed - firstStepStartNanos + tolerance >= (long) (step + 1) * stepNanos && step + 1 < plan.count()) {
            close(elapsed);
            step++;
            apply(step);
        }
    }

    /**
     * Closes the last step at the end of its last interval before publishing stopped, so its rates
     * are not diluted by the drain (waiting for confirms and deliveries, the consumers' idle wait).
     */
    @Override
    public synchronized List<StepResult> finish(long elapsedNanos) {
        if (!finished) {
            finished = true;
            close(Math.max(Math.min(elapsedNanos, lastRunningNanos), current.startNanos()));
        }
        return List.copyOf(results);
    }

    private void close(long endNanos) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (Step s : plan.steps()) {
            values.put(s.setting().key(), s.values().get(step));
        }
        results.add(current.close(step, plan.label(step), values, endNanos));
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
}
