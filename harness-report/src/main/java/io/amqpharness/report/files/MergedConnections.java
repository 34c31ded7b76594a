package io.amqpharness.report.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.broker.CrossCheck;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;

/**
 * What a merged result says about the broker and the connections: the broker metrics of one
 * instance (every instance watched the same broker), with the cross-check of every instance added
 * up when each checked queues of its own (else labelled with the instance whose it is), and the
 * instances' connections added up.
 */
final class MergedConnections {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private MergedConnections() {
    }

    /**
     * The broker metrics of the first instance that sampled the broker, with a note naming it;
     * null when none did.
     */
    static JsonNode brokerMetrics(List<ResultMerge.Instance> instances, ArrayNode notes) {
        Optional<ResultMerge.Instance> sampled = instances.stream()
                .filter(i -> i.result().path("brokerMetrics").isObject()).findFirst();
        if (sampled.isEmpty()) {
            return JSON.nullNode();
        }
        notes.add("Broker metrics are those " + name(sampled.get()) + " sampled: every instance watched the "
                + "same broker over the same run.");
        ObjectNode metrics = sampled.get().result().path("brokerMetrics").deepCopy();
        if (metrics.path("crossCheck").isObject()) {
            Optional<CrossCheck> summed = summedCrossCheck(instances);
            if (summed.isPresent()) {
                metrics.set("crossCheck", ResultJson.mapper().valueToTree(summed.get()));
            } else {
                ((ObjectNode) metrics.path("crossCheck")).put("instance", name(sampled.get()));
                notes.add("The cross-check compares the broker's counts with " + name(sampled.get())
                        + "'s own counts, not the merged ones (the instances share queues, or not every one "
                        + "checked its own queues' counters).");
            }
        }
        return metrics;
    }

    /**
     * The instances' cross-checks added up, when each instance checked the counters of queues of its
     * own (no queue shared): the broker's counts of all the queues next to all the harness's counts.
     * Empty otherwise: node-wide counters and shared queues count every instance's messages in
     * each instance's check.
     */
    static Optional<CrossCheck> summedCrossCheck(List<ResultMerge.Instance> instances) {
        java.util.Set<String> queues = new java.util.HashSet<>();
        List<JsonNode> checks = new java.util.ArrayList<>();
        for (ResultMerge.Instance i : instances) {
            JsonNode c = i.result().path("brokerMetrics").path("crossCheck");
            if (!c.isObject() || !c.path("basis").asText().equals("queues")) {
                return Optional.empty();
            }
            for (JsonNode q : i.result().path("queues")) {
                if (!queues.add(q.asText())) {
                    return Optional.empty();
                }
            }
            checks.add(c);
        }
        return Optional.of(new CrossCheck("queues", total(checks, "brokerPublished"), total(checks, "harnessPublished"),
                total(checks, "brokerDelivered"), total(checks, "harnessDelivered"),
                checks.stream().mapToInt(c -> c.path("brokerRestarts").asInt()).max().orElse(0)));
    }

    /** The sum of a count over the checks; empty if any lacks it. */
    private static OptionalLong total(List<JsonNode> checks, String field) {
        if (checks.stream().anyMatch(c -> !c.path(field).isNumber())) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(checks.stream().mapToLong(c -> c.path(field).asLong()).sum());
    }

    /**
     * The instances' connections: counts summed; the opening time the longest (the instances open
     * at the same time), so opens per second are all the opens over it; churn alike. Null when no
     * instance reported connections.
     */
    static JsonNode connections(List<ResultMerge.Instance> instances) {
        List<JsonNode> all = instances.stream().map(i -> i.result().path("connections"))
                .filter(JsonNode::isObject).toList();
        if (all.isEmpty()) {
            return JSON.nullNode();
        }
        ObjectNode c = JSON.objectNode();
        long opened = sum(all, "opened");
        long openingTime = longest(all, "openingTime");
        c.put("opened", opened);
        c.put("openingTime", openingTime);
        c.put("retries", sum(all, "retries"));
        c.put("idle", sum(all, "idle"));
        c.set("churn", churn(instances));
        c.put("openedPerSecond", perSecond(opened, openingTime));
        return c;
    }

    /** Churn counts summed, its duration the longest, the first failure named by its instance; null without churn. */
    private static JsonNode churn(List<ResultMerge.Instance> instances) {
        List<ResultMerge.Instance> churned = instances.stream()
                .filter(i -> i.result().path("connections").path("churn").isObject()).toList();
        if (churned.isEmpty()) {
            return JSON.nullNode();
        }
        List<JsonNode> all = churned.stream().map(i -> i.result().path("connections").path("churn")).toList();
        ObjectNode c = JSON.objectNode();
        long opened = sum(all, "opened");
        long duration = longest(all, "duration");
        c.put("opened", opened);
        c.put("closed", sum(all, "closed"));
        c.put("failed", sum(all, "failed"));
        c.put("firstFailure", churned.stream()
                .filter(i -> i.result().path("connections").path("churn").path("firstFailure").isTextual())
                .map(i -> name(i) + ": " + i.result().path("connections").path("churn").path("firstFailure").asText())
                .findFirst().orElse(null));
        c.put("duration", duration);
        c.put("behind", sum(all, "behind"));
        c.put("opensPerSecond", perSecond(opened, duration));
        return c;
    }

    private static String name(ResultMerge.Instance i) {
        return i.result().path("instance").asText("?");
    }

    private static long sum(List<JsonNode> objects, String field) {
        return objects.stream().mapToLong(field(field)).sum();
    }

    private static long longest(List<JsonNode> objects, String field) {
        return objects.stream().mapToLong(field(field)).max().orElse(0);
    }

    private static ToLongFunction<JsonNode> field(String name) {
        return n -> n.path(name).asLong();
    }

    /** {@code count} per second over {@code nanos}; 0 over no time. */
    private static double perSecond(long count, long nanos) {
        return nanos == 0 ? 0 : count / (nanos / 1e9);
    }
}
