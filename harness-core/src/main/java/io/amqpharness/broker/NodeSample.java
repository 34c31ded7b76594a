package io.amqpharness.broker;

import java.util.List;
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
 */
public record NodeSample(String name, OptionalLong memoryBytes, OptionalLong memoryLimitBytes, List<String> alarms) {
    public NodeSample {
        alarms = List.copyOf(alarms);
    }
}
