package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.junit.Await;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Closing publishers that share a connection: the last one's channel closes with the connection (one round
 * trip instead of two), and the others' channels close on their own while the connection stays open for
 * the rest.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class PublisherCloseIT {
    private final RabbitMQBroker broker;
    private final String queue = "it-close-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<Long> confirmed = new CopyOnWriteArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private ProtocolDriver driver;

    PublisherCloseIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    @BeforeEach
    void declareAndConnect() throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclare(queue, false, false, false, null);
        }
        driver = new Amqp091DriverProvider().create(DriverSettings.of(Scenario.builder().uri(broker.uri()).build(),
                "it" + queue.substring(queue.length() - 4)));
        driver.connect();
    }

    @AfterEach
    void closeAndDelete() throws Exception {
        driver.close();
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }

    private PublisherLink publisher(int index, String connectionName) {
        return driver.openPublisher(new PublisherSpec(index, "p" + index, connectionName, "", queue, false, false,
                true, OptionalInt.empty(), MessageProperties.NONE, OptionalInt.of(100)), new PublishOutcomeListener() {
            @Override
            public void settled(long seq, boolean multiple, PublishOutcome outcome) {
                if (outcome == PublishOutcome.CONFIRMED) {
                    confirmed.add(seq);
                }
            }

            @Override
            public void returned(byte[] body, int offset, int length) {
            }

            @Override
            public void failed(Throwable cause) {
                failures.add(cause);
            }
        });
    }

    private long depth() {
        return driver.control().queueDepth(queue).orElseThrow();
    }

    private void awaitTrue(BooleanSupplier condition, String what) {
        try {
            Await.until(what, Duration.ofSeconds(10), condition::getAsBoolean);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + " (confirmed " + confirmed + ", depth " + depth() + ")", e);
        }
    }

    @Test
    void closingOneOfTwoPublishersOnAConnectionLeavesTheOtherPublishingAndTheLastClosesTheConnection() {
        String name = "harness-it-close-" + queue.substring(queue.length() - 4);
        PublisherLink first = publisher(0, name);
        PublisherLink second = publisher(1, name);
        first.send(1, new byte[] {1}, queue);
        first.flush();
        awaitTrue(() -> confirmed.size() == 1, "the first publisher's message confirmed");
        first.close();

        second.send(1, new byte[] {2}, queue);
        second.flush();
        awaitTrue(() -> confirmed.size() == 2 && depth() == 2, "2 confirmed and in the queue");
        second.close();
        assertThat(driver.control().queueDepth(queue)).as("the driver's own connection is not the publishers'").hasValue(2);

        // The connection went with the last publisher: a new publisher of the same name gets a new one, that works.
        PublisherLink third = publisher(2, name);
        third.send(1, new byte[] {3}, queue);
        third.flush();
        awaitTrue(() -> confirmed.size() == 3 && depth() == 3, "3 confirmed and in the queue");
        third.close();
        assertThat(failures).as("no publisher was told its channel failed").isEmpty();
    }
}
