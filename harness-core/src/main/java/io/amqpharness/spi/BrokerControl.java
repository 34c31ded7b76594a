package io.amqpharness.spi;

import io.amqpharness.HarnessException;
import java.util.OptionalLong;

/**
 * What the core asks of the broker beside messages: declare and delete the run's topology, read a
 * queue's depth and meet other instances at a start barrier. The AMQP drivers share one
 * implementation over an AMQP 0.9.1 control connection (harness-topology's {@code TopologyControl});
 * the stream driver has its own over the stream protocol. A driver hands out its control with
 * {@link ProtocolDriver#control()} once connected, and closes it with itself. Called from the
 * runner's thread only (the depth also from the drain's).
 */
public interface BrokerControl {

    /** Declares the plan's queues, exchanges and bindings; returns what it actually created. */
    DeclaredTopology declare(TopologyPlan plan);

    /** Deletes what {@link #declare} created. Best effort: failures are reported, not thrown. */
    void delete(DeclaredTopology topology);

    /** Messages ready in a queue, if the protocol can tell. Default: empty (it cannot). */
    default OptionalLong queueDepth(String queue) {
        return OptionalLong.empty();
    }

    /**
     * Opens the rendezvous named {@code name} on the broker, for the start barrier of several
     * instances ({@code --barrier}). Opens its own connection (or links on the driver's).
     * Default: not supported.
     *
     * @throws HarnessException if the broker cannot be reached or refuses it
     * @throws UnsupportedOperationException if this driver has no rendezvous
     */
    default Rendezvous rendezvous(String name) {
        throw new UnsupportedOperationException("this driver cannot open a rendezvous for --barrier");
    }
}
