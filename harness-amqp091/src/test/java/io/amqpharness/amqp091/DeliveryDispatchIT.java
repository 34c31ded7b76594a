package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.DriverSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where the driver runs consumer callbacks with a thread per connection ({@link DeliveryDispatch}): on the
 * connection's reader thread while no consumer waits, and on a thread per channel once one may, so that two
 * waiting consumers on one connection still process side by side.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class DeliveryDispatchIT {
    private static final int MESSAGES = 20;
    private final RabbitMQBroker broker;
    private final String queueA = "it-dispatch-a-" + UUID.randomUUID().toString().substring(0, 8);
    private final String queueB = "it-dispatch-b-" + UUID.randomUUID().toString().substring(0, 8);
    private ProtocolDriver driver;

    DeliveryDispatchIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    @BeforeEach
    void declareFillAndConnect() throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.confirmSelect();
            for (String q : List.of(queueA, queueB)) {
                ch.queueDeclare(q, false, false, false, null);
                for (int i = 0; i < MESSAGES; i++) {
                    ch.basicPublish("", q, null, ("m" + i).getBytes(StandardCharsets.UTF_8));
                }
            }
            ch.waitForConfirmsOrDie(10_000);
        }
        Scenario s = Scenario.builder().uri(broker.uri()).build();
        driver = new Amqp091DriverProvider().create(DriverSettings.of(s, "it" + queueA.substring(queueA.length() - 4)));
        driver.connect();
    }

    @AfterEach
    void closeAndDelete() throws Exception {
        driver.close();
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queueA);
            ch.queueDelete(queueB);
        }
    }

    /** Both consumers on one connection, as a run's consumers that share a connection name. */
    private ConsumerLink consumer(int index, String queue) {
        return driver.openConsumer(new ConsumerSpec(index, "harness-it-dispatch", queue, QueueType.CLASSIC,
                OptionalInt.of(5), true, Optional.empty(), Map.of(), false, Duration.ZERO, Optional.empty()));
    }

    /** Callbacks of both consumers running now, and the most that ever ran at once. */
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    /** Records the threads of a consumer's callbacks, each of which takes {@code pause}. */
    private final class Watcher implements DeliveryListener {
        final boolean mayWait;
        final Duration pause;
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final CountDownLatch all;

        Watcher(boolean mayWait, Duration pause, CountDownLatch all) {
            this.mayWait = mayWait;
            this.pause = pause;
            this.all = all;
        }

        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
            threads.add(Thread.currentThread().getName());
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
                all.countDown();
            }
        }

        @Override
        public boolean mayWait() {
            return mayWait;
        }

        @Override
        public void failed(Throwable cause) {
        }
    }

    /** Two consumers of one connection, one on each queue, until each has had every message; their threads. */
    private List<Set<String>> consumeBoth(boolean mayWait, Duration pause) throws Exception {
        CountDownLatch all = new CountDownLatch(2 * MESSAGES);
        Watcher a = new Watcher(mayWait, pause, all);
        Watcher b = new Watcher(mayWait, pause, all);
        ConsumerLink ca = consumer(0, queueA);
        ConsumerLink cb = consumer(1, queueB);
        ca.start(a);
        cb.start(b);
        assertThat(all.await(20, TimeUnit.SECONDS)).as("every message delivered").isTrue();
        ca.close();
        cb.close();
        return List.of(a.threads, b.threads);
    }

    @Test
    void consumersThatNeverWaitAreCalledOnTheConnectionsReaderThread() throws Exception {
        List<Set<String>> threads = consumeBoth(false, Duration.ofMillis(2));
        assertThat(threads.get(0)).as("amqp-client names its reader threads so")
                .allMatch(t -> t.startsWith("AMQP Connection"));
        assertThat(threads.get(1)).isEqualTo(threads.get(0)).hasSize(1);
        assertThat(mostAtOnce).as("callbacks running at once").hasValue(1);
        assertThat(driver.facts()).containsEntry("consumer dispatch", "on each connection's reader thread");
    }

    @Test
    void consumersThatMayWaitRunSideBySideOnPoolThreadsThoughTheyShareAConnection() throws Exception {
        List<Set<String>> threads = consumeBoth(true, Duration.ofMillis(20));
        assertThat(threads).allSatisfy(t -> assertThat(t).allMatch(n -> n.startsWith("harness-amqp091-dispatch-")));
        // 20 messages of 20 ms on each channel: on the one reader thread they could never overlap.
        assertThat(mostAtOnce).as("callbacks of the two channels running at once").hasValue(2);
        assertThat(driver.facts()).containsEntry("consumer dispatch", "a thread per busy channel (a consumer may wait)");
    }
}
