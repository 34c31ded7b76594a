package io.amqpharness.spi;

import java.util.OptionalLong;

/**
 * One run's connection to the broker over one protocol. Drivers translate between the core and
 * a client library: they connect, declare topology, send with a completion callback and deliver
 * with a settle handle. They never time, pace or count messages.
 *
 * <p>The runner calls {@link #connect()} first, then declares through {@link #control()}, then opens
 * consumers and publishers, and finally deletes and calls {@link #close()}. Methods other than the
 * links' own are called from the runner's thread only.
 */
public interface ProtocolDriver extends AutoCloseable {

    /**
     * Opens the control connection and reads the broker's identity.
     *
     * @throws BrokerUnreachableException when the broker cannot be reached or refuses the credentials
     */
    BrokerInfo connect();

    /**
     * The broker control of this driver's protocol (declare, delete, queue depth, rendezvous), over
     * the connection {@link #connect()} opened; closed by {@link #close()}.
     *
     * @throws IllegalStateException before {@link #connect()}
     */
    BrokerControl control();

    /** Opens a publisher. Outcomes of its sends are reported to {@code outcomes}. */
    PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes);

    /**
     * Opens a publisher whose messages ask for replies through AMQP 0.9.1 direct reply-to: its
     * channel consumes {@code amq.rabbitmq.reply-to} (automatic acknowledgements) before the first
     * send, every message carries that reply address, and the replies go to {@code replies}.
     * Default: not supported (only the AMQP 0.9.1 driver has it; the scenario's validation says so).
     *
     * @throws UnsupportedOperationException if the protocol has no direct reply-to
     */
    default PublisherLink openRequester(PublisherSpec spec, PublishOutcomeListener outcomes, DeliveryListener replies) {
        throw new UnsupportedOperationException("direct reply-to is an AMQP 0.9.1 feature");
    }

    /** Opens a consumer that does not receive until {@link ConsumerLink#start} is called. */
    ConsumerLink openConsumer(ConsumerSpec spec);

    /**
     * Sentences for the report about how this protocol shaped the run beyond the scenario's
     * settings (for example a broker's link credit bounding the confirm window). Called after
     * the run.
     */
    default java.util.List<String> notes() {
        return java.util.List.of();
    }

    /**
     * Facts about the connection worth keeping with the result, as key and value (for example
     * {@code address-format = v2}). Called after {@link #connect()}.
     */
    default java.util.Map<String, String> facts() {
        return java.util.Map.of();
    }

    /**
     * Declares the plan's topology.
     *
     * @deprecated use {@code control().declare(plan)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default DeclaredTopology declare(TopologyPlan plan) {
        return control().declare(plan);
    }

    /**
     * Deletes what was declared.
     *
     * @deprecated use {@code control().delete(topology)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default void delete(DeclaredTopology topology) {
        control().delete(topology);
    }

    /**
     * Messages ready in a queue, if the protocol can tell.
     *
     * @deprecated use {@code control().queueDepth(queue)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default OptionalLong queueDepth(String queue) {
        return control().queueDepth(queue);
    }

    /**
     * Opens a rendezvous for {@code --barrier}.
     *
     * @deprecated use {@code control().rendezvous(name)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Rendezvous rendezvous(String name) {
        return control().rendezvous(name);
    }

    /** Closes every connection the driver opened. Idempotent. */
    @Override
    void close();
}
