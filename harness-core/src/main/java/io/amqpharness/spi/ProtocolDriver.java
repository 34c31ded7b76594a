package io.amqpharness.spi;

import io.amqpharness.HarnessException;
import java.util.OptionalLong;

/**
 * One run's connection to the broker over one protocol. Drivers translate between the core and
 * a client library: they connect, declare topology, send with a completion callback and deliver
 * with a settle handle. They never time, pace or count messages.
 *
 * <p>The runner calls {@link #connect()} first, then {@link #declare}, then opens consumers and
 * publishers, and finally {@link #delete} and {@link #close()}. Methods other than the links'
 * own are called from the runner's thread only.
 */
public interface ProtocolDriver extends AutoCloseable {

    /**
     * Opens the control connection and reads the broker's identity.
     *
     * @throws BrokerUnreachableException when the broker cannot be reached or refuses the credentials
     */
    BrokerInfo connect();

    /** Declares the plan's queues, exchanges and bindings; returns what it actually created. */
    DeclaredTopology declare(TopologyPlan plan);

    /** Deletes what {@link #declare} created. Best effort: failures are reported, not thrown. */
    void delete(DeclaredTopology topology);

    /** Messages ready in a queue, if the protocol can tell; empty otherwise. */
    OptionalLong queueDepth(String queue);

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
     * Opens the rendezvous named {@code name} on the broker, for the start barrier of several
     * instances ({@code --barrier}). Opens its own connection (or links on the driver's).
     *
     * @throws HarnessException if the broker cannot be reached or refuses it
     * @throws UnsupportedOperationException if this driver has no rendezvous
     */
    default Rendezvous rendezvous(String name) {
        throw new UnsupportedOperationException("this driver cannot open a rendezvous for --barrier");
    }

    /** Closes every connection the driver opened. Idempotent. */
    @Override
    void close();
}
