package io.amqpharness.fault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerMetrics;
import io.amqpharness.scenario.BrokerUri;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes faults on a RabbitMQ broker: {@code close-connections} and {@code delete-queue} through the management
 * API (of each address in turn, AMQP port + 10000), node faults through {@code --fault-ctl} (by default
 * {@code rabbitmqctl -n {node}}), {@code command} through {@code sh -c}. A memory alarm reads the node's
 * watermark first and puts that back. Called from one thread at a time.
 */
public final class BrokerFaultActions implements FaultActions {
    /** The watermark of {@code memory-alarm}: so low that any node is over it. */
    static final String ALARM_WATERMARK = "0.0000001";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FaultPlan plan;
    private final BrokerAddresses addresses;
    private final String connectionPrefix;
    private final List<String> queues;
    private final Management management;
    private final Commands commands;
    private final Map<Fault, String> watermarks = new ConcurrentHashMap<>();

    /**
     * @param plan      the faults and {@code --fault-ctl}
     * @param addresses the run's broker addresses (their credentials reach the management API)
     * @param runId     the run's id: its connections are named {@code harness-<runId>-...}
     * @param queues    the run's queues; {@code delete-queue} without {@code queue=} deletes the first
     */
    public BrokerFaultActions(FaultPlan plan, BrokerAddresses addresses, String runId, List<String> queues) {
        this.plan = plan;
        this.addresses = addresses;
        this.connectionPrefix = "harness-" + runId + "-";
        this.queues = List.copyOf(queues);
        BrokerUri first = addresses.primary();
        List<URI> apis = new ArrayList<>();
        for (BrokerUri u : addresses.all()) {
            apis.addAll(BrokerMetrics.managementCandidates(u));
        }
        this.management = new Management(apis, first.username(), first.password());
        this.commands = new Commands(addresses);
    }

    @Override
    public void begin(Fault fault) throws Exception {
        switch (fault.kind()) {
            case CLOSE_CONNECTIONS -> closeConnections();
            case DELETE_QUEUE -> deleteQueue(fault.queue().orElseGet(() -> queues.isEmpty() ? "" : queues.get(0)));
            case STOP_NODE -> commands.run(plan.ctlFor(fault.node()) + " stop_app");
            case RESTART_BROKER -> {
                commands.run(plan.ctlFor(fault.node()) + " stop_app");
                commands.run(plan.ctlFor(fault.node()) + " start_app");
            }
            case MEMORY_ALARM -> {
                String ctl = plan.ctlFor(fault.node());
                watermarks.put(fault, watermark(commands.run(ctl
                        + " -q eval 'vm_memory_monitor:get_vm_memory_high_watermark().'")));
                commands.run(ctl + " set_vm_memory_high_watermark " + ALARM_WATERMARK);
            }
            case COMMAND -> commands.run(fault.run().orElseThrow());
        }
    }

    @Override
    public void end(Fault fault) throws Exception {
        switch (fault.kind()) {
            case STOP_NODE -> commands.run(plan.ctlFor(fault.node()) + " start_app");
            case MEMORY_ALARM -> commands.run(plan.ctlFor(fault.node()) + " set_vm_memory_high_watermark "
                    + watermarks.getOrDefault(fault, "0.4"));
            case COMMAND -> {
                if (fault.undo().isPresent()) {
                    commands.run(fault.undo().get());
                }
            }
            default -> { }
        }
    }

    /**
     * The arguments of {@code set_vm_memory_high_watermark} that put back what
     * {@code vm_memory_monitor:get_vm_memory_high_watermark()} printed: {@code 0.6}, or
     * {@code absolute 1073741824} for {@code {absolute,1073741824}}; {@code 0.4} if it printed neither.
     */
    static String watermark(String printed) {
        String t = printed.trim();
        java.util.regex.Matcher absolute = java.util.regex.Pattern.compile("absolute\\D*(\\d+)").matcher(t);
        if (absolute.find()) {
            return "absolute " + absolute.group(1);
        }
        java.util.regex.Matcher relative = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?(?:e-?\\d+)?)").matcher(t);
        return relative.find() ? relative.group(1) : "0.4";
    }

    @Override
    public Map<String, String> connectionNodes() {
        Map<String, String> nodes = new LinkedHashMap<>();
        try {
            for (JsonNode c : JSON.readTree(management.get("/connections"))) {
                // The control and barrier connections carry no messages: left out of the nodes' counts.
                runName(c).filter(n -> !n.endsWith("-control") && !n.endsWith("-barrier"))
                        .ifPresent(n -> nodes.put(n, c.path("node").asText()));
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return nodes;
    }

    private Optional<String> runName(JsonNode c) {
        for (String name : new String[] {c.path("client_properties").path("connection_name").asText(""),
                c.path("user_provided_name").asText(""), c.path("container_id").asText("")}) {
            if (name.startsWith(connectionPrefix)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    private void closeConnections() throws IOException {
        int closed = 0;
        for (JsonNode c : JSON.readTree(management.get("/connections"))) {
            if (runName(c).isPresent()) {
                management.delete("/connections/" + encode(c.path("name").asText()), Map.of("X-Reason",
                        "closed by --fault close-connections"));
                closed++;
            }
        }
        if (closed == 0) {
            throw new IOException("the management API listed none of the run's connections (" + connectionPrefix
                    + "...) to close");
        }
    }

    private void deleteQueue(String queue) throws IOException {
        if (queue.isEmpty()) {
            throw new IOException("the run has no queue of its own to delete; give queue=NAME");
        }
        management.delete("/queues/" + encode(addresses.primary().virtualHost()) + "/" + encode(queue), Map.of());
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
