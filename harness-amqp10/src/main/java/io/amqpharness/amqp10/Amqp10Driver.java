package io.amqpharness.amqp10;

import io.amqpharness.amqp10.engine.Amqp10Connections;
import io.amqpharness.amqp10.engine.Amqp10Errors;
import io.amqpharness.amqp10.engine.EngineConnection;
import io.amqpharness.amqp10.engine.Links;
import io.amqpharness.amqp10.engine.RemoteClosedException;
import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.topology.ConnectionPool;
import io.amqpharness.topology.TopologyControl;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.ReceiverSettleMode;
import org.apache.qpid.protonj2.types.transport.SenderSettleMode;

/**
 * AMQP 1.0 over protonj2's protocol engine, driven by {@link EngineConnection}. Topology goes over an AMQP 0.9.1 control connection (the one way
 * that works on RabbitMQ 3.x and 4.x); messages go over AMQP 1.0, one connection per link unless
 * links share a connection name, and one session per link.
 *
 * <p>{@link #connect()} opens the control connection, then an AMQP 1.0 connection whose open frame
 * tells the broker's version before any link is attached; that fixes the address format and the
 * stream filter form for the run (see {@link BrokerProfile}).
 */
final class Amqp10Driver implements ProtocolDriver {
    private static final long LINK_TIMEOUT_MILLIS = 10_000;

    private final DriverSettings settings;
    private final BrokerUri uri;
    private final ConnectionPool controlPool;
    private final Amqp10Connections connections;
    private TopologyControl control;
    private BrokerProfile profile;
    private AddressFormat format;

    Amqp10Driver(DriverSettings settings) {
        this.settings = settings;
        this.uri = settings.uri();
        this.controlPool = new ConnectionPool(ConnectionPool.factory(uri, settings.tls()), settings.addresses());
        this.connections = new Amqp10Connections(settings.addresses(), settings.tls());
    }

    @Override
    public BrokerInfo connect() {
        control = TopologyControl.forRun(controlPool, settings.runId());
        EngineConnection probe = connections.open("harness-" + settings.runId() + "-probe");
        try {
            Map<Symbol, Object> open = probe.remoteProperties();
            boolean relay = Arrays.asList(probe.remoteOfferedCapabilities()).contains(Symbol.valueOf("ANONYMOUS-RELAY"));
            Map<String, String> props = new LinkedHashMap<>();
            if (open != null) {
                open.forEach((k, v) -> props.put(k.toString(), String.valueOf(v)));
            }
            profile = BrokerProfile.of(props.get("version"), relay);
            format = profile.resolve(settings.amqp10().addressFormat());
            if (format == AddressFormat.V2 && !profile.nativeAmqp10()) {
                throw new DriverException(profile.describe() + " does not understand v2 AMQP 1.0 addresses "
                        + "(--address-format v2 needs RabbitMQ 4.0 or later); use --address-format v1 or auto.");
            }
            return new BrokerInfo(props.getOrDefault("product", "unknown"), profile.version(),
                    props.getOrDefault("platform", "unknown"), props);
        } finally {
            probe.close(Amqp10Connections.CLOSE_TIMEOUT_MILLIS);
        }
    }

    /** Topology over an AMQP 0.9.1 control connection, the one way that works on RabbitMQ 3.x and 4.x. */
    @Override
    public BrokerControl control() {
        return requireControl();
    }

    @Override
    public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
        requireControl();
        // A routing key per message travels as its subject to the exchange's address (v1, RabbitMQ 3.x), or
        // (v2, RabbitMQ 4) as its own `to` address /exchanges/X/KEY on a link without a target: RabbitMQ 4
        // routes a message sent to /exchanges/X with the empty key, whatever its subject.
        boolean keyPerMessage = settings.links().routingKeyPerMessage();
        boolean toPerMessage = keyPerMessage && format == AddressFormat.V2;
        String exchange = spec.exchange();
        java.util.function.UnaryOperator<String> toAddress = toPerMessage
                ? key -> Addresses.target(format, exchange, key) : null;
        String address = address(() -> toPerMessage
                ? (exchange.isEmpty() ? "/queues/" : "/exchanges/" + Addresses.percentEncode(exchange) + "/") + "(each message's key)"
                : keyPerMessage ? Addresses.exchange(format, spec.exchange())
                : Addresses.target(format, spec.exchange(), spec.routingKey()));
        EngineConnection c = connections.acquire(spec.connectionName());
        try {
            Session session;
            Sender sender;
            c.lock().lock();
            try {
                session = c.engineConnection().session();
                sender = session.sender("harness-publisher-" + spec.index());
                sender.setSenderSettleMode(spec.confirms() ? SenderSettleMode.UNSETTLED : SenderSettleMode.SETTLED);
                sender.setReceiverSettleMode(ReceiverSettleMode.FIRST);
                sender.setDeliveryTagGenerator(ProtonDeliveryTagGenerator.BUILTIN.POOLED.createGenerator());
                sender.setSource(new Source());
                sender.setTarget(toPerMessage ? new Target() : new Target().setAddress(address));
            } finally {
                c.lock().unlock();
            }
            Links.attach(c, session, sender, LINK_TIMEOUT_MILLIS);
            return new Amqp10Publisher(c, session, sender, address, spec, spec.maxInFlight().orElse(1), outcomes,
                    keyPerMessage, toAddress,
                    () -> connections.release(spec.connectionName(), c));
        } catch (InterruptedException | TimeoutException | RemoteClosedException
                 | RuntimeException e) {
            connections.release(spec.connectionName(), c);
            throw linkFailure("Attaching publisher " + spec.index() + " to '" + address + "'", c, e);
        }
    }

    @Override
    public ConsumerLink openConsumer(ConsumerSpec spec) {
        requireControl();
        String address = address(() -> Addresses.queue(format, spec.queue()));
        EngineConnection c = connections.acquire(spec.connectionName());
        try {
            Session session;
            Receiver receiver;
            c.lock().lock();
            try {
                session = c.engineConnection().session();
                receiver = session.receiver("harness-consumer-" + spec.index());
                receiver.setSenderSettleMode(spec.autoAck() ? SenderSettleMode.SETTLED : SenderSettleMode.UNSETTLED);
                receiver.setReceiverSettleMode(ReceiverSettleMode.FIRST);
                Source source = new Source().setAddress(address);
                if (spec.queueType() == QueueType.STREAM) {
                    spec.streamOffset().ifPresent(o -> source.setFilter(StreamFilters.filter(o, profile.describedFilters())));
                }
                receiver.setSource(source);
                receiver.setTarget(new Target());
            } finally {
                c.lock().unlock();
            }
            Amqp10Consumer consumer = new Amqp10Consumer(c, session, receiver, address, spec, creditWindow(spec),
                    profile.nativeAmqp10(), () -> connections.release(spec.connectionName(), c));
            Links.attach(c, session, receiver, LINK_TIMEOUT_MILLIS);
            consumer.attached();
            return consumer;
        } catch (InterruptedException | TimeoutException | RemoteClosedException
                 | RuntimeException e) {
            connections.release(spec.connectionName(), c);
            throw linkFailure("Attaching consumer " + spec.index() + " to '" + address + "'", c, e);
        }
    }

    private DriverException linkFailure(String what, EngineConnection c, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (e instanceof DriverException d) {
            return d;
        }
        String why = e instanceof TimeoutException ? "no answer from the broker within " + LINK_TIMEOUT_MILLIS / 1000 + " s"
                : c.failure() != null && !(e instanceof RemoteClosedException)
                ? Amqp10Errors.text(c.failure(), uri) : Amqp10Errors.text(e, uri);
        return new DriverException(what + " failed: " + why + ".", e);
    }

    /** The link credit a consumer keeps: its prefetch, or {@value LinkCredit#DEFAULT_CREDIT_WINDOW}. */
    static int creditWindow(ConsumerSpec spec) {
        return spec.prefetch().orElse(LinkCredit.DEFAULT_CREDIT_WINDOW);
    }

    private interface AddressSupplier {
        String get();
    }

    private String address(AddressSupplier supplier) {
        try {
            return supplier.get();
        } catch (IllegalArgumentException e) {
            throw new DriverException(e.getMessage() + ".", e);
        }
    }

    @Override
    public List<String> notes() {
        return Amqp10Notes.notes(settings, profile, format);
    }

    @Override
    public Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>(Amqp10Notes.facts(settings, profile, format));
        facts.putAll(connections.placement());
        return facts;
    }

    private TopologyControl requireControl() {
        if (control == null) {
            throw new IllegalStateException("connect() first");
        }
        return control;
    }

    @Override
    public void close() {
        connections.closeAll();
        if (control != null) {
            control.close();
        }
    }
}
