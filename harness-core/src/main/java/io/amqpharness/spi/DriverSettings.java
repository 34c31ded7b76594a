package io.amqpharness.spi;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.ConnectionSettings;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.scenario.TlsSettings;
import java.util.OptionalInt;

/**
 * What a driver gets to know about the run it serves: where the broker is and how to reach it, the
 * shape of its connections, what its links will be asked to do (for the driver's facts and notes), and
 * each protocol's own settings. The core computes every value once ({@link #of}); a driver reads these,
 * never the scenario. Immutable.
 *
 * @param runId       short id of this run, unique enough to name connections and generated queues
 * @param instanceId  this instance's name ({@code --instance}, or the host's), for names that must differ
 *                    between instances (a stream producer's {@code %i})
 * @param addresses   the broker's addresses ({@code --uri}); the first is the primary
 * @param tls         TLS settings for {@code amqps://} and {@code rabbitmq-stream+tls://} addresses
 * @param connections how many connections the run opens and how their I/O is shared
 * @param links       what the run's publishers and consumers do, as a driver describes it in its facts
 * @param amqp10      the AMQP 1.0 driver's own settings
 * @param stream      the stream protocol's own settings ({@code --batch-size}, {@code --super-stream}...)
 */
public record DriverSettings(String runId, String instanceId, BrokerAddresses addresses, TlsSettings tls,
                             Connections connections, Links links, Amqp10 amqp10, StreamSettings stream) {

    /** The primary address. */
    public BrokerUri uri() {
        return addresses.primary();
    }

    /**
     * The run's connections.
     *
     * @param planned                 the most connections the run opens at once (links, idle and churned ones)
     * @param nioThreads              threads shared by the connections' non-blocking I/O ({@code --nio-threads}
     *                                or the automatic choice); 0 for blocking I/O, a thread per connection
     * @param publishersPerConnection publisher links on one connection ({@code --producer-channel-count})
     * @param consumersPerConnection  consumer links on one connection ({@code --consumer-channel-count})
     * @param consumersWait           consumers may wait in their delivery callback (a consumer rate or
     *                                simulated processing time), so deliveries must not be handed to them
     *                                on a thread that other connections need
     */
    public record Connections(int planned, int nioThreads, int publishersPerConnection, int consumersPerConnection,
                              boolean consumersWait) {
    }

    /**
     * What the run's links do.
     *
     * @param publishers           publisher links of the first step
     * @param consumers            consumer links of the first step
     * @param confirms             publishers send with confirms (1.0: unsettled)
     * @param maxInFlight          the largest confirm window over the run (see {@link PublisherSpec#maxInFlight()})
     * @param autoAck              the broker settles deliveries on send
     * @param prefetch             the consumers' prefetch (link credit); empty for none given (the protocol's default)
     * @param batchedAcks          consumers hold their acks ({@code --multi-ack-every} above 1 or {@code --ack-timeout})
     * @param queueType            the run's queue type
     * @param streamOffset         consumers of a stream start at a given offset ({@code --stream-offset})
     * @param routingKeyPerMessage sends name their own routing key ({@code --random-routing-key},
     *                             {@code --routing-keys}); a driver
     *                             that fixes the key when a link opens must carry it per message
     */
    public record Links(int publishers, int consumers, boolean confirms, OptionalInt maxInFlight, boolean autoAck,
                        OptionalInt prefetch, boolean batchedAcks, QueueType queueType,
                        boolean streamOffset, boolean routingKeyPerMessage) {
    }

    /**
     * The AMQP 1.0 driver's settings.
     *
     * @param addressFormat the address format asked for ({@code --address-format}); {@code AUTO} lets the
     *                      driver choose by the broker's version
     */
    public record Amqp10(AddressFormat addressFormat) {
    }

    /**
     * The settings of one run of {@code scenario}.
     *
     * @param runId short id of the run, unique enough to name connections and generated queues
     */
    public static DriverSettings of(Scenario scenario, String runId) {
        PublishSettings p = scenario.publishing();
        ConsumeSettings c = scenario.consuming();
        int planned = ConnectionSettings.planned(scenario);
        Connections connections = new Connections(planned,
                scenario.connections().nioThreadsFor(planned, ConnectionSettings.busy(scenario)),
                p.channelsPerProducer(), c.channelsPerConsumer(),
                c.consumerLatency().isPresent() || c.consumerRate().isPresent());
        Links links = new Links(p.publishers(), c.consumerChannels(), p.confirms(), largestWindow(scenario),
                c.autoAck(), c.prefetch(),
                c.ackEvery() > 1 || c.ackTimeout().isPresent(), scenario.topology().queueType(),
                c.streamOffset().isPresent(),
                scenario.topology().randomRoutingKey() || p.shape().routingKeys().isPresent());
        return new DriverSettings(runId, scenario.coordination().instanceId(), scenario.addresses(), scenario.tls(),
                connections, links, new Amqp10(scenario.topology().addressFormat()), scenario.stream());
    }

    /**
     * The most messages one publisher of {@code scenario} may have awaiting an outcome: the largest confirm
     * window of its step plan, or its transaction size; empty without confirms.
     */
    public static OptionalInt largestWindow(Scenario scenario) {
        PublishSettings p = scenario.publishing();
        OptionalInt window = p.confirmWindow().isPresent() ? p.confirmWindow() : p.txSize();
        if (window.isEmpty()) {
            return OptionalInt.empty();
        }
        int stepped = scenario.run().steps().flatMap(plan -> plan.max(StepSetting.CONFIRM)).map(Double::intValue)
                .orElse(0);
        return OptionalInt.of(Math.max(window.getAsInt(), stepped));
    }
}
