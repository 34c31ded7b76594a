package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.amqp10.engine.Amqp10Connections;
import io.amqpharness.amqp10.engine.EngineConnection;
import io.amqpharness.amqp10.engine.Links;
import io.amqpharness.amqp10.engine.LoopbackPeer;
import io.amqpharness.junit.Await;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.TlsSettings;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;
import org.junit.jupiter.api.Test;

/**
 * A broker that ends a link's session (RabbitMQ's AMQP 1.0 plugin does on some errors) fails the link's consumer or
 * publisher with a sentence: protonj2 tells only the session's close handler of the session's end, none of its
 * links' handlers, so a consumer that watched its link's close and detach alone waited for deliveries forever.
 */
class LinkSessionEndTest {
    private static final long TIMEOUT_MILLIS = 10_000;
    private static final ErrorCondition ENDED = new ErrorCondition(Symbol.valueOf("amqp:internal-error"),
            "ended by the test");

    @Test
    void aConsumerWhoseSessionTheBrokerEndsFailsWithASentence() throws Exception {
        consumerFailsWith(peer -> peer.endSessions(ENDED),
                "Consumer 0 on '/queues/q' failed: the broker ended the link's session: amqp:internal-error - "
                        + "ended by the test.");
    }

    @Test
    void aConsumerWhoseConnectionTheBrokerClosesFailsWithTheConnectionsSentence() throws Exception {
        // Not with the session's: the connection's close ends no session of its own.
        consumerFailsWith(peer -> peer.closeConnection(new ErrorCondition(Symbol.valueOf("amqp:connection:forced"),
                "closed by the test")), "Consumer 0 on '/queues/q' failed: amqp:connection:forced - closed by the test.");
    }

    private static void consumerFailsWith(java.util.function.Consumer<LoopbackPeer> fault, String sentence)
            throws Exception {
        try (LoopbackPeer peer = new LoopbackPeer("secret", Map.of())) {
            EngineConnection c = connect(peer);
            try {
                Session session;
                Receiver receiver;
                c.lock().lock();
                try {
                    session = c.engineConnection().session();
                    receiver = session.receiver("harness-consumer-0");
                    receiver.setSource(new Source().setAddress("/queues/q"));
                    receiver.setTarget(new Target());
                } finally {
                    c.lock().unlock();
                }
                ConsumerSpec spec = new ConsumerSpec(0, "test-c0", "q", QueueType.CLASSIC, OptionalInt.of(10), false,
                        Optional.empty(), Map.of(), false, Duration.ZERO, Optional.empty());
                Amqp10Consumer consumer = new Amqp10Consumer(c, session, receiver, "/queues/q", spec, 10, false, () -> {
                });
                Links.attach(c, session, receiver, TIMEOUT_MILLIS);
                consumer.attached();
                List<Throwable> failures = new CopyOnWriteArrayList<>();
                consumer.start(new DeliveryListener() {
                    @Override
                    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
                    }

                    @Override
                    public void failed(Throwable cause) {
                        failures.add(cause);
                    }
                });
                fault.accept(peer);
                Await.until("the consumer's failure", Duration.ofMillis(TIMEOUT_MILLIS), failures::size, n -> n > 0);
                assertThat(failures.get(0).getMessage()).isEqualTo(sentence);
            } finally {
                c.close(TIMEOUT_MILLIS);
            }
        }
    }

    @Test
    void aPublisherWhoseSessionTheBrokerEndsFailsWithASentence() throws Exception {
        try (LoopbackPeer peer = new LoopbackPeer("secret", Map.of())) {
            EngineConnection c = connect(peer);
            try {
                Session session;
                Sender sender;
                c.lock().lock();
                try {
                    session = c.engineConnection().session();
                    sender = session.sender("harness-publisher-0");
                    sender.setSource(new Source());
                    sender.setTarget(new Target().setAddress("/queues/q"));
                } finally {
                    c.lock().unlock();
                }
                Links.attach(c, session, sender, TIMEOUT_MILLIS);
                List<Throwable> failures = new CopyOnWriteArrayList<>();
                PublishOutcomeListener outcomes = new PublishOutcomeListener() {
                    @Override
                    public void settled(long seq, boolean multiple, PublishOutcome outcome) {
                    }

                    @Override
                    public void returned(byte[] body, int offset, int length) {
                    }

                    @Override
                    public void failed(Throwable cause) {
                        failures.add(cause);
                    }
                };
                PublisherSpec spec = new PublisherSpec(0, "test-p0", "test-p0", "", "q", false, false, true,
                        OptionalInt.empty(), MessageProperties.NONE, OptionalInt.of(10));
                new Amqp10Publisher(c, session, sender, "/queues/q", spec, 10, outcomes, false, null, () -> {
                });
                peer.endSessions(ENDED);
                Await.until("the publisher's failure", Duration.ofMillis(TIMEOUT_MILLIS), failures::size, n -> n > 0);
                assertThat(failures).singleElement().extracting(Throwable::getMessage).isEqualTo(
                        "Publisher 0 on '/queues/q' failed: the broker ended the link's session: amqp:internal-error - "
                                + "ended by the test.");
            } finally {
                c.close(TIMEOUT_MILLIS);
            }
        }
    }

    private static EngineConnection connect(LoopbackPeer peer) {
        return new Amqp10Connections(BrokerAddresses.of(peer.uri("secret")), TlsSettings.DEFAULT).open("test-session-end");
    }
}
