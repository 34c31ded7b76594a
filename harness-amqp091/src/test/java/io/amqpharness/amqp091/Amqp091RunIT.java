package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.amqpharness.junit.Await;
import io.amqpharness.junit.BrokerIndependent.Why;
import io.amqpharness.junit.BrokerIndependent;
import io.amqpharness.junit.DriverContract;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.MessageFlag;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The driver contract ({@link DriverContract}) over AMQP 0.9.1 with its exact sentences, and every 0.9.1 option of
 * the foundation, against a real broker, checking what the broker saw.
 */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class Amqp091RunIT extends DriverContract {
    Amqp091RunIT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    protected String protocol() {
        return Amqp091DriverProvider.ID;
    }

    @Override
    protected void checkMissingQueueSentence(String message, String queue) {
        assertThat(message).isEqualTo("Queue '" + queue + "' does not exist, and --predeclared tells the harness not to "
                + "declare it; declare it first or drop --predeclared.");
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // the harness's ack timer
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
    @BrokerIndependent(Why.HARNESS_SIDE) // basic.consume with no-ack, unchanged in 4.x
    void autoAckConsumesWithoutAcks() {
        RunResult r = new LoadRunner(scenario().autoAck(true).producerMessageCount(2_000).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(2_000);
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // properties the harness sets, passed through unchanged by 4.x
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
    @BrokerIndependent(Why.HARNESS_SIDE) // basic.return, unchanged in 4.x
    void mandatoryUnroutableMessagesAreReturnedAndCounted() {
        RunResult r = new LoadRunner(scenario().predeclared(true).exchange("amq.direct")
                .routingKey(unique("nowhere")).consumers(0).producerMessageCount(100).confirm(10)
                .flag(MessageFlag.MANDATORY).build()).run();
        assertThat(r.counts().returned()).isEqualTo(100);
        assertThat(r.counts().confirmed()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    @BrokerIndependent(Why.HARNESS_SIDE) // exchange declare, bind and delete, unchanged in 4.x
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
    @BrokerIndependent(Why.HARNESS_SIDE) // as exchangeAndRoutingKeyAreDeclaredBoundAndDeleted
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
    @BrokerIndependent(Why.HARNESS_SIDE) // the harness not declaring; a quorum queue on 4.x: eachQueueType
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
    @BrokerIndependent(Why.HARNESS_SIDE) // the harness's topology bookkeeping
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

    private JsonNode awaitQueueStats(String queue) throws Exception {
        // The HTTP API refreshes queue statistics every few seconds.
        return Await.until("the statistics of queue " + queue, Duration.ofSeconds(15),
                () -> management().queue("/", queue).orElseThrow(), q -> q.has("messages_unacknowledged"));
    }

}
