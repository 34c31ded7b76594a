package io.amqpharness.broker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Reads the answers of the RabbitMQ management API (3.x and 4.x) that a sample needs:
 * {@code GET /api/queues/VHOST?columns=...}, {@code GET /api/nodes?columns=...} and
 * {@code GET /api/overview?columns=object_totals}. A field the broker leaves out (a queue whose
 * statistics have not been emitted yet, {@code message_stats} for AMQP 1.0 on 4.x) becomes an empty
 * value. Stateless.
 */
final class ManagementJson {
    /** The queue fields a sample asks for. */
    static final String QUEUE_COLUMNS = "name,type,leader,node,messages_ready,messages_unacknowledged,message_stats";
    /** The node fields a sample asks for. */
    static final String NODE_COLUMNS = "name,running,mem_used,mem_limit,mem_alarm,disk_free_alarm,uptime";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ManagementJson() {
    }

    /** The run's queues found in a queue listing, in the order of {@code names}; unknown ones are left out. */
    static List<QueueSample> queues(String json, List<String> names) {
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode q : array(json, "queue list")) {
            byName.put(q.path("name").asText(), q);
        }
        List<QueueSample> out = new ArrayList<>();
        for (String name : names) {
            JsonNode q = byName.get(name);
            if (q != null) {
                out.add(queue(q));
            }
        }
        return out;
    }

    static QueueSample queue(JsonNode q) {
        JsonNode stats = q.path("message_stats");
        OptionalLong published = number(stats, "publish");
        OptionalLong delivered = number(stats, "deliver_get");
        // A queue the management API has statistics for but no publishes yet shows no "publish" field.
        if (stats.isObject() && published.isEmpty()) {
            published = OptionalLong.of(0);
        }
        if (stats.isObject() && delivered.isEmpty()) {
            delivered = OptionalLong.of(0);
        }
        Optional<String> leader = text(q, "leader").or(() -> text(q, "node"));
        return new QueueSample(q.path("name").asText(), number(q, "messages_ready"),
                number(q, "messages_unacknowledged"), published, delivered,
                rate(stats, "publish_details"), rate(stats, "deliver_get_details"), leader);
    }

    /** The running nodes of a node listing. */
    static List<NodeSample> nodes(String json) {
        List<NodeSample> out = new ArrayList<>();
        for (JsonNode n : array(json, "node list")) {
            if (n.has("running") && !n.path("running").asBoolean()) {
                continue;
            }
            List<String> alarms = new ArrayList<>();
            if (n.path("mem_alarm").asBoolean(false)) {
                alarms.add("memory");
            }
            if (n.path("disk_free_alarm").asBoolean(false)) {
                alarms.add("disk");
            }
            OptionalLong uptime = number(n, "uptime");
            out.add(new NodeSample(n.path("name").asText(), number(n, "mem_used"), number(n, "mem_limit"), alarms,
                    uptime.isPresent() ? Optional.of(java.time.Duration.ofMillis(uptime.getAsLong())) : Optional.empty()));
        }
        return out;
    }

    /** {@code object_totals.connections} and {@code .channels} of the overview: two values, each possibly empty. */
    static OptionalLong[] totals(String json) {
        JsonNode totals = tree(json, "overview").path("object_totals");
        return new OptionalLong[] {number(totals, "connections"), number(totals, "channels")};
    }

    /** One listener of the overview's {@code listeners}: its node, protocol ({@code amqp}, {@code stream}, {@code http}, ...) and port. */
    record Listener(String node, String protocol, int port) {
    }

    /** The overview's {@code listeners}, of every node of the cluster. */
    static List<Listener> listeners(String json) {
        List<Listener> out = new ArrayList<>();
        for (JsonNode l : tree(json, "overview").path("listeners")) {
            if (l.path("port").isNumber()) {
                out.add(new Listener(l.path("node").asText(), l.path("protocol").asText(), l.path("port").asInt()));
            }
        }
        return out;
    }

    private static Iterable<JsonNode> array(String json, String what) {
        JsonNode node = tree(json, what);
        if (!node.isArray()) {
            throw new BrokerMetricsException("the management API's " + what + " is not a JSON array", null);
        }
        return node;
    }

    private static JsonNode tree(String json, String what) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new BrokerMetricsException("the management API's " + what + " is not JSON ("
                    + e.getOriginalMessage() + ")", e);
        }
    }

    private static OptionalLong number(JsonNode parent, String field) {
        JsonNode v = parent.path(field);
        return v.isNumber() ? OptionalLong.of(v.asLong()) : OptionalLong.empty();
    }

    private static OptionalDouble rate(JsonNode stats, String details) {
        JsonNode v = stats.path(details).path("rate");
        return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
    }

    private static Optional<String> text(JsonNode parent, String field) {
        JsonNode v = parent.path(field);
        return v.isTextual() && !v.asText().isEmpty() ? Optional.of(v.asText()) : Optional.empty();
    }
}
