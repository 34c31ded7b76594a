package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.HarnessException;
import io.amqpharness.junit.DriverContract;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The driver contract ({@link DriverContract}) over AMQP 1.0 with what the driver reports of each run, and whole
 * runs of what only AMQP 1.0 has, against a real broker (the local 3.10 one here), checking what the broker saw.
 */
@WithRabbitMQ
class Amqp10RunIT extends DriverContract {
    Amqp10RunIT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    protected String protocol() {
        return "amqp10";
    }

    /** The address format, the link credit, settlement and the notes of a confirmed run acked every 50. */
    @Override
    protected void checkConfirmedRun(RunResult r, QueueType type) {
        assertThat(r.driverFacts()).containsEntry("address-format", expectedFormat())
                .containsEntry("broker-version", broker.version())
                .containsEntry("link-credit", "200")
                .containsEntry("publisher-settlement", "unsettled (at-least-once)");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("AMQP 1.0 addresses use the " + expectedFormat()))
                .anySatisfy(n -> assertThat(n).startsWith("AMQP 1.0 has no multiple ack"));
    }

    @Override
    protected void checkStreamRead(RunResult r) {
        assertThat(r.driverFacts()).containsEntry("stream-filter", broker.majorVersion() >= 4 ? "described" : "plain");
    }

    private String expectedFormat() {
        return broker.majorVersion() >= 4 ? "v2" : "v1";
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
    void withoutConfirmsMessagesGoPreSettled() {
        RunResult r = new LoadRunner(scenario().producerMessageCount(2_000).qos(500).build()).run();
        assertThat(r.counts().published()).isEqualTo(2_000);
        assertThat(r.counts().confirmed()).isZero();
        assertThat(r.counts().consumed()).isEqualTo(2_000);
        assertThat(r.driverFacts()).containsEntry("publisher-settlement", "pre-settled (at-most-once)");
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
    void anAttachTheBrokerRefusesIsOneSentenceNamingTheAddress() {
        String exchange = unique("it10-nox");
        String address = broker.majorVersion() >= 4 ? "/exchanges/" + exchange + "/rk" : "/exchange/" + exchange + "/rk";
        assertThatThrownBy(() -> new LoadRunner(scenario().predeclared(true).exchange(exchange).routingKey("rk")
                .consumers(0).producerMessageCount(1).build()).run())
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("Attaching publisher 0 to '" + address + "' failed: ")
                .hasMessageEndingWith(".");
    }

}
