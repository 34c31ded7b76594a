package io.amqpharness.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ValueType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Routing keys, priorities, TTLs and headers drawn per message ({@code --routing-keys}, {@code --priority},
 * {@code --message-ttl}, {@code --header}), checked against what the broker routed and stored, for a
 * driver that carries them (AMQP 0.9.1, and AMQP 1.0 on RabbitMQ 4: keys in each message's address,
 * priority and TTL in its header, headers as application properties). What the broker routed and stored
 * is read with AMQP 0.9.1 whatever the protocol. A driver's suite extends this class, annotated with the
 * broker it runs against ({@link WithRabbitMQ} or {@link WithRabbitMQ4}), and names its protocol.
 * Each test runs one publisher for up to a few thousand messages; the queues and exchanges it declares
 * are deleted after it.
 */
public abstract class MessageShapeContract {
    private final RabbitMQBroker broker;
    private final List<String> queuesToDelete = new ArrayList<>();
    private final List<String> exchangesToDelete = new ArrayList<>();

    /** @param broker the broker the extending class is annotated with */
    protected MessageShapeContract(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** The protocol the runs use ({@code --protocol}); the broker is read with AMQP 0.9.1 whatever it is. */
    protected abstract String protocol();

    /**
     * Whether the broker settles a message no binding matched as released (RabbitMQ 4 over AMQP 1.0)
     * rather than confirming and dropping it (AMQP 0.9.1 without {@code mandatory}); default false.
     */
    protected boolean unmatchedAreReleased() {
        return false;
    }

    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).protocol(protocol()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true);
    }

    private String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    protected void cleanUp() throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            for (String q : queuesToDelete) {
                ch.queueDelete(q);
            }
            for (String x : exchangesToDelete) {
                ch.exchangeDelete(x);
            }
        }
    }

    private long depth(String queue) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            return ch.queueDeclarePassive(queue).getMessageCount();
        }
    }

    private List<GetResponse> getAll(String queue) throws Exception {
        List<GetResponse> all = new ArrayList<>();
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            GetResponse r;
            while ((r = ch.basicGet(queue, true)) != null) {
                all.add(r);
            }
        }
        return all;
    }

    @Test
    protected void aTopicExchangeSplitsTheMessagesByTheDrawnKeysAndTheSameSeedSplitsThemAlike() throws Exception {
        String base = unique(protocol() + "-shape");
        String eu = base + ".eu";
        String us = base + ".us";
        String x = unique(protocol() + "-shape-topic");
        queuesToDelete.addAll(List.of(eu, us));
        exchangesToDelete.add(x);
        // Each queue is bound with its own name as the key.
        Scenario.Builder b = scenario().exchange(x).exchangeType(ExchangeType.TOPIC).queues(List.of(eu, us))
                .routingKeys(ValueType.KEY_SHARES.parse(eu + ":70%," + us + ":30%").orElseThrow())
                .producers(2).producerMessageCount(1_000).confirm(50).consumers(0).keepTopology(true).seed(42);
        RunResult first = new LoadRunner(b.build()).run();
        assertThat(first.failure()).isEmpty();
        assertThat(first.counts().confirmed()).isEqualTo(2_000);
        long toEu = depth(eu);
        long toUs = depth(us);
        assertThat(toEu + toUs).as("every message reached exactly one queue").isEqualTo(2_000);
        // 70 % of 2,000: 1,400, with a binomial standard deviation of 20.5.
        assertThat(toEu).isBetween(1_300L, 1_500L);
        assertThat(first.notes()).as("the run counts what it sent with each key").contains(String.format(
                java.util.Locale.ROOT, "Sent per routing key: %s %,d, %s %,d.", eu, toEu, us, toUs));
        getAll(eu);
        getAll(us);

        RunResult again = new LoadRunner(b.build()).run();
        assertThat(again.failure()).isEmpty();
        assertThat(depth(eu)).as("the same seed draws the same keys").isEqualTo(toEu);
        assertThat(depth(us)).isEqualTo(toUs);
    }

    @Test
    protected void consumersOfBothQueuesGetEveryMessageOnce() {
        String base = unique(protocol() + "-shape");
        String x = unique(protocol() + "-shape-direct");
        List<String> queues = List.of(base + ".a", base + ".b");
        queuesToDelete.addAll(queues);
        exchangesToDelete.add(x);
        RunResult r = new LoadRunner(scenario().exchange(x).exchangeType(ExchangeType.DIRECT).queues(queues)
                .routingKeys(ValueType.KEY_SHARES.parse(queues.get(0) + ":50%," + queues.get(1) + ":50%").orElseThrow())
                .producerMessageCount(1_000).confirm(50).consumers(2).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(1_000);
        assertThat(r.counts().consumed()).isEqualTo(1_000);
        assertThat(r.counts().unique()).isEqualTo(1_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().duplicated()).isZero();
    }

    @Test
    protected void aPriorityQueueSeesTheDrawnPriorities() throws Exception {
        String q = unique(protocol() + "-shape-prio");
        queuesToDelete.add(q);
        RunResult r = new LoadRunner(scenario().queue(q).queueArgument("x-max-priority", 10)
                .priorities(ValueType.PRIORITY_SHARES.parse("0:80%,5:15%,9:5%").orElseThrow())
                .producerMessageCount(1_000).confirm(50).consumers(0).keepTopology(true).build()).run();
        assertThat(r.failure()).isEmpty();
        List<GetResponse> all = getAll(q);
        assertThat(all).hasSize(1_000);
        int[] seen = new int[10];
        int last = Integer.MAX_VALUE;
        for (GetResponse m : all) {
            int p = m.getProps().getPriority();
            seen[p]++;
            assertThat(p).as("the queue delivers higher priorities first").isLessThanOrEqualTo(last);
            last = p;
        }
        assertThat(seen[0] + seen[5] + seen[9]).isEqualTo(1_000);
        assertThat(seen[0]).isBetween(740, 860);
        assertThat(seen[9]).isBetween(20, 80);
        assertThat(r.notes()).contains(String.format(java.util.Locale.ROOT, "Sent per priority: 0 %,d, 5 %,d, 9 %,d.",
                seen[0], seen[5], seen[9]));
    }

    @Test
    protected void aHeadersExchangeRoutesByTheDrawnHeader() throws Exception {
        String q = unique(protocol() + "-shape-headers");
        String x = unique(protocol() + "-shape-hx");
        queuesToDelete.add(q);
        exchangesToDelete.add(x);
        RunResult r = new LoadRunner(scenario().exchange(x).exchangeType(ExchangeType.HEADERS).queue(q)
                .bindingArgument("x-match", "all").bindingArgument("region", "eu")
                .header(ValueType.HEADER_SHARES.parse("region=eu:50%,us:50%").orElseThrow())
                .header(ValueType.HEADER_SHARES.parse("tier=1:50%,2:50%").orElseThrow())
                .producerMessageCount(1_000).confirm(50).consumers(0).keepTopology(true).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed() + r.counts().released()).isEqualTo(1_000);
        List<GetResponse> all = getAll(q);
        if (unmatchedAreReleased()) {
            assertThat((long) all.size()).isEqualTo(r.counts().confirmed());
        }
        assertThat(all.size()).as("about half say region=eu").isBetween(420, 580);
        assertThat(all).allSatisfy(m -> assertThat(m.getProps().getHeaders().get("region").toString()).isEqualTo("eu"));
        long tier1 = all.stream().filter(m -> ((Number) m.getProps().getHeaders().get("tier")).intValue() == 1).count();
        assertThat(tier1).as("the second header is drawn independently").isBetween(all.size() / 2 - 80L,
                all.size() / 2 + 80L);
    }

    @Test
    protected void messagesThatExpireAreNotVouchedFor() {
        String q = unique(protocol() + "-shape-ttl");
        queuesToDelete.add(q);
        RunResult r = new LoadRunner(scenario().queue(q)
                .messageTtls(ValueType.TTL_SHARES.parse("1ms:50%,60s:50%").orElseThrow())
                .producerMessageCount(400).confirm(100).consumers(1).qos(1)
                .consumerLatency(DurationRange.parse("5ms").orElseThrow()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(400);
        assertThat(r.counts().consumed()).as("messages with 1 ms to live expired in the backlog").isLessThan(400);
        assertThat(r.unaccountedDeliveries()).as("no expected delivery count to claim").isEmpty();
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("TTL"));
    }
}
