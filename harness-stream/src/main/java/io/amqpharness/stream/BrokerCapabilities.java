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

    /**
     * What a run with stream consumers should know about this broker's deliveries, as one sentence, or
     * empty. Up to RabbitMQ 4.2.1, a stream connection that has sent a consumer chunks and finds no
     * more sleeps 1 ms before it looks once more ({@code timer:sleep(1)} in
     * {@code rabbit_stream_reader:send_chunks/8}), and it does so too after each credit the client
     * gives back while the stream has nothing new; RabbitMQ 4.2.2 and 4.3 dropped the sleep. At a paced
     * rate of a message every millisecond or so, a chunk written during the sleep waits for its end,
     * which AMQP 1.0 consumers of the same stream do not. An unreadable version gets no note.
     */
    Optional<String> deliveryNote() {
        if (version == null || atLeast(4, 2, 2)) {
            return Optional.empty();
        }
        return Optional.of("RabbitMQ " + version + "'s stream connections sleep 1 ms after each delivery to a "
                + "consumer that reaches the end of the stream, and after each credit given while it has nothing "
                + "new (RabbitMQ 4.2.2 and later do not): at paced rates of hundreds of messages per second and "
                + "more, a message written during that sleep waits for its end, which adds about a "
                + "millisecond to the end-to-end latency.");
    }

    /** True if the version is at least {@code major.minor}; an unreadable version counts as new enough. */
    boolean atLeast(int major, int minor) {
        return atLeast(major, minor, 0);
    }

    /**
     * True if the version is at least {@code major.minor.patch}; an unreadable version counts as new
     * enough, and a pre-release ({@code 4.2.2-rc.1}) as its release.
     */
    boolean atLeast(int major, int minor, int patch) {
        if (version == null) {
            return true;
        }
        String[] parts = version.split("[.+-]");
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            int pa = parts.length > 2 ? Integer.parseInt(parts[2]) : 0;
            return ma != major ? ma > major : mi != minor ? mi > minor : pa >= patch;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
