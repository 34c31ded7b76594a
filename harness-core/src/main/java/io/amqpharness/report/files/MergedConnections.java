package io.amqpharness.report.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * What a merged result says about the broker and the connections: the broker metrics of one
 * instance (every instance watched the same broker) and the instances' connections added up.
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
        return sampled.get().result().path("brokerMetrics").deepCopy();
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
