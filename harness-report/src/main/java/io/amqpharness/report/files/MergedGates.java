package io.amqpharness.report.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.GateCheck;
import io.amqpharness.run.GateVerdict;
import io.amqpharness.run.Rates;
import io.amqpharness.scenario.Gate;
import java.lang.reflect.RecordComponent;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
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
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private MergedGates() {
    }

    /**
     * Every gate any instance ran with (in the order first seen), checked on the merged whole run.
     * Steps are not merged, so a gate is not checked per step here.
     *
     * @param merged the merged tree, with {@code counts}, {@code rates}, {@code expectedDeliveries},
     *               {@code leftInQueues} and {@code unaccountedPublished} already set
     * @param whole  the merged whole-run histogram of each metric
     */
    static ArrayNode evaluate(List<ResultMerge.Instance> instances, ObjectNode merged, Map<Metric, Histogram> whole) {
        ArrayNode out = JSON.arrayNode();
        List<Gate> gates = gates(instances);
        if (gates.isEmpty()) {
            return out;
        }
        GateCheck.Measured measured = measured(instances, merged, whole);
        String where = " on the merged result of " + instances.size() + " instances";
        for (Gate g : gates) {
            out.add(json(GateCheck.check(g, measured, OptionalInt.empty(), where), MERGED));
        }
        return out;
    }

    /** One instance's own verdicts, each with its {@code instance} and its sentence prefixed by it. */
    static ArrayNode ofInstance(ResultMerge.Instance i) {
        String name = i.result().path("instance").asText("?");
        ArrayNode out = JSON.arrayNode();
        for (JsonNode g : i.result().path("gates")) {
            ObjectNode v = g.deepCopy();
            v.put("instance", name);
            v.put("sentence", name + ": " + g.path("sentence").asText());
            out.add(v);
        }
        return out;
    }

    static List<Gate> gates(List<ResultMerge.Instance> instances) {
        Set<String> texts = new LinkedHashSet<>();
        instances.forEach(i -> i.result().path("scenario").path("run").path("gates").forEach(g -> texts.add(g.asText())));
        return texts.stream().map(Gate::parse).flatMap(java.util.Optional::stream).toList();
    }

    static GateCheck.Measured measured(List<ResultMerge.Instance> instances, JsonNode merged,
                                       Map<Metric, Histogram> whole) {
        CountSnapshot counts = counts(merged.path("counts"));
        JsonNode r = merged.path("rates");
        Rates rates = new Rates(r.path("sent").asDouble(), r.path("confirmed").asDouble(),
                r.path("received").asDouble(), r.path("endToEnd").asDouble());
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        whole.forEach((m, h) -> latency.put(m, LatencySummary.of(h)));
        boolean consumers = counts.consumed() > 0 || instances.stream().anyMatch(
                i -> i.result().path("scenario").path("consuming").path("consumers").asInt() > 0);
        long unaccounted = Math.max(0, merged.path("unaccountedPublished").asLong())
                + Math.max(0, unaccountedDeliveries(merged, counts));
        return new GateCheck.Measured(counts, rates, latency, unaccounted, consumers);
    }

    /**
     * Expected deliveries that neither arrived nor are left in the queues, as a single run counts
     * them, but with every identified first delivery ({@code unique}): one instance's foreign
     * messages are another's own. 0 when it cannot be known.
     */
    private static long unaccountedDeliveries(JsonNode merged, CountSnapshot c) {
        if (!merged.path("expectedDeliveries").isNumber() || !merged.path("leftInQueues").isNumber()) {
            return 0;
        }
        long expected = merged.path("expectedDeliveries").asLong();
        long unexplained = expected - c.unique() - merged.path("leftInQueues").asLong();
        if (unexplained < 0 && c.inDoubt() > 0 && c.confirmed() > 0) {
            long copies = Math.max(1, expected / c.confirmed());
            unexplained = Math.min(0, unexplained + c.inDoubt() * copies);
        }
        return unexplained;
    }

    /** The counts of a {@code counts} object; a count it lacks is 0. */
    static CountSnapshot counts(JsonNode json) {
        RecordComponent[] components = CountSnapshot.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int k = 0; k < components.length; k++) {
            values[k] = json.path(components[k].getName()).asLong();
            types[k] = components[k].getType();
        }
        try {
            return CountSnapshot.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("CountSnapshot has no canonical constructor of longs", e);
        }
    }

    private static ObjectNode json(GateVerdict v, String instance) {
        ObjectNode o = ResultJson.mapper().valueToTree(v);
        o.put("instance", instance);
        return o;
    }
}
