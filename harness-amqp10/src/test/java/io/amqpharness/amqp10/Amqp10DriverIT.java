package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.amqp10.engine.Amqp10Connections;
import io.amqpharness.junit.Await;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.TlsSettings;
import io.amqpharness.spi.BrokerUnreachableException;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The consumer link of the driver against a real broker: credit, settlement, redelivery, and connecting. */
@WithRabbitMQ
class Amqp10DriverIT {
    private final RabbitMQBroker broker;
    private final String queue = "it10-driver-" + UUID.randomUUID().toString().substring(0, 8);
    private ProtocolDriver driver;

    Amqp10DriverIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** One delivery as the driver passed it. */
    record Seen(long tag, int seq, boolean redelivered, String publisherId) {
    }

    @BeforeEach
    void declareAndConnect() throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclare(queue, true, false, false, null);
        }
        Scenario s = Scenario.builder().protocol("amqp10").uri(broker.uri()).build();
        driver = new Amqp10DriverProvider().create(DriverSettings.of(s, "it" + queue.substring(queue.length() - 4)));
        driver.connect();
    }

    @AfterEach
    void deleteAndClose() throws Exception {
        driver.close();
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }

    private void publish091(int count) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.confirmSelect();
            for (int i = 1; i <= count; i++) {
                byte[] body = ByteBuffer.allocate(12).putInt(i).putLong(0).array();
                ch.basicPublish("", queue, new com.rabbitmq.client.AMQP.BasicProperties.Builder().appId("other-tool").build(), body);
            }
            ch.waitForConfirmsOrDie(10_000);
        }
    }

    private long ready() throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            return ch.queueDeclarePassive(queue).getMessageCount();
        }
    }

    private ConsumerLink consumer(int credit) {
        return driver.openConsumer(new ConsumerSpec(0, "harness-it-c0", queue, QueueType.CLASSIC,
                OptionalInt.of(credit), false, Optional.empty(), java.util.Map.of(), false, java.time.Duration.ZERO,
                Optional.empty()));
    }

    private static DeliveryListener recorder(List<Seen> seen, CountDownLatch hold) {
        return new DeliveryListener() {
            @Override
            public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
                seen.add(new Seen(tag, ByteBuffer.wrap(body, offset, length).getInt(), redelivered, id));
                try {
                    hold.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void failed(Throwable cause) {
                seen.add(new Seen(-1, -1, false, cause.getMessage()));
            }
        };
    }

    /**
     * What a 1.0 consumer reads as the publisher identity of a message published over 0.9.1 with
     * app-id {@code other-tool}: RabbitMQ 3.x does not map app-id to group-id, 4.x does.
     */
    private String foreignIdentity() {
        return broker.majorVersion() >= 4 ? "other-tool" : null;
    }

    @Test
    void theCreditWindowBoundsWhatTheBrokerSendsAheadOfTheConsumer() throws Exception {
        publish091(200);
        List<Seen> seen = new CopyOnWriteArrayList<>();
        CountDownLatch hold = new CountDownLatch(1);
        ConsumerLink link = consumer(10);
        link.start(recorder(seen, hold)); // the listener holds the first delivery: the client stops granting credit
        awaitSize(seen, 1);
        // What the credit let out of the queue, once it left: exactly the credit, no more.
        long out = Await.until("the credit's 10 messages out of the queue", Duration.ofSeconds(15), () -> 200 - ready(),
                sent -> sent >= 10);
        assertThat(out).as("messages sent to the consumer").isEqualTo(10);
        hold.countDown();
        awaitSize(seen, 200);
        assertThat(seen).extracting(Seen::tag).startsWith(1L, 2L, 3L).endsWith(200L);
        assertThat(seen).extracting(Seen::seq).startsWith(1, 2, 3).endsWith(200);
        assertThat(seen).extracting(Seen::publisherId).containsOnly(foreignIdentity());
        link.ack(200, true);
        link.close();
        assertThat(ready()).as("everything was accepted before the link closed").isZero();
    }

    @Test
    void aMultipleAckAcceptsEveryUnsettledDeliveryUpToTheTagAndNoMore() throws Exception {
        publish091(5);
        List<Seen> seen = new CopyOnWriteArrayList<>();
        ConsumerLink link = consumer(10);
        link.start(recorder(seen, new CountDownLatch(0)));
        awaitSize(seen, 5);
        assertThat(link.supportsMultipleAck()).isTrue();
        link.ack(2, false);
        link.ack(4, true);
        link.cancel();
        link.close(); // the broker requeues what is still unsettled: only tag 5
        assertThat(ready()).isEqualTo(1);
    }

    @Test
    void aRequeuedNackComesBackRedeliveredAndADiscardingNackDropsIt() throws Exception {
        publish091(1);
        List<Seen> seen = new CopyOnWriteArrayList<>();
        ConsumerLink link = consumer(5);
        link.start(recorder(seen, new CountDownLatch(0)));
        awaitSize(seen, 1);
        assertThat(seen.get(0).redelivered()).isFalse();
        link.nack(1, false, true);
        awaitSize(seen, 2);
        assertThat(seen.get(1)).isEqualTo(new Seen(2, 1, true, foreignIdentity()));
        link.nack(2, false, false); // its disposition is written before close()'s detach: the broker drops it, no requeue
        link.close();
        assertThat(ready()).as("rejected without requeue").isZero();
        assertThat(seen).hasSize(2);
    }

    @Test
    void aListenerThatNeverWaitsIsCalledOnTheReaderThreadAndSettlesFromThere() throws Exception {
        publish091(500);
        List<Seen> seen = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        ConsumerLink link = consumer(10); // 500 messages through 10 credits: credit is topped up from the reader thread
        link.start(new DeliveryListener() {
            @Override
            public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
                threads.add(Thread.currentThread().getName());
                seen.add(new Seen(tag, ByteBuffer.wrap(body, offset, length).getInt(), redelivered, id));
                if (tag % 3 != 0) {
                    link.ack(tag, false); // one by one, from within the hand-over
                } else {
                    link.ack(tag, true);
                }
            }

            @Override
            public boolean mayWait() {
                return false;
            }

            @Override
            public void failed(Throwable cause) {
                seen.add(new Seen(-1, -1, false, cause.getMessage()));
            }
        });
        awaitSize(seen, 500);
        assertThat(seen).extracting(Seen::seq).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 500).boxed().toList());
        assertThat(threads).allMatch(t -> t.startsWith("harness-amqp10-io-"), "an I/O loop thread");
        // Not a wait for a fact the test can see: the last batch's acks, made on the reader thread during the hand-over,
        // are applied after it; closing before would requeue them. Neither the link nor the broker's instant counters
        // (a passive declare counts ready messages only) tell when they were.
        Thread.sleep(300);
        link.cancel();
        link.close();
        assertThat(ready()).as("every message was accepted").isZero();
        assertThat(seen).hasSize(500);
    }

    @Test
    void aListenerThatMayWaitHasAThreadOfItsOwn() throws Exception {
        publish091(3);
        List<Seen> seen = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        ConsumerLink link = consumer(10);
        DeliveryListener inner = recorder(seen, new CountDownLatch(0));
        link.start(new DeliveryListener() {
            @Override
            public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
                threads.add(Thread.currentThread().getName());
                inner.delivered(tag, body, offset, length, redelivered, id);
            }

            @Override
            public void failed(Throwable cause) {
                inner.failed(cause);
            }
        });
        awaitSize(seen, 3);
        assertThat(threads).containsOnly("harness-amqp10-consumer-0");
        link.ack(3, true);
        link.close();
        assertThat(ready()).isZero();
    }

    @Test
    void aDeletedQueueFailsTheConsumerWithASentence() throws Exception {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        ConsumerLink link = consumer(5);
        link.start(recorder(seen, new CountDownLatch(0)));
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
        awaitSize(seen, 1);
        assertThat(seen.get(0).tag()).isEqualTo(-1);
        assertThat(seen.get(0).publisherId()).startsWith("Consumer 0 on '").endsWith(".");
        link.close();
    }

    @Test
    void wrongCredentialsOverAmqp10AreRefusedNotSilentlyAnonymous() {
        java.net.URI u = java.net.URI.create(broker.uri());
        BrokerUri bad = BrokerUri.parse("amqp://guest:wrong-password@" + u.getHost() + ":"
                + (u.getPort() > 0 ? u.getPort() : 5672)).orElseThrow();
        assertThatThrownBy(() -> new Amqp10Connections(BrokerAddresses.of(bad), TlsSettings.DEFAULT).open("harness-it-badpw"))
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageContaining("refused the credentials of user 'guest' over AMQP 1.0")
                .message().doesNotContain("wrong-password");
    }

    private static void awaitSize(List<Seen> seen, int n) {
        Await.until(n + " deliveries", Duration.ofSeconds(15), seen::size, size -> size >= n);
    }
}
