package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.amqpharness.HarnessException;
import io.amqpharness.junit.ManagementClient;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.BrokerUnreachableException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every 0.9.1 option of the foundation against a real broker, checking what the broker saw. */
@WithRabbitMQ
class Amqp091RunIT {
    private final RabbitMQBroker broker;

    Amqp091RunIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** No broker metrics: these tests do not test them (BrokerMetricsIT does). */
    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20))
                .noBrokerMetrics(true);
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
        assertThat(r.counts().published()).isEqualTo(3_000);
        assertThat(r.counts().confirmed()).isEqualTo(3_000);
        assertThat(r.counts().consumed()).isEqualTo(3_000);
        assertThat(r.counts().foreign()).isZero();
        assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(3_000);
        assertThat(r.latency(Metric.CONFIRM).count()).isEqualTo(3_000);
        assertThat(management().queue("/", r.queues().get(0))).as("deleted after the run").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(QueueType.class)
    void theBrokerDeclaresTheRequestedQueueType(QueueType type) throws Exception {
        String queue = unique("it-type");
        try {
            new LoadRunner(scenario().queueType(type).queue(queue).keepTopology(true).consumers(0)
                    .producerMessageCount(10).build()).run();
            JsonNode q = management().queue("/", queue).orElseThrow();
            assertThat(q.get("type").asText()).isEqualTo(type.argumentValue());
            assertThat(q.get("durable").asBoolean()).isTrue();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void confirmWindowBoundsWhatIsInFlight() {
        RunResult r = new LoadRunner(scenario().producers(2).confirm(5).time(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(100)).build()).run();
        assertThat(r.counts().confirmed()).isEqualTo(r.counts().published()).isPositive();
        assertThat(r.intervals()).extracting(IntervalStats::inFlight).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(10));
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    void aTimeLimitEndsPublishingAndMultipleAcksWithATimeBoundDrainEverything() {
        RunResult r = new LoadRunner(scenario().rate(200).time(Duration.ofSeconds(2)).qos(50).multiAckEvery(20)
                .ackTimeout(Duration.ofMillis(30)).build()).run();
        assertThat(r.failure()).isEmpty();
        // The count shows where publishing ended; the time is bounded below only (a busy machine can only add to it).
        assertThat(r.counts().published()).as("rate x time, exactly").isEqualTo(400);
        assertThat(r.publishingTime()).isGreaterThanOrEqualTo(Duration.ofMillis(1_950));
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        assertThat(r.leftInQueues()).hasValue(0);
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).isEqualTo(r.counts().published());
    }

    @Test
    void ackTimeoutAcknowledgesAWindowThatNeverFills() throws Exception {
        // 5 messages, ack every 10: only the 100 ms bound acknowledges them while the run goes on.
        String queue = unique("it-acktimeout");
        try {
            RunResult r = new LoadRunner(scenario().queue(queue).keepTopology(true).producerMessageCount(5)
                    .qos(10).multiAckEvery(10).ackTimeout(Duration.ofMillis(100)).time(Duration.ofSeconds(2))
                    .build()).run();
            assertThat(r.counts().consumed()).isEqualTo(5);
            JsonNode q = awaitQueueStats(queue);
            assertThat(q.path("messages_unacknowledged").asLong()).isZero();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void autoAckConsumesWithoutAcks() {
        RunResult r = new LoadRunner(scenario().autoAck(true).producerMessageCount(2_000).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(2_000);
    }

    @Test
    void consumerMessageCountEndsTheRun() {
        RunResult r = new LoadRunner(scenario().rate(500).consumerMessageCount(300).qos(100).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(300);
    }

    @Test
    void persistentMessagesCarryDeliveryModeTwoAndThePublisherIdentity() throws Exception {
        String queue = unique("it-persistent");
        try {
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(3)
                    .size(100).flag(MessageFlag.PERSISTENT).build()).run();
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                GetResponse m = ch.basicGet(queue, true);
                assertThat(m.getProps().getDeliveryMode()).isEqualTo(2);
                assertThat(m.getProps().getAppId()).matches("[a-z0-9]{6}-p0");
                assertThat(m.getBody()).hasSize(100);
                assertThat(java.nio.ByteBuffer.wrap(m.getBody()).getInt(0)).isEqualTo(1);
            }
            new LoadRunner(scenario().queue(queue).keepTopology(true).consumers(0).producerMessageCount(1).build()).run();
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                ch.basicGet(queue, true);
                ch.basicGet(queue, true);
                assertThat(ch.basicGet(queue, true).getProps().getDeliveryMode()).as("transient by default").isEqualTo(1);
            }
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void mandatoryUnroutableMessagesAreReturnedAndCounted() {
        RunResult r = new LoadRunner(scenario().predeclared(true).exchange("amq.direct")
                .routingKey(unique("nowhere")).consumers(0).producerMessageCount(100).confirm(10)
                .flag(MessageFlag.MANDATORY).build()).run();
        assertThat(r.counts().returned()).isEqualTo(100);
        assertThat(r.counts().confirmed()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    void exchangeAndRoutingKeyAreDeclaredBoundAndDeleted() throws Exception {
        String exchange = unique("it-x");
        String queue = unique("it-xq");
        RunResult r = new LoadRunner(scenario().exchange(exchange).routingKey("rk").queue(queue)
                .producerMessageCount(500).confirm(50).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(500);
        assertThat(management().exchange("/", exchange)).isEmpty();
        assertThat(management().queue("/", queue)).isEmpty();
    }

    @Test
    void bindingIsWhatTheRunAskedFor() throws Exception {
        String exchange = unique("it-xb");
        String queue = unique("it-xbq");
        try {
            new LoadRunner(scenario().exchange(exchange).routingKey("my.key").queue(queue).keepTopology(true)
                    .producerMessageCount(1).build()).run();
            JsonNode bindings = management().queueBindings("/", queue);
            assertThat(bindings.findValuesAsText("source")).contains(exchange);
            assertThat(bindings.findValuesAsText("routing_key")).contains("my.key");
        } finally {
            try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
                ch.queueDelete(queue);
                ch.exchangeDelete(exchange);
            }
        }
    }

    @Test
    void predeclaredTopologyIsUsedAndKept() throws Exception {
        String queue = unique("it-pre");
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclare(queue, true, false, false, Map.of("x-queue-type", "quorum"));
        }
        try {
            RunResult r = new LoadRunner(scenario().predeclared(true).exchange("amq.default").routingKey(queue)
                    .queue(queue).flag(MessageFlag.PERSISTENT).flag(MessageFlag.MANDATORY).producerMessageCount(2_000)
                    .confirm(192).qos(200).multiAckEvery(200).build()).run();
            assertThat(r.counts().confirmed()).isEqualTo(2_000);
            assertThat(r.counts().consumed()).isEqualTo(2_000);
            assertThat(r.counts().returned()).isZero();
            assertThat(management().queue("/", queue)).as("predeclared queues are kept").isPresent();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void predeclaredButMissingQueueIsAClearError() {
        String queue = unique("it-missing");
        assertThatThrownBy(() -> new LoadRunner(scenario().predeclared(true).queue(queue).build()).run())
                .isInstanceOf(HarnessException.class)
                .hasMessage("Queue '" + queue + "' does not exist, and --predeclared tells the harness not to "
                        + "declare it; declare it first or drop --predeclared.");
    }

    @Test
    void existingQueueIsUsedButNotDeleted() throws Exception {
        String queue = unique("it-existing");
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclare(queue, true, false, false, null);
        }
        try {
            new LoadRunner(scenario().queue(queue).producerMessageCount(10).build()).run();
            assertThat(management().queue("/", queue)).isPresent();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void streamFromFirstReadsMessagesPublishedBeforeTheConsumerStarted() throws Exception {
        String queue = unique("it-stream");
        try {
            RunResult published = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .consumers(0).producerMessageCount(1_000).confirm(100).build()).run();
            assertThat(published.counts().confirmed()).isEqualTo(1_000);
            RunResult read = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.First()).consumerMessageCount(1_000).build()).run();
            assertThat(read.counts().consumed()).isEqualTo(1_000);
            assertThat(read.counts().foreign()).as("published by the earlier run").isEqualTo(1_000);
            RunResult fromOffset = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Offset(900)).time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromOffset.counts().consumed()).isEqualTo(100);
            assertThat(fromOffset.counts().lost()).as("a stream read from an offset misses nothing before it").isZero();
            RunResult fromNext = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Next()).time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromNext.counts().consumed()).isZero();
            RunResult fromInterval = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Interval("1h")).consumerMessageCount(1_000).build()).run();
            assertThat(fromInterval.counts().consumed()).isEqualTo(1_000);
            RunResult fromTimestamp = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue)
                    .keepTopology(true).producers(0)
                    .streamOffset(new StreamOffset.Timestamp(java.time.Instant.now().plusSeconds(3600)))
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromTimestamp.counts().consumed()).as("nothing stored after an hour from now").isZero();
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void everyStreamConsumerReadsEveryMessageWithoutFalseDuplicatesOrLosses() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.STREAM).consumers(2).producerMessageCount(300)
                .confirm(50).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(600);
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.expectedDeliveries()).hasValue(600);
        assertThat(r.counts().ownUnique()).as("each consumer's first receipts").isEqualTo(600);
    }

    @Test
    void unreachableBrokerIsOneSentenceWithinSeconds() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> new LoadRunner(scenario().uri("amqp://guest:topsecret@127.0.0.1:1").build()).run())
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageStartingWith("Cannot connect to RabbitMQ at amqp://guest:***@127.0.0.1:1: connection refused.")
                .message().doesNotContain("topsecret");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void wrongCredentialsAreOneSentence() {
        java.net.URI u = java.net.URI.create(broker.uri());
        String bad = "amqp://guest:wrong-password@" + u.getHost() + ":" + (u.getPort() > 0 ? u.getPort() : 5672);
        assertThatThrownBy(() -> new LoadRunner(scenario().uri(bad).build()).run())
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageContaining("refused the credentials of user 'guest'")
                .message().doesNotContain("wrong-password");
    }

    private JsonNode awaitQueueStats(String queue) throws Exception {
        // The HTTP API refreshes queue statistics every few seconds.
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        JsonNode q = management().queue("/", queue).orElseThrow();
        while (!q.has("messages_unacknowledged") && System.nanoTime() < deadline) {
            Thread.sleep(500);
            q = management().queue("/", queue).orElseThrow();
        }
        return q;
    }

    private void deleteQueue(String queue) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }
}
