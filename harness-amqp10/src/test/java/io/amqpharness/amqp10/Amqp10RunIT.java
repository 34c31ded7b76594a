package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.HarnessException;
import io.amqpharness.junit.ManagementClient;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.BrokerUnreachableException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Whole runs over AMQP 1.0 against a real broker (the local 3.10 one here), checking what the broker saw. */
@WithRabbitMQ
class Amqp10RunIT {
    private final RabbitMQBroker broker;

    Amqp10RunIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().protocol("amqp10").uri(broker.uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20));
    }

    private String expectedFormat() {
        return broker.majorVersion() >= 4 ? "v2" : "v1";
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private ManagementClient management() {
        return broker.management().orElseThrow(() -> new AssertionError("the management plugin is needed"));
    }

    @ParameterizedTest
    @EnumSource(QueueType.class)
    void eachQueueTypeRunsWithCountsThatAddUpAndIsDeletedAfterwards(QueueType type) throws Exception {
        RunResult r = new LoadRunner(scenario().queueType(type).producerMessageCount(3_000).confirm(100).qos(200)
                .multiAckEvery(50).flag(MessageFlag.PERSISTENT).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.broker().product()).isEqualTo("RabbitMQ");
        assertThat(r.broker().version()).isEqualTo(broker.version());
        assertThat(r.counts().published()).isEqualTo(3_000);
        assertThat(r.counts().confirmed()).isEqualTo(3_000);
        assertThat(r.counts().consumed()).isEqualTo(3_000);
        assertThat(r.counts().foreign()).as("the group-id carries the publisher identity").isZero();
        assertThat(r.counts().redelivered()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(3_000);
        assertThat(r.latency(Metric.CONFIRM).count()).isEqualTo(3_000);
        assertThat(r.driverFacts()).containsEntry("address-format", expectedFormat())
                .containsEntry("broker-version", broker.version())
                .containsEntry("link-credit", "200");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("AMQP 1.0 addresses use the " + expectedFormat()));
        assertThat(management().queue("/", r.queues().get(0))).as("deleted after the run").isEmpty();
    }

    @Test
    void theBrokerSeesDurableMessagesOnlyWhenPersistent() throws Exception {
        String queue = unique("it10-persistent");
        try {
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(3)
                    .size(100).confirm(10).flag(MessageFlag.PERSISTENT).build()).run();
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(1)
                    .confirm(10).build()).run();
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                for (int seq = 1; seq <= 3; seq++) {
                    var m = ch.basicGet(queue, true);
                    assertThat(m.getProps().getDeliveryMode()).isEqualTo(2);
                    assertThat(m.getBody()).hasSize(100);
                    assertThat(java.nio.ByteBuffer.wrap(m.getBody()).getInt(0))
                            .as("the reused body array is encoded per send").isEqualTo(seq);
                }
                assertThat(ch.basicGet(queue, true).getProps().getDeliveryMode()).as("durable(false)").isEqualTo(1);
            }
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void confirmWindowBoundsWhatIsInFlight() {
        RunResult r = new LoadRunner(scenario().producers(2).confirm(5).time(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(100)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(r.counts().published()).isPositive();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        assertThat(r.intervals()).extracting(IntervalStats::inFlight).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(10));
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(r.driverFacts()).containsEntry("publisher-settlement", "unsettled (at-least-once)");
    }

    @Test
    void withoutConfirmsMessagesGoPreSettled() {
        RunResult r = new LoadRunner(scenario().producerMessageCount(2_000).qos(500).build()).run();
        assertThat(r.counts().published()).isEqualTo(2_000);
        assertThat(r.counts().confirmed()).isZero();
        assertThat(r.counts().consumed()).isEqualTo(2_000);
        assertThat(r.driverFacts()).containsEntry("publisher-settlement", "pre-settled (at-most-once)");
    }

    @Test
    void multiAckEveryWithATimeBoundDrainsEverything() {
        RunResult r = new LoadRunner(scenario().rate(200).time(Duration.ofSeconds(2)).qos(50).multiAckEvery(20)
                .ackTimeout(Duration.ofMillis(30)).confirm(50).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published()).isBetween(350L, 450L);
        assertThat(r.leftInQueues()).hasValue(0);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("AMQP 1.0 has no multiple ack"));
    }

    @Test
    void autoAckConsumesPreSettledDeliveries() {
        RunResult r = new LoadRunner(scenario().autoAck(true).producerMessageCount(2_000).confirm(200).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(2_000);
        assertThat(r.leftInQueues()).hasValue(0);
        assertThat(r.driverFacts()).containsEntry("consumer-settlement", "pre-settled (at-most-once)")
                .containsEntry("link-credit", "1000");
    }

    @Test
    void consumerMessageCountEndsTheRun() {
        RunResult r = new LoadRunner(scenario().rate(500).consumerMessageCount(300).qos(100).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(300);
    }

    @Test
    void exchangeAndRoutingKeyAreDeclaredUsedAndDeleted() throws Exception {
        String exchange = unique("it10-x");
        String queue = unique("it10-xq");
        RunResult r = new LoadRunner(scenario().exchange(exchange).routingKey("rk").queue(queue)
                .producerMessageCount(500).confirm(50).build()).run();
        assertThat(r.counts().confirmed()).isEqualTo(500);
        assertThat(r.counts().consumed()).isEqualTo(500);
        assertThat(management().exchange("/", exchange)).isEmpty();
        assertThat(management().queue("/", queue)).isEmpty();
    }

    @Test
    void seedWorkloadOnAPredeclaredQuorumQueue() throws Exception {
        String queue = unique("it10-pre");
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclare(queue, true, false, false, Map.of("x-queue-type", "quorum"));
        }
        try {
            RunResult r = new LoadRunner(scenario().predeclared(true).exchange("amq.default").routingKey(queue)
                    .queue(queue).flag(MessageFlag.PERSISTENT).producerMessageCount(2_000).confirm(192).qos(200)
                    .multiAckEvery(200).build()).run();
            assertThat(r.counts().confirmed()).isEqualTo(2_000);
            assertThat(r.counts().consumed()).isEqualTo(2_000);
            assertThat(management().queue("/", queue)).as("predeclared queues are kept").isPresent();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void streamFromFirstReadsMessagesPublishedBeforeTheConsumerStarted() throws Exception {
        String queue = unique("it10-stream");
        try {
            RunResult published = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .consumers(0).producerMessageCount(1_000).confirm(100).build()).run();
            assertThat(published.counts().confirmed()).isEqualTo(1_000);
            RunResult read = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.First()).consumerMessageCount(1_000).build()).run();
            assertThat(read.counts().consumed()).isEqualTo(1_000);
            assertThat(read.counts().foreign()).as("published by the earlier run, identified by group-id").isEqualTo(1_000);
            assertThat(read.driverFacts()).containsEntry("stream-filter", broker.majorVersion() >= 4 ? "described" : "plain");
            RunResult fromOffset = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Offset(900)).time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromOffset.counts().consumed()).isEqualTo(100);
            RunResult fromNext = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Next()).time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromNext.counts().consumed()).isZero();
            RunResult fromInterval = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Interval("1h")).consumerMessageCount(1_000).build()).run();
            assertThat(fromInterval.counts().consumed()).isEqualTo(1_000);
            RunResult fromTimestamp = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue)
                    .keepTopology(true).producers(0).streamOffset(new StreamOffset.Timestamp(Instant.now().plusSeconds(3600)))
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromTimestamp.counts().consumed()).as("nothing stored after an hour from now").isZero();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void v2AddressesOnRabbitMQ3AreOneSentenceBeforeAnyLinkIsAttached() {
        assumeTrue(broker.majorVersion() == 3, "RabbitMQ 3.x only");
        assertThatThrownBy(() -> new LoadRunner(scenario().addressFormat(AddressFormat.V2).producerMessageCount(1)
                .build()).run())
                .isInstanceOf(HarnessException.class)
                .hasMessage("RabbitMQ " + broker.version() + " does not understand v2 AMQP 1.0 addresses "
                        + "(--address-format v2 needs RabbitMQ 4.0 or later); use --address-format v1 or auto.");
    }

    @Test
    void anExplicitV1FormatOnRabbitMQ3Works() {
        assumeTrue(broker.majorVersion() == 3, "RabbitMQ 3.x only");
        RunResult r = new LoadRunner(scenario().addressFormat(AddressFormat.V1).producerMessageCount(100).confirm(10)
                .build()).run();
        assertThat(r.counts().consumed()).isEqualTo(100);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("v1 format").contains("as requested"));
    }

    @Test
    void aMissingPredeclaredQueueIsAClearError() {
        String queue = unique("it10-missing");
        assertThatThrownBy(() -> new LoadRunner(scenario().predeclared(true).queue(queue).build()).run())
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("Queue '" + queue + "' does not exist");
    }

    @Test
    void anAttachTheBrokerRefusesIsOneSentenceNamingTheAddress() {
        String exchange = unique("it10-nox");
        String address = broker.majorVersion() >= 4 ? "/exchanges/" + exchange + "/rk" : "/exchange/" + exchange + "/rk";
        assertThatThrownBy(() -> new LoadRunner(scenario().predeclared(true).exchange(exchange).routingKey("rk")
                .consumers(0).producerMessageCount(1).build()).run())
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("Attaching publisher 0 to '" + address + "' failed: ")
                .hasMessageEndingWith(".");
    }

    @Test
    void wrongCredentialsAreOneSentenceWithoutThePassword() {
        java.net.URI u = java.net.URI.create(broker.uri());
        String bad = "amqp://guest:wrong-password@" + u.getHost() + ":" + (u.getPort() > 0 ? u.getPort() : 5672);
        assertThatThrownBy(() -> new LoadRunner(scenario().uri(bad).build()).run())
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageContaining("refused the credentials of user 'guest'")
                .message().doesNotContain("wrong-password");
    }

    @Test
    void unreachableBrokerIsOneSentenceWithinSeconds() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> new LoadRunner(scenario().uri("amqp://localhost:1").build()).run())
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageStartingWith("Cannot connect to RabbitMQ at amqp://localhost:1");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    private void deleteQueue(String queue) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }

}
