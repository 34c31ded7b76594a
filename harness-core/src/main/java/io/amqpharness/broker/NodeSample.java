package io.amqpharness.broker;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One broker node at one moment.
 *
 * @param name             the node's name, for example {@code rabbit@host}
 * @param memoryBytes      memory the node uses, bytes (the management API's {@code mem_used}, or the
 *                         resident memory from Prometheus)
 * @param memoryLimitBytes the memory high watermark, bytes, if the source tells
 * @param alarms           the resource alarms in effect: {@code memory}, {@code disk},
 *                         {@code file_descriptors}; empty when none
 * @param uptime           how long the node's runtime has been up (the management API's {@code uptime},
 *                         Prometheus {@code rabbitmq_erlang_uptime_seconds}), if the source tells: when
 *                         it goes down between samples the node restarted, and its counters with it
 */
public record NodeSample(String name, OptionalLong memoryBytes, OptionalLong memoryLimitBytes, List<String> alarms,
                         Optional<Duration> uptime) {
    public NodeSample {
        alarms = List.copyOf(alarms);
    }
}
