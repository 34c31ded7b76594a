package io.amqpharness.broker;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What one scrape of {@code rabbitmq_prometheus}'s aggregated {@code /metrics} says about the node:
 * memory, alarms, connections, channels, the message counters and the Erlang runtime clock for
 * CPU use. Keeps the previous runtime reading to turn it into cores, so one instance serves one
 * endpoint, from one thread at a time.
 */
final class NodeScrape {
    private final BrokerHttp http;
    private final URI url;
    private double lastRuntimeMillis = Double.NaN;
    private double lastWallMillis = Double.NaN;

    NodeScrape(BrokerHttp http, URI url) {
        this.http = http;
        this.url = url;
    }

    URI url() {
        return url;
    }

    /** One reading of the node. */
    record Reading(NodeSample node, OptionalLong connections, OptionalLong channels, OptionalDouble cpuCores,
                   OptionalLong received, OptionalLong delivered) {
    }

    Reading read() {
        return reading(PrometheusText.parse(http.get(url)));
    }

    Reading reading(PrometheusText m) {
        List<String> alarms = new ArrayList<>();
        alarm(m, "rabbitmq_alarms_memory_used_watermark", "memory", alarms);
        alarm(m, "rabbitmq_alarms_free_disk_space_watermark", "disk", alarms);
        alarm(m, "rabbitmq_alarms_file_descriptor_limit", "file_descriptors", alarms);
        String name = m.series("rabbitmq_identity_info").stream().map(s -> s.labels().get("rabbitmq_node"))
                .filter(n -> n != null).findFirst().orElse(url.getHost());
        NodeSample node = new NodeSample(name, whole(m.sum("rabbitmq_process_resident_memory_bytes")),
                whole(m.sum("rabbitmq_resident_memory_limit_bytes")), alarms,
                m.sum("rabbitmq_erlang_uptime_seconds").stream()
                        .mapToObj(sec -> java.time.Duration.ofMillis(Math.round(sec * 1000))).findFirst());
        return new Reading(node, whole(m.sum("rabbitmq_connections")), whole(m.sum("rabbitmq_channels")), cpu(m),
                whole(m.sum("rabbitmq_global_messages_received_total")),
                whole(m.sum("rabbitmq_global_messages_delivered_total")));
    }

    /** Erlang runtime (CPU time of all schedulers) over the broker's wall clock since the previous scrape, in cores. */
    private OptionalDouble cpu(PrometheusText m) {
        OptionalDouble runtime = m.sum("erlang_vm_statistics_runtime_milliseconds");
        OptionalDouble wall = m.sum("erlang_vm_statistics_wallclock_time_milliseconds");
        if (runtime.isEmpty() || wall.isEmpty()) {
            return OptionalDouble.empty();
        }
        double dRuntime = runtime.getAsDouble() - lastRuntimeMillis;
        double dWall = wall.getAsDouble() - lastWallMillis;
        lastRuntimeMillis = runtime.getAsDouble();
        lastWallMillis = wall.getAsDouble();
        return Double.isNaN(dWall) || dWall <= 0 || dRuntime < 0 ? OptionalDouble.empty()
                : OptionalDouble.of(dRuntime / dWall);
    }

    private static void alarm(PrometheusText m, String metric, String name, List<String> out) {
        if (m.sum(metric).orElse(0) > 0) {
            out.add(name);
        }
    }

    private static OptionalLong whole(OptionalDouble d) {
        return d.isPresent() ? OptionalLong.of(Math.round(d.getAsDouble())) : OptionalLong.empty();
    }
}
