package io.amqpharness.scenario;

import io.amqpharness.spi.Drivers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

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

    private final BrokerUri uri;
    private final String protocol;
    private final PublishSettings publishing;
    private final ConsumeSettings consuming;
    private final TopologySettings topology;
    private final RunSettings run;

    private Scenario(BrokerUri uri, String protocol, PublishSettings publishing, ConsumeSettings consuming,
                     TopologySettings topology, RunSettings run) {
        this.uri = uri;
        this.protocol = protocol;
        this.publishing = publishing;
        this.consuming = consuming;
        this.topology = topology;
        this.run = run;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The broker address; its {@code toString()} hides the password. */
    public BrokerUri uri() {
        return uri;
    }

    /** The driver id: {@code amqp091} (default) or {@code amqp10}. */
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

    /** A builder holding this scenario's settings, to derive variants. */
    public Builder toBuilder() {
        Builder b = new Builder()
                .uri(uri.uri().toString())
                .protocol(protocol)
                .producers(publishing.producers())
                .consumers(consuming.consumers())
                .size(publishing.messageSizeBytes())
                .confirmTimeout(publishing.confirmTimeout())
                .autoAck(consuming.autoAck())
                .multiAckEvery(consuming.ackEvery())
                .interval(run.interval())
                .drainTimeout(run.drainTimeout())
                .clock(run.clock())
                .queueType(topology.queueType())
                .exchange(topology.exchange())
                .predeclared(topology.predeclared())
                .keepTopology(topology.keep())
                .addressFormat(topology.addressFormat());
        publishing.ratePerProducer().ifPresent(b::rate);
        publishing.messagesPerProducer().ifPresent(b::producerMessageCount);
        publishing.confirmWindow().ifPresent(b::confirm);
        publishing.flags().forEach(b::flag);
        consuming.prefetch().ifPresent(b::qos);
        consuming.ackTimeout().ifPresent(b::ackTimeout);
        consuming.messagesPerConsumer().ifPresent(b::consumerMessageCount);
        consuming.streamOffset().ifPresent(b::streamOffset);
        consuming.consumerLatency().ifPresent(b::consumerLatency);
        topology.queue().ifPresent(b::queue);
        topology.routingKey().ifPresent(b::routingKey);
        run.time().ifPresent(b::time);
        return b;
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
                && uri.equals(s.uri) && protocol.equals(s.protocol) && publishing.equals(s.publishing)
                && consuming.equals(s.consuming) && topology.equals(s.topology) && run.equals(s.run);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, protocol, publishing, consuming, topology, run);
    }

    @Override
    public String toString() {
        return String.join(" ", toArguments());
    }

    /**
     * Collects settings and validates them all at once in {@link #build()}. Not thread-safe.
     * Every setter documents its default; a setting left alone keeps it.
     */
    public static final class Builder {
        private final Map<Setting, String> spelling = new EnumMap<>(Setting.class);
        private String uri = BrokerUri.DEFAULT.uri().toString();
        private String protocol = "amqp091";
        private int producers = 1;
        private int consumers = 1;
        private long size = 12;
        private Double rate;
        private Duration time;
        private Long producerMessages;
        private Long consumerMessages;
        private Integer confirm;
        private Duration confirmTimeout = Duration.ofSeconds(30);
        private Integer qos;
        private boolean autoAck;
        private int multiAckEvery = 1;
        private Duration ackTimeout;
        private final Set<MessageFlag> flags = EnumSet.noneOf(MessageFlag.class);
        private Duration interval = Duration.ofSeconds(1);
        private QueueType queueType = QueueType.CLASSIC;
        private String queue;
        private String exchange = "";
        private String routingKey;
        private boolean predeclared;
        private boolean keepTopology;
        private StreamOffset streamOffset;
        private DurationRange consumerLatency;
        private AddressFormat addressFormat = AddressFormat.AUTO;
        private Duration drainTimeout = Duration.ofSeconds(30);
        private ClockMode clock = ClockMode.MONOTONIC;

        private Builder() {
        }

        /** Records how the user spelled an option ({@code -q} or {@code --qos}) for messages. */
        public Builder spelledAs(Setting setting, String spelling) {
            this.spelling.put(setting, spelling);
            return this;
        }

        /** Broker address, {@code amqp://user:pass@host:port/vhost}; default {@code amqp://localhost:5672}. */
        public Builder uri(String uri) {
            this.uri = uri;
            return this;
        }

        /** Driver id, {@code amqp091} (default) or {@code amqp10}. */
        public Builder protocol(String protocol) {
            this.protocol = protocol;
            return this;
        }

        /** Number of publishers; default 1. */
        public Builder producers(int producers) {
            this.producers = producers;
            return this;
        }

        /** Number of consumers; default 1. */
        public Builder consumers(int consumers) {
            this.consumers = consumers;
            return this;
        }

        /** Body size in bytes, at least 12; default 12. */
        public Builder size(long bytes) {
            this.size = bytes;
            return this;
        }

        /** Intended rate per publisher in messages per second (fractions allowed, 0 = idle); default unpaced. */
        public Builder rate(double messagesPerSecond) {
            this.rate = messagesPerSecond;
            return this;
        }

        /** Stop publishing after this long; default no limit. */
        public Builder time(Duration time) {
            this.time = time;
            return this;
        }

        /** Messages each publisher sends before it stops; default no limit. */
        public Builder producerMessageCount(long count) {
            this.producerMessages = count;
            return this;
        }

        /** Messages each consumer receives before it stops; default no limit. */
        public Builder consumerMessageCount(long count) {
            this.consumerMessages = count;
            return this;
        }

        /** Use publisher confirms with at most this many unconfirmed messages per publisher; default off. */
        public Builder confirm(int window) {
            this.confirm = window;
            return this;
        }

        /** Count a message as timed out when unconfirmed for this long; default 30 s. */
        public Builder confirmTimeout(Duration timeout) {
            this.confirmTimeout = timeout;
            return this;
        }

        /** Consumer prefetch (link credit for AMQP 1.0), 1 to 65535; default unlimited (200 for streams). */
        public Builder qos(int prefetch) {
            this.qos = prefetch;
            return this;
        }

        /** Let the broker settle messages as it sends them; default false. */
        public Builder autoAck(boolean autoAck) {
            this.autoAck = autoAck;
            return this;
        }

        /** Acknowledge every N messages with the multiple flag; default 1 (each message). */
        public Builder multiAckEvery(int n) {
            this.multiAckEvery = n;
            return this;
        }

        /** Acknowledge pending messages after this long even if fewer than N arrived; default off. */
        public Builder ackTimeout(Duration timeout) {
            this.ackTimeout = timeout;
            return this;
        }

        /** Adds a message flag. */
        public Builder flag(MessageFlag flag) {
            this.flags.add(flag);
            return this;
        }

        /** Reporting interval; default 1 s. */
        public Builder interval(Duration interval) {
            this.interval = interval;
            return this;
        }

        /** Queue type to declare; default classic. */
        public Builder queueType(QueueType type) {
            this.queueType = type;
            return this;
        }

        /** Queue name; default {@code harness-<run id>}. */
        public Builder queue(String queue) {
            this.queue = queue;
            return this;
        }

        /** Exchange to publish to; {@code ""} or {@code amq.default} is the default exchange (default). */
        public Builder exchange(String exchange) {
            this.exchange = exchange;
            return this;
        }

        /** Routing key (and binding key); default the queue name. */
        public Builder routingKey(String routingKey) {
            this.routingKey = routingKey;
            return this;
        }

        /** Use existing topology: declare and delete nothing; default false. */
        public Builder predeclared(boolean predeclared) {
            this.predeclared = predeclared;
            return this;
        }

        /** Keep what the run declared; default false (delete it at the end). */
        public Builder keepTopology(boolean keep) {
            this.keepTopology = keep;
            return this;
        }

        /** Where stream consumers start; default the broker's (next). */
        public Builder streamOffset(StreamOffset offset) {
            this.streamOffset = offset;
            return this;
        }

        /** Simulated processing time per message before it is settled; default none. */
        public Builder consumerLatency(DurationRange latency) {
            this.consumerLatency = latency;
            return this;
        }

        /** AMQP 1.0 address format; default {@link AddressFormat#AUTO} (from the broker's version). */
        public Builder addressFormat(AddressFormat format) {
            this.addressFormat = format;
            return this;
        }

        /** How long to wait for outstanding confirms and deliveries after publishing stops; default 30 s. */
        public Builder drainTimeout(Duration timeout) {
            this.drainTimeout = timeout;
            return this;
        }

        /**
         * What message timestamps mean; default {@link ClockMode#MONOTONIC}. Use a wall clock when
         * publishers and consumers run in different processes.
         */
        public Builder clock(ClockMode mode) {
            this.clock = mode;
            return this;
        }

        /**
         * Validates every setting and builds the scenario.
         *
         * @throws ScenarioException listing every problem found, one sentence each
         */
        public Scenario build() {
            Problems p = new Problems(spelling);
            Optional<BrokerUri> brokerUri = BrokerUri.parse(uri == null ? "" : uri);
            if (brokerUri.isEmpty()) {
                p.add(Setting.URI, "%s must be an amqp:// or amqps:// address with a host, for example "
                        + "%1$s amqp://guest:guest@localhost:5672/%%2F");
            }
            ScenarioValidator.validateGeneric(this, p);
            String exchangeName = "amq.default".equals(exchange) ? "" : exchange;
            int effectiveSize = (int) Math.min(Math.max(size, 0), MAX_MESSAGE_SIZE);
            OptionalInt prefetch = qos != null ? OptionalInt.of(qos)
                    : queueType == QueueType.STREAM && consumers > 0 && !autoAck
                    ? OptionalInt.of(DEFAULT_STREAM_PREFETCH) : OptionalInt.empty();
            Scenario scenario = new Scenario(
                    brokerUri.orElse(BrokerUri.DEFAULT),
                    protocol == null ? "" : protocol,
                    new PublishSettings(producers, effectiveSize,
                            rate == null ? OptionalDouble.empty() : OptionalDouble.of(rate),
                            producerMessages == null ? OptionalLong.empty() : OptionalLong.of(producerMessages),
                            confirm == null ? OptionalInt.empty() : OptionalInt.of(confirm),
                            confirmTimeout == null ? Duration.ofSeconds(30) : confirmTimeout, flags),
                    new ConsumeSettings(consumers, prefetch, autoAck, multiAckEvery,
                            Optional.ofNullable(ackTimeout),
                            consumerMessages == null ? OptionalLong.empty() : OptionalLong.of(consumerMessages),
                            Optional.ofNullable(streamOffset), Optional.ofNullable(consumerLatency)),
                    new TopologySettings(queueType == null ? QueueType.CLASSIC : queueType,
                            Optional.ofNullable(queue), exchangeName == null ? "" : exchangeName,
                            Optional.ofNullable(routingKey), predeclared, keepTopology,
                            addressFormat == null ? AddressFormat.AUTO : addressFormat),
                    new RunSettings(Optional.ofNullable(time), interval == null ? Duration.ofSeconds(1) : interval,
                            drainTimeout == null ? Duration.ofSeconds(30) : drainTimeout,
                            clock == null ? ClockMode.MONOTONIC : clock));
            if (p.isEmpty()) {
                Drivers.find(scenario.protocol()).ifPresentOrElse(
                        provider -> provider.validate(scenario, p),
                        () -> p.add(Setting.PROTOCOL, "%s '%s' is not a protocol this harness knows; use one of %s",
                                scenario.protocol(), String.join(", ", Drivers.ids())));
            }
            p.throwIfAny();
            return scenario;
        }

        // Package-private views for the validator.
        int producers() { return producers; }
        int consumers() { return consumers; }
        long size() { return size; }
        Double rate() { return rate; }
        Duration time() { return time; }
        Long producerMessages() { return producerMessages; }
        Long consumerMessages() { return consumerMessages; }
        Integer confirm() { return confirm; }
        Duration confirmTimeout() { return confirmTimeout; }
        Integer qos() { return qos; }
        boolean autoAck() { return autoAck; }
        int multiAckEvery() { return multiAckEvery; }
        Duration ackTimeout() { return ackTimeout; }
        Duration interval() { return interval; }
        QueueType queueType() { return queueType; }
        String queue() { return queue; }
        String exchange() { return exchange; }
        String routingKey() { return routingKey; }
        boolean predeclared() { return predeclared; }
        StreamOffset streamOffset() { return streamOffset; }
        Duration drainTimeout() { return drainTimeout; }
        String protocol() { return protocol; }
        List<MessageFlag> flags() { return new ArrayList<>(flags); }
    }
}
