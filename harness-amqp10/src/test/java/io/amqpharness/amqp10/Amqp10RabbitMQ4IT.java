package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What only RabbitMQ 4.x does, against a real 4.x broker (the local one {@code scripts/rabbitmq4.sh}
 * runs, {@code RABBITMQ4_URI}, or a container): v2 addresses for names that need percent-encoding,
 * described stream filters, the released and rejected outcomes, the 170-credit publisher bound, quorum
 * delivery limits. 0.9.1 on 4.x: Amqp091RabbitMQ4IT. The rest of the AMQP 1.0 suite runs on 4.x through the
 * {@code *OnRabbitMQ4IT} subclasses.
 */
@WithRabbitMQ4
class Amqp10RabbitMQ4IT {
    private final RabbitMQBroker broker;

    Amqp10RabbitMQ4IT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().protocol("amqp10").uri(broker.uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20));
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void usesV2AddressesAndSaysTheLinkCreditBoundsTheConfirmWindow() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).producerMessageCount(3_000).confirm(1_000)
                .qos(500).flag(MessageFlag.PERSISTENT).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.broker().version()).startsWith("4.");
        assertThat(r.counts().confirmed()).isEqualTo(3_000);
        assertThat(r.counts().consumed()).isEqualTo(3_000);
        assertThat(r.counts().foreign()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(r.driverFacts()).containsEntry("address-format", "v2");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("max_link_credit")
                .contains("--confirm 1000 acts as about 255"));
        assertThat(r.intervals()).allSatisfy(i -> assertThat(i.inFlight())
                .as("bounded by the broker's link credit, not --confirm").isLessThanOrEqualTo(500));
    }

    @Test
    void exchangeQueueAndRoutingKeyNamesThatNeedPercentEncodingWork() throws Exception {
        String exchange = unique("it10 v4/x?#%");
        String queue = unique("it10 v4/q #");
        RunResult r = new LoadRunner(scenario().exchange(exchange).routingKey("key/with space?&#").queue(queue)
                .producerMessageCount(300).confirm(50).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).as("routed, not released").isEqualTo(300);
        assertThat(r.counts().released()).isZero();
        assertThat(r.counts().consumed()).isEqualTo(300);
        assertThat(r.unaccountedPublished()).isZero();
        assertThat(broker.management().orElseThrow().exchange("/", exchange)).as("deleted after the run").isEmpty();
    }

    @Test
    void describedStreamFiltersStartWhereAsked() throws Exception {
        String queue = unique("it10-v4-stream");
        try {
            RunResult published = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .consumers(0).producerMessageCount(500).confirm(100).build()).run();
            assertThat(published.counts().confirmed()).isEqualTo(500);
            RunResult first = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.First()).consumerMessageCount(500).build()).run();
            assertThat(first.counts().consumed()).isEqualTo(500);
            assertThat(first.driverFacts()).containsEntry("stream-filter", "described");
            RunResult fromOffset = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Offset(400)).time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromOffset.counts().consumed()).isEqualTo(100);
            RunResult last = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .producers(0).streamOffset(new StreamOffset.Last()).time(Duration.ofSeconds(1)).build()).run();
            assertThat(last.counts().consumed()).as("the last chunk only").isBetween(1L, 499L);
        } finally {
            deleteQueue(queue);
        }
    }

    @Test
    void outcomesAreCountedApartAcceptedReleasedAndRejected() throws Exception {
        RunResult unroutable = new LoadRunner(scenario().predeclared(true).exchange("amq.direct")
                .routingKey(unique("nowhere")).consumers(0).producerMessageCount(50).confirm(10).build()).run();
        assertThat(unroutable.counts().released()).as("unroutable: released").isEqualTo(50);
        assertThat(unroutable.counts().confirmed()).isZero();
        assertThat(unroutable.unaccountedPublished()).isZero();

        String queue = unique("it10-v4-full");
        RunResult full = new LoadRunner(scenario().queue(queue).queueArgument("x-max-length", 50L)
                .queueArgument("x-overflow", "reject-publish").consumers(0).producerMessageCount(200).confirm(1)
                .build()).run();
        assertThat(full.failure()).as("4.x rejects the message; 3.x would reset the connection").isEmpty();
        assertThat(full.counts().confirmed()).as("accepted while there was room").isEqualTo(50);
        assertThat(full.counts().nacked()).as("rejected once the queue was full").isEqualTo(150);
        assertThat(full.unaccountedPublished()).isZero();
    }

    /**
     * A message requeued by negative acknowledgements ({@code released}) more often than a quorum
     * queue's delivery limit is dropped, as over 0.9.1 (Amqp091RabbitMQ4IT), not redelivered for ever.
     */
    @Test
    void aQuorumQueueDropsAMessageRequeuedMoreOftenThanItsDeliveryLimit() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).queueArgument("x-delivery-limit", 2L)
                .producerMessageCount(10).confirm(10).nackRate(100).requeueRate(100).qos(10)
                .exitWhen(ExitWhen.EMPTY).time(Duration.ofSeconds(10)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).isEqualTo(10);
        assertThat(r.counts().consumed()).as("each message delivered 1 + 2 times").isEqualTo(30);
        assertThat(r.counts().redelivered()).isEqualTo(20);
        assertThat(r.leftInQueues()).hasValue(0);
    }

    private void deleteQueue(String queue) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }
}
