package io.amqpharness.topology.stream;

import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.StreamCreator;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.Rendezvous;
import io.amqpharness.spi.TopologyPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The stream protocol's {@link BrokerControl}, on the run's {@link Environment}: creates the run's streams
 * (or super stream) unless they exist, deletes those it created, and meets other instances on a barrier
 * stream ({@link StreamRendezvous}). A stream's depth is not asked: a stream keeps what was read, so the
 * depth stays empty. Thread-safe.
 */
public final class StreamControl implements BrokerControl {
    private final Environment environment;
    private final StreamSettings stream;
    private final BrokerUri uri;
    /** The driver's notes for the report, where a stream that could not be deleted is told. */
    private final List<String> notes;
    /** The barrier streams this run opened: deleted when it ends, by then every instance has left them. */
    private final java.util.Set<String> rendezvousStreams = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * The control of a run's streams.
     *
     * @param environment the run's environment, which the control neither opens nor closes
     * @param stream      the run's stream settings (a super stream and its partitions)
     * @param uri         the broker, as sentences name it
     * @param notes       the driver's notes for the report, where a stream that could not be deleted is told
     */
    public StreamControl(Environment environment, StreamSettings stream, BrokerUri uri, List<String> notes) {
        this.environment = environment;
        this.stream = stream;
        this.uri = uri;
        this.notes = notes;
    }

    @Override
    public DeclaredTopology declare(TopologyPlan plan) {
        Environment env = environment;
        List<String> created = new ArrayList<>();
        java.util.OptionalInt partitions = stream.superStreamPartitions();
        for (TopologyPlan.Queue q : plan.queues()) {
            boolean exists;
            try {
                // A super stream is an exchange over its partitions: its first partition tells whether it exists.
                exists = env.streamExists(partitions.isPresent() ? q.name() + "-0" : q.name());
            } catch (RuntimeException e) {
                throw new DriverException(StreamErrors.operationFailure("Looking up stream '" + q.name() + "'", e), e);
            }
            if (exists) {
                continue;
            }
            if (plan.predeclared()) {
                throw new DriverException("The " + kind() + " '" + q.name() + "' does not exist on " + uri.redacted()
                        + ", and the run was told not to declare it (predeclared): create it or leave that out.");
            }
            StreamCreator creator = env.streamCreator().name(q.name());
            partitions.ifPresent(n -> creator.superStream().partitions(n).creator());
            q.arguments().forEach((k, v) -> {
                if (!k.equals("x-queue-type")) {
                    // The stream protocol names the queue arguments without their x- prefix.
                    creator.argument(k.startsWith("x-") ? k.substring(2) : k, String.valueOf(v));
                }
            });
            try {
                creator.create();
            } catch (com.rabbitmq.stream.StreamException e) {
                if (e.getCode() == com.rabbitmq.stream.Constants.RESPONSE_CODE_PRECONDITION_FAILED) {
                    throw new DriverException("The queue '" + q.name() + "' exists on " + uri.redacted()
                            + " and is not a " + kind() + " (or has other arguments), and --protocol stream reads and "
                            + "writes streams only: name another with --queue, or delete it.", e);
                }
                throw new DriverException(StreamErrors.operationFailure("Creating " + kind() + " '" + q.name() + "'", e), e);
            } catch (RuntimeException e) {
                throw new DriverException(StreamErrors.operationFailure("Creating " + kind() + " '" + q.name() + "'", e), e);
            }
            created.add(q.name());
        }
        return new DeclaredTopology(created, List.of());
    }

    @Override
    public void delete(DeclaredTopology topology) {
        Environment env = environment;
        for (String name : topology.queues()) {
            try {
                // after a restart the client may still be reconnecting: tried again for a few seconds
                new DeletionRetry(DeletionRetry.SYSTEM).run(() -> {
                    if (stream.superStreamPartitions().isPresent()) {
                        env.deleteSuperStream(name);
                    } else {
                        env.deleteStream(name);
                    }
                });
            } catch (RuntimeException e) {
                notes.add("The " + kind() + " '" + name + "' could not be deleted: " + StreamErrors.describe(e) + ".");
            }
        }
    }

    private String kind() {
        return stream.superStreamPartitions().isPresent() ? "super stream" : "stream";
    }

    /**
     * A rendezvous over the stream protocol ({@link StreamRendezvous}): the stream port is all a stream
     * run is given, and it speaks no AMQP 0.9.1.
     */
    @Override
    public Rendezvous rendezvous(String name) {
        StreamRendezvous r = StreamRendezvous.open(environment, name);
        rendezvousStreams.add(StreamRendezvous.streamOf(name));
        return r;
    }

    /** Deletes the barrier streams this run opened; called by the driver before it closes the environment. */
    public void close() {
        for (String s : rendezvousStreams) {
            try {
                environment.deleteStream(s);
            } catch (RuntimeException e) {
                // another instance deleted it first, or the broker is gone: its retention bounds what is left
            }
        }
    }
}
