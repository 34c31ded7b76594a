package io.amqpharness.report.merge;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.RecordFields;
import io.amqpharness.report.document.ResultDocument.Gate;
import io.amqpharness.result.DeliveryAccount;
import io.amqpharness.result.GateCheck;
import io.amqpharness.result.GateVerdict;
import io.amqpharness.result.Rates;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The {@code --fail-if} gates of a merged result, judged again on the merged numbers: the summed
 * counts and rates and the added histograms. An instance's own verdict says nothing about the
 * workload (four instances receiving 2,500 msg/s each meet {@code rate.received<9000} together),
 * so the instances' verdicts stay in their rows, each labelled with its instance. Stateless.
 */
final class MergedGates {
    /** The {@code instance} label of a verdict judged on the merged result. */
    static final String MERGED = "merged";

    private MergedGates() {
    }

    /**
     * The merged numbers a gate is judged on.
     *
     * @param counts               summed counts
     * @param rates                summed rates, messages per second
     * @param unaccountedPublished summed unaccounted published messages
     * @param expectedDeliveries   summed expected deliveries; empty when unknown
     * @param leftInQueues         messages left in the queues; empty when unknown
     * @param whole                the merged whole-run histogram of each metric
     */
    record Merged(Counts counts, io.amqpharness.report.document.Rates rates, long unaccountedPublished,
                  OptionalLong expectedDeliveries, OptionalLong leftInQueues, Map<Metric, Histogram> whole) {
    }

    /**
     * Every gate any instance ran with (in the order first seen), checked on the merged whole run.
     * Steps are not merged, so a gate is not checked per step here.
     */
    static List<Gate> evaluate(List<ResultMerge.Instance> instances, Merged merged) {
        List<Gate> out = new ArrayList<>();
        List<io.amqpharness.scenario.Gate> gates = gates(instances);
        if (gates.isEmpty()) {
            return out;
        }
        GateCheck.Measured measured = measured(instances, merged);
        String where = " on the merged result of " + instances.size() + " instances";
        for (io.amqpharness.scenario.Gate g : gates) {
            out.add(document(GateCheck.check(g, measured, OptionalInt.empty(), where), MERGED));
        }
        return out;
    }

    /** One instance's own verdicts, each with its {@code instance} and its sentence prefixed by it. */
    static List<Gate> ofInstance(ResultMerge.Instance i) {
        String name = ResultMerge.name(i);
        return i.result().gates().stream().map(g -> new Gate(g.gate(), g.step(), g.measured(), g.broken(),
                name + ": " + g.sentence(), Optional.of(name))).toList();
    }

    static List<io.amqpharness.scenario.Gate> gates(List<ResultMerge.Instance> instances) {
        Set<String> texts = new LinkedHashSet<>();
        for (ResultMerge.Instance i : instances) {
            texts.addAll(i.result().scenario().gates());
        }
        return texts.stream().map(io.amqpharness.scenario.Gate::parse).flatMap(Optional::stream).toList();
    }

    static GateCheck.Measured measured(List<ResultMerge.Instance> instances, Merged merged) {
        CountSnapshot counts = counts(merged.counts());
        io.amqpharness.report.document.Rates r = merged.rates();
        Rates rates = new Rates(r.sent(), r.confirmed(), r.received(), r.endToEnd());
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        merged.whole().forEach((m, h) -> latency.put(m, LatencySummary.of(h)));
        boolean consumers = counts.consumed() > 0 || instances.stream().anyMatch(
                i -> i.result().scenario().consumers() > 0);
        boolean stream = "stream".equals(instances.get(0).result().scenario().queueType());
        java.util.Optional<DeliveryAccount> account = DeliveryAccount.of(merged.expectedDeliveries(),
                counts.ownUnique(), counts.inDoubtArrived(), merged.leftInQueues(), stream);
        long unaccounted = Math.max(0, merged.unaccountedPublished())
                + Math.max(0, account.map(DeliveryAccount::unaccounted).orElse(0L));
        return new GateCheck.Measured(counts, rates, latency, unaccounted, consumers,
                account.isPresent() || !consumers);
    }

    /** The core's counts of a document's counts, by name; a count the document lacks is 0. */
    static CountSnapshot counts(Counts document) {
        Map<String, Object> byName = RecordFields.of(document);
        RecordComponent[] components = CountSnapshot.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int k = 0; k < components.length; k++) {
            values[k] = byName.get(components[k].getName()) instanceof Long l ? l : 0L;
            types[k] = components[k].getType();
        }
        try {
            return CountSnapshot.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("CountSnapshot has no canonical constructor of longs", e);
        }
    }

    private static Gate document(GateVerdict v, String instance) {
        return new Gate(v.gate().toString(), v.step(), v.measured(), v.broken(), v.sentence(), Optional.of(instance));
    }
}
