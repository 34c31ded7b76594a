package io.amqpharness.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An immutable, validated description of one run. Build it with {@link #builder()}; the CLI and
 * Java code go through the same builder and the same validation, so equal settings give equal
 * scenarios.
 *
 * <pre>{@code
 * Scenario s = Scenario.builder()
 *         .queueType(QueueType.QUORUM)
 *         .producers(2).consumers(2)
 *         .rate(1000)
 *         .confirm(100).qos(200).multiAckEvery(50)
 *         .time(Duration.ofSeconds(30))
 *         .build();
 * }</pre>
 */
public final class Scenario {
    /** Prefetch applied to stream consumers when none is given: streams require one. */
    public static final int DEFAULT_STREAM_PREFETCH = 200;
    /** Largest body the brokers accept by default (3.x: 128 MiB). */
    public static final int MAX_MESSAGE_SIZE = 128 * 1024 * 1024;
    /** Largest confirm window; the confirm tracker keeps a ring twice this size. */
    public static final int MAX_CONFIRM_WINDOW = 1 << 20;
    /** Most queues a pattern may name. */
    public static final int MAX_QUEUES = 10_000;

    private final BrokerAddresses addresses;
    private final String protocol;
    private final PublishSettings publishing;
    private final ConsumeSettings consuming;
    private final TopologySettings topology;
    private final RunSettings run;
    private final TlsSettings tls;
    private final Coordination coordination;
    private final ConnectionSettings connections;
    private final StreamSettings stream;

    Scenario(BrokerAddresses addresses, String protocol, PublishSettings publishing, ConsumeSettings consuming,
             TopologySettings topology, RunSettings run, TlsSettings tls, Coordination coordination,
             ConnectionSettings connections, StreamSettings stream) {
        this.stream = stream;
        this.coordination = coordination;
        this.addresses = addresses;
        this.connections = connections;
        this.protocol = protocol;
        this.tls = tls;
        this.publishing = publishing;
        this.consuming = consuming;
        this.topology = topology;
        this.run = run;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The broker address, or the first of several ({@link #addresses()}): where topology is declared
     * and whose host the broker's metrics are read from by default. Its {@code toString()} hides the
     * password.
     */
    public BrokerUri uri() {
        return addresses.primary();
    }

    /**
     * Every broker address, in the order given ({@code --uri a,b,c}): the run's connections start
     * on different ones in turn and fail over to the next; one address unless a list is given.
     */
    public BrokerAddresses addresses() {
        return addresses;
    }

    /** The driver id: {@code amqp091} (default), {@code amqp10} or {@code stream}. */
    public String protocol() {
        return protocol;
    }

    public PublishSettings publishing() {
        return publishing;
    }

    public ConsumeSettings consuming() {
        return consuming;
    }

    public TopologySettings topology() {
        return topology;
    }

    public RunSettings run() {
        return run;
    }

    /** TLS for {@code amqps://} addresses; {@link TlsSettings#DEFAULT} unless a {@code --tls-*} option is set. */
    public TlsSettings tls() {
        return tls;
    }

    /**
     * How this instance takes part in a workload of several instances: its name, start time and
     * barrier; {@link Coordination#NONE} unless {@code --instance}, {@code --start-at} or
     * {@code --barrier} is set.
     */
    public Coordination coordination() {
        return coordination;
    }

    /** How connections are opened, and the idle and churned connections beyond the publishers' and consumers'. */
    public ConnectionSettings connections() {
        return connections;
    }

    /** The stream protocol's batching ({@code --protocol stream}); {@link StreamSettings#DEFAULT} otherwise. */
    public StreamSettings stream() {
        return stream;
    }

    /** A builder holding this scenario's settings, to derive variants. */
    public Builder toBuilder() {
        return ScenarioCopier.toBuilder(this);
    }

    /**
     * The command-line options that reproduce this scenario (defaults left out), for example
     * {@code --queue-type quorum --confirm 100 --time 30s}. The password is redacted.
     */
    public List<String> toArguments() {
        return ScenarioArguments.of(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scenario s
                && addresses.equals(s.addresses) && protocol.equals(s.protocol) && publishing.equals(s.publishing)
                && consuming.equals(s.consuming) && topology.equals(s.topology) && run.equals(s.run)
                && tls.equals(s.tls) && coordination.equals(s.coordination) && connections.equals(s.connections)
                && stream.equals(s.stream);
    }

    @Override
    public int hashCode() {
        return Objects.hash(addresses, protocol, publishing, consuming, topology, run, tls, coordination, connections,
                stream);
    }

    @Override
    public String toString() {
        return String.join(" ", toArguments());
    }

    /**
     * Collects settings and validates them all at once in {@link #build()}. Not thread-safe.
     * Every setter documents its default; a setting left alone keeps it. The CLI option of each
     * setting is named in {@link Setting}.
     */
    public static final class Builder extends ScenarioDraft<Builder> {
        Builder() {
        }

        /**
         * Validates every setting and builds the scenario. Checks values only: whether the
         * protocol's driver is on the class path and accepts the scenario, and whether TLS files
         * load, is {@code io.amqpharness.run.Preflight}'s part, before a run.
         *
         * @throws ScenarioException listing every problem found, one sentence each
         */
        public Scenario build() {
            Problems p = new Problems(spelling);
            StreamChecks.applyDefaults(this);
            ScenarioValidator.validate(this, p);
            Scenario scenario = ScenarioAssembler.assemble(this);
            ScenarioValidator.declared(scenario, p);
            p.throwIfAny();
            return scenario;
        }

        @Override
        Builder self() {
            return this;
        }
    }

    /** Default drain timeout. */
    static final Duration DEFAULT_DRAIN = Duration.ofSeconds(30);
    /** Default confirm timeout. */
    static final Duration DEFAULT_CONFIRM_TIMEOUT = Duration.ofSeconds(30);
}
