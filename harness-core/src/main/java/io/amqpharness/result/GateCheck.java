package io.amqpharness.result;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.GateQuantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Evaluates {@link Gate}s on what a run, or one step of it, measured. The one evaluator behind
 * {@code --fail-if} and the library's assertions. Stateless and thread-safe.
 */
public final class GateCheck {
    private GateCheck() {
    }

    /**
     * What a gate can read: the measurements of a whole run or of one step.
     *
     * @param unaccounted      published messages the first accounting equation does not explain, plus
     *                         expected deliveries neither consumed nor left, when those can be judged
     * @param consumers        the run (or any of its steps) had consumers
     * @param deliveriesJudged the expected deliveries were judged; when false, {@code unaccounted}
     *                         covers the published messages only and its gate says so
     */
    public record Measured(CountSnapshot counts, Rates rates, Map<Metric, LatencySummary> latency, long unaccounted,
                           boolean consumers, boolean deliveriesJudged) {
        public Measured {
            latency = Map.copyOf(latency);
        }

        /** Measurements whose expected deliveries were judged (or of a step, which has none). */
        public Measured(CountSnapshot counts, Rates rates, Map<Metric, LatencySummary> latency, long unaccounted,
                        boolean consumers) {
            this(counts, rates, latency, unaccounted, consumers, true);
        }

        /** The whole run. */
        public static Measured of(RunResult r) {
            long unaccounted = Math.max(0, r.unaccountedPublished()) + Math.max(0, r.unaccountedDeliveries().orElse(0));
            boolean judged = r.unaccountedDeliveries().isPresent() || !hadConsumers(r);
            return new Measured(r.counts(), r.rates(), r.latency(), unaccounted, hadConsumers(r), judged);
        }

        /** The run had consumers: {@code --consumers}, or a step that ran some. */
        static boolean hadConsumers(RunResult r) {
            return r.scenario().consuming().consumers() > 0 || r.steps().stream()
                    .anyMatch(s -> s.values().getOrDefault("consumers", 0.0) > 0);
        }

        /** One step (the accounting is checked on the whole run only). */
        public static Measured of(StepResult s, boolean consumers) {
            return new Measured(s.counts(), s.rates(), s.latency(), 0, consumers);
        }
    }

    /** Every gate of the run's scenario on the whole run, then on each step in order. */
    public static List<GateVerdict> evaluate(RunResult r) {
        return evaluate(r, r.scenario().run().gates());
    }

    /** Each of {@code gates} on the whole run, then on each step in order. */
    public static List<GateVerdict> evaluate(RunResult r, List<Gate> gates) {
        List<GateVerdict> verdicts = new ArrayList<>();
        Measured whole = Measured.of(r);
        gates.forEach(g -> verdicts.add(check(g, whole, OptionalInt.empty(), "")));
        boolean consumers = Measured.hadConsumers(r);
        for (StepResult s : r.steps()) {
            Measured m = Measured.of(s, consumers);
            gates.forEach(g -> verdicts.add(check(g, m, OptionalInt.of(s.index()),
                    " in step " + (s.index() + 1) + " (" + s.label() + ")")));
        }
        return List.copyOf(verdicts);
    }

    /**
     * One gate on one set of measurements.
     *
     * @param where where it was checked, for the sentence: {@code ""} or {@code " in step 2 (rate=4000)"}
     */
    public static GateVerdict check(Gate gate, Measured m, OptionalInt step, String where) {
        OptionalDouble value = value(gate.quantity(), m);
        GateQuantity q = gate.quantity();
        if (value.isEmpty()) {
            return new GateVerdict(gate, step, value, true, "Gate " + gate + " failed" + where + ": no "
                    + ((GateQuantity.Latency) q).metric().label() + " latency was recorded.");
        }
        double v = value.getAsDouble();
        boolean broken = gate.breaksAt(v);
        String measured = q.label() + " was " + q.describe(v);
        String sentence = broken
                ? "Gate " + gate + " failed" + where + ": " + measured + ", " + gate.comparison().words() + " "
                        + gate.thresholdText() + "."
                : "Gate " + gate + " passed" + where + ": " + measured + notJudged(q, m) + ".";
        return new GateVerdict(gate, step, value, broken, sentence);
    }

    /** What an {@code unaccounted} gate could not see, for its sentence. */
    private static String notJudged(GateQuantity q, Measured m) {
        boolean unaccounted = q instanceof GateQuantity.Count c && c.kind() == GateQuantity.CountKind.UNACCOUNTED;
        return unaccounted && !m.deliveriesJudged()
                ? " (published messages only: the expected deliveries could not be judged)" : "";
    }

    /** The measured value of a quantity; empty for a latency with no values. */
    static OptionalDouble value(GateQuantity q, Measured m) {
        if (q instanceof GateQuantity.Latency l) {
            LatencySummary s = m.latency().getOrDefault(l.metric(), LatencySummary.EMPTY);
            if (s.isEmpty()) {
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(switch (l.statistic()) {
                case MIN -> s.min();
                case P50 -> s.p50();
                case P75 -> s.p75();
                case P90 -> s.p90();
                case P95 -> s.p95();
                case P99 -> s.p99();
                case P999 -> s.p999();
                case P9999 -> s.p9999();
                case MAX -> s.max();
                case MEAN -> s.mean();
            });
        } else if (q instanceof GateQuantity.RateOf r) {
            return OptionalDouble.of(switch (r.kind()) {
                case SENT -> m.rates().sent();
                case CONFIRMED -> m.rates().confirmed();
                case RECEIVED -> m.rates().received();
                case THROUGHPUT -> m.consumers() ? m.rates().received() : m.rates().sent();
            });
        }
        CountSnapshot c = m.counts();
        return OptionalDouble.of(switch (((GateQuantity.Count) q).kind()) {
            case LOST -> c.lost();
            case DUPLICATED -> c.duplicated();
            case OUT_OF_ORDER -> c.outOfOrder();
            case NACKED -> c.nacked();
            case RETURNED -> c.returned();
            case TIMED_OUT -> c.timedOut();
            case REDELIVERED -> c.redelivered();
            case UNACCOUNTED -> m.unaccounted();
        });
    }

    /**
     * The recorded series a gate's latency reads.
     *
     * @deprecated a gate's latency names its {@link Metric} itself: {@link GateQuantity.Latency#metric()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    @SuppressWarnings("removal")
    public static Metric metric(GateQuantity.LatencyMetric m) {
        return m.metric();
    }
}
