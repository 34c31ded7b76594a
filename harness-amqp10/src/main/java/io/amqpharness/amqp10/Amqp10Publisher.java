package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.qpid.protonj2.client.AdvancedMessage;
import org.apache.qpid.protonj2.client.Message;
import org.apache.qpid.protonj2.client.Sender;
import org.apache.qpid.protonj2.client.Session;
import org.apache.qpid.protonj2.client.Tracker;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * A publisher: one sender link on its own session. With confirms the link is unsettled
 * (at-least-once) and a {@link SettlementWatcher} reports each message's outcome; without, messages
 * go pre-settled (at-most-once) and no outcome is reported.
 *
 * <p>One message object is built at open time (durable header, {@code group-id} = the publisher
 * identity) and reused: its body is a Data section that wraps the caller's array. protonj2 encodes
 * the message into its own buffer on the calling thread before {@code send} returns, so the bytes
 * are copied exactly once and the caller may reuse its array afterwards. Used by one publishing
 * thread.
 */
final class Amqp10Publisher implements PublisherLink {
    private final Session session;
    private final Sender sender;
    private final PublisherSpec spec;
    private final BrokerUri uri;
    private final String address;
    private final AdvancedMessage<byte[]> message;
    private final SettlementWatcher watcher;
    private final Runnable onClose;
    private final boolean keyPerMessage;
    private final AtomicBoolean closed = new AtomicBoolean();
    private byte[] boundBody;

    Amqp10Publisher(Session session, Sender sender, String address, PublisherSpec spec, int confirmWindow,
                    PublishOutcomeListener outcomes, BrokerUri uri, boolean keyPerMessage, Runnable onClose)
            throws ClientException {
        this.keyPerMessage = keyPerMessage;
        this.session = session;
        this.sender = sender;
        this.address = address;
        this.spec = spec;
        this.uri = uri;
        this.onClose = onClose;
        this.message = Message.<byte[]>create().toAdvancedMessage();
        message.durable(spec.persistent());
        if (!spec.persistent()) {
            // protonj2 cannot encode durable=false (false clears the field), and RabbitMQ 4.0-4.1 take a
            // header without it as durable; this annotation is what 4.x reads when the field is absent.
            message.annotation("x-basic-delivery-mode", org.apache.qpid.protonj2.types.UnsignedByte.valueOf((byte) 1));
        }
        message.groupId(spec.publisherId());
        properties(message, spec.properties());
        if (spec.confirms()) {
            watcher = new SettlementWatcher(confirmWindow, outcomes, e -> Amqp10Errors.operationFailure(
                    "Publisher " + spec.index() + " on '" + address + "'", e, uri));
            watcher.start("harness-amqp10-settlements-" + spec.index());
        } else {
            watcher = null;
        }
    }

    /** Message properties set once: content type and encoding, priority, TTL, subject, application properties. */
    private static void properties(AdvancedMessage<byte[]> m, MessageProperties p) throws ClientException {
        if (p.contentType().isPresent()) {
            m.contentType(p.contentType().get());
        }
        if (p.contentEncoding().isPresent()) {
            m.contentEncoding(p.contentEncoding().get());
        }
        if (p.priority().isPresent()) {
            m.priority((byte) Math.min(255, p.priority().getAsInt()));
        }
        if (p.expiration().isPresent()) {
            m.timeToLive(p.expiration().get().toMillis());
        }
        if (p.type().isPresent()) {
            m.subject(p.type().get());
        }
        for (var h : p.headers().entrySet()) {
            m.property(h.getKey(), h.getValue());
        }
    }

    @Override
    public void send(long seq, byte[] body, String routingKey) {
        try {
            if (keyPerMessage) {
                message.subject(routingKey);
            }
            if (body != boundBody) {
                message.body(body); // a Data section wrapping the array; its content is read at encoding time
                boundBody = body;
            }
            Tracker tracker = sender.send(message);
            if (watcher != null && !watcher.add(seq, tracker)) {
                throw new DriverException("Publisher " + spec.index() + " stopped tracking settlements.");
            }
        } catch (ClientException e) {
            throw new DriverException(Amqp10Errors.operationFailure(
                    "Publishing to '" + address + "'", e, uri), e);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            if (watcher != null) {
                watcher.stop();
            }
            try {
                sender.close();
                session.close();
            } catch (RuntimeException e) {
                // the connection is going away anyway
            } finally {
                onClose.run();
            }
        }
    }
}
