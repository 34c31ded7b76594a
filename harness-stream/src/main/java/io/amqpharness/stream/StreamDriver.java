package io.amqpharness.stream;

import com.rabbitmq.stream.BackOffDelayPolicy;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.EnvironmentBuilder;
import com.rabbitmq.stream.compression.CompressionCodecFactory;
import com.rabbitmq.stream.impl.Client;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.BrokerUnreachableException;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.PortProbe;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.topology.stream.StreamControl;
import io.amqpharness.topology.stream.StreamErrors;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.ssl.SslContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * RabbitMQ's stream protocol over stream-client: one {@link Environment} per run, which places
 * producers on each stream's leader and consumers on its members, and puts up to {@code -X}
 * producers ({@code -Y} consumers) on one connection. The nodes the broker advertises are reached
 * at the addresses of {@code --uri} ({@link AdvertisedAddresses}): with one address every
 * connection goes to it, whatever host the broker advertises (stream-perf-test's
 * {@code --load-balancer} idea), since a client on another machine, or behind a proxy or container
 * port mapping, often cannot reach a node's host name; with a cluster's nodes given, each advertised
 * node is reached at its own address, so producers go to leaders and consumers to replicas.
 */
final class StreamDriver implements ProtocolDriver {
    /** How often the client tries to reconnect a consumer whose connection dropped. */
    private static final java.time.Duration RECONNECT_EVERY = java.time.Duration.ofSeconds(1);
    /** How long the port check before the first connection waits for an answer. */
    private static final java.time.Duration PROBE_TIMEOUT = java.time.Duration.ofSeconds(1);
    /** A {@code "state" : WORD} pair of the client's connection account, whose value it leaves unquoted. */
    private static final java.util.regex.Pattern BARE_STATE = java.util.regex.Pattern.compile("(\"state\"\\s*:\\s*)([A-Za-z_]+)");
    private final DriverSettings settings;
    /** The stream protocol's own settings. */
    private final StreamSettings stream;
    private final BrokerUri uri;
    private final Optional<SslContext> tls;
    private final List<String> notes = new CopyOnWriteArrayList<>();
    private final Optional<ActiveConsumerGroup> group;
    private final CompressionCodecFactory codecs = new SubEntryCodecs();
    private Environment environment;
    /**
     * The run's Netty event loops, shared by its probe client and its environment, and closed without the
     * client's one-second quiet period (a client closing loops of its own waits that second, twice per run).
     */
    private final EventLoopGroup loops = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
    private BrokerCapabilities capabilities;
    private volatile StreamControl control;
    /** This instance's name ({@code %i} of {@code --producer-names}), looked up once. */
    private final String instance;

    StreamDriver(DriverSettings settings) {
        this.settings = settings;
        this.stream = settings.stream();
        this.instance = settings.instanceId();
        this.uri = settings.uri();
        this.tls = uri.tls() ? Optional.of(StreamTls.context(settings.tls())) : Optional.empty();
        this.group = stream.singleActiveConsumer()
                ? Optional.of(new ActiveConsumerGroup("harness-" + settings.runId())) : Optional.empty();
    }

    @Override
    public BrokerInfo connect() {
        // An AMQP port would keep the stream client waiting for its RPC timeout (10 s): ask the port first
        // (one short connection, which a stream port does not log).
        if (!uri.tls() && PortProbe.probe(uri.host(), uri.port(), PROBE_TIMEOUT) == PortProbe.Speaks.AMQP) {
            throw new BrokerUnreachableException(StreamErrors.amqpPort(uri), null);
        }
        // A plain client first: it fails at once with the reason (the environment would retry), and it
        // tells the broker's version, which the environment does not expose.
        Client.ClientParameters parameters = new Client.ClientParameters()
                .host(uri.host()).port(uri.port())
                .username(uri.username()).password(uri.password()).virtualHost(uri.virtualHost())
                .eventLoopGroup(loops);
        tls.ifPresent(parameters::sslContext);
        Map<String, String> props = new LinkedHashMap<>();
        try {
            Client client = new Client(parameters);
            try {
                String version = client.brokerVersion();
                props.put("version", version == null ? "unknown" : version);
                capabilities = new BrokerCapabilities(version, client.filteringSupported());
            } finally {
                client.close();
            }
        } catch (RuntimeException e) {
            throw new BrokerUnreachableException(StreamErrors.connectFailure(uri, e), e);
        }
        capabilities.refusal(stream, uri).ifPresent(sentence -> {
            throw new DriverException(sentence);
        });
        if (settings.links().consumers() > 0) {
            capabilities.deliveryNote().ifPresent(notes::add);
        }
        StreamSettings.Compression compression = stream.compression();
        if (stream.subEntrySize() > 1 && compression != StreamSettings.Compression.NONE) {
            CodecCheck.failure(compression, codecs.get(StreamPublisher.compression(compression))).ifPresent(sentence -> {
                throw new DriverException(sentence);
            });
        }
        environment = environment();
        control = new StreamControl(environment, stream, uri, notes);
        return new BrokerInfo("RabbitMQ", props.get("version"), "unknown", props);
    }

    private Environment environment() {
        AdvertisedAddresses nodes = new AdvertisedAddresses(settings.addresses().all());
        EnvironmentBuilder b = Environment.builder()
                .host(uri.host()).port(uri.port())
                .username(uri.username()).password(uri.password()).virtualHost(uri.virtualHost())
                .addressResolver(nodes::resolve)
                // the harness's messages encoded and read without an AMQP 1.0 message object each
                .codec(new HarnessCodec())
                // sub-entries compressed and read back in reused buffers, through the native libraries
                // where they load (SubEntryCodecs): for the producers and the consumers
                .compressionCodecFactory(codecs)
                // Consumers reconnect on their own (publishers through the core's recovery): every second,
                // not the client's default 5 s, so that a restart's outage is the broker's, not the wait.
                .recoveryBackOffDelayPolicy(BackOffDelayPolicy.fixedWithInitialDelay(RECONNECT_EVERY, RECONNECT_EVERY))
                .id("harness-" + settings.runId())
                .maxProducersByConnection(Math.min(255, settings.connections().publishersPerConnection()))
                .maxConsumersByConnection(Math.min(255, settings.connections().consumersPerConnection()))
                .netty().eventLoopGroup(loops).environmentBuilder();
        tls.ifPresent(ctx -> b.tls().sslContext(ctx));
        try {
            return b.build();
        } catch (RuntimeException e) {
            throw new BrokerUnreachableException(StreamErrors.connectFailure(uri, e), e);
        }
    }

    @Override
    public Map<String, String> facts() {
        StreamSettings.Compression compression = stream.compression();
        String codec = stream.subEntrySize() > 1 && compression != StreamSettings.Compression.NONE
                ? " (" + codecs.get(StreamPublisher.compression(compression)) + ")" : "";
        return Map.of("stream-batching", "batch size " + stream.batchSize() + ", sub-entry size "
                + stream.subEntrySize() + ", compression " + compression + codec);
    }

    /** The stream protocol's control: created by {@link #connect()} on the run's environment. */
    @Override
    public BrokerControl control() {
        if (control == null) {
            throw new IllegalStateException("connect() first");
        }
        return control;
    }

    /** Producer names opened in this run, checked on their first opening. */
    private final java.util.Set<String> namesOpened = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Override
    public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
        StreamPublisher publisher = new StreamPublisher(requireEnvironment(), spec, stream, instance, outcomes, notes);
        String name = publisher.name().orElse(null);
        // The first producer of a name in this run: a name that already published on the stream (an earlier
        // run's) would have the broker drop this run's messages up to its last id. A name reopened after a
        // recovery goes on where it was, which is the point.
        if (name != null && stream.superStreamPartitions().isEmpty() && namesOpened.add(name)) {
            long last;
            try {
                last = publisher.lastPublishingId();
            } catch (RuntimeException e) {
                publisher.close();
                throw e;
            }
            if (last > 0) {
                publisher.close();
                throw new DriverException(String.format("Producer name '%s' already published on stream '%s' "
                        + "(up to publishing id %,d): the broker would drop this run's messages up to that id as "
                        + "duplicates. Give --producer-names another template, or use a new stream.",
                        name, spec.routingKey(), last));
            }
        }
        return publisher;
    }

    @Override
    public ConsumerLink openConsumer(ConsumerSpec spec) {
        return new StreamConsumer(requireEnvironment(), spec, stream, group);
    }

    @Override
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /**
     * The stream client's account of its connections, as JSON: among others the node ({@code host:port}
     * as advertised) of each producer and consumer connection.
     */
    String clientConnections() {
        // the client writes each producer's and consumer's state as a bare word (OPEN): quoted here
        return BARE_STATE.matcher(requireEnvironment().toString()).replaceAll("$1\"$2\"");
    }

    private Environment requireEnvironment() {
        if (environment == null) {
            throw new IllegalStateException("connect() first");
        }
        return environment;
    }

    @Override
    public void close() {
        Environment env = environment;
        environment = null;
        if (env != null) {
            StreamControl c = control;
            if (c != null) {
                c.close();
            }
            try {
                env.close();
            } catch (RuntimeException e) {
                // closing anyway
            }
        }
        // Everything on the loops is closed: no quiet period to wait for, and at most a second for their threads.
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
}
