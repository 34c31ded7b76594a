package io.amqpharness.stream;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.StreamSettings;
import java.util.Optional;

/**
 * What the broker's stream plugin can do, as far as the run's options need it: single active
 * consumers came with RabbitMQ 3.11, super stream management and stream filtering with 3.13.
 *
 * @param version   the broker's version as it reports it, or null if it did not
 * @param filtering whether the broker announced stream filtering (publish command version 2)
 */
record BrokerCapabilities(String version, boolean filtering) {

    /** The first option the broker cannot serve, as one sentence, or empty if it can serve them all. */
    Optional<String> refusal(StreamSettings s, BrokerUri uri) {
        String broker = "RabbitMQ " + (version == null ? "(version unknown)" : version) + " at " + uri.redacted();
        if (s.singleActiveConsumer() && !atLeast(3, 11)) {
            return Optional.of(broker + " has no single active consumer for streams (RabbitMQ 3.11 or later has it); "
                    + "leave --single-active-consumer out.");
        }
        if (s.superStreamPartitions().isPresent() && !atLeast(3, 13)) {
            return Optional.of(broker + " cannot create super streams over the stream protocol (RabbitMQ 3.13 or "
                    + "later can); leave --super-stream out.");
        }
        if ((!s.publisherFilterValues().isEmpty() || !s.consumerFilterValues().isEmpty()) && !filtering) {
            return Optional.of(broker + " has no stream filtering (RabbitMQ 3.13 or later has it); leave "
                    + "--filter-value and --filter-values out.");
        }
        return Optional.empty();
    }

    /** True if the version is at least {@code major.minor}; an unreadable version counts as new enough. */
    boolean atLeast(int major, int minor) {
        if (version == null) {
            return true;
        }
        String[] parts = version.split("[.+-]");
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return ma > major || ma == major && mi >= minor;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
