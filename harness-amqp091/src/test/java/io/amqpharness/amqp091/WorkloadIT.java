package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.amqpharness.junit.ManagementClient;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.SizeStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The workload model against a real broker, checking what the broker saw. */
@org.junit.jupiter.api.parallel.ResourceLock(value = BrokerLocks.RABBITMQ_3, mode = org.junit.jupiter.api.parallel.ResourceAccessMode.READ)
@WithRabbitMQ
class WorkloadIT {
    private final RabbitMQBroker broker;
    private final List<String> queuesToDelete = new ArrayList<>();
    private final List<String> exchangesToDelete = new ArrayList<>();

    WorkloadIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** No broker metrics: these tests do not test them (BrokerMetricsIT does). */
    private Scenario.Builder scenario() {
        return Scenario.builder().uri(broker.uri()).interval(Duration.ofMillis(500)).drainTimeout(Duration.ofSeconds(20))
                .noBrokerMetrics(true);
    }

    private String queue(String prefix) {
        String q = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        queuesToDelete.add(q);
        return q;
    }

    private String exchange(String prefix) {
        String x = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        exchangesToDelete.add(x);
        return x;
    }

    @AfterEach
    void cleanUp() throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            for (String q : queuesToDelete) {
                ch.queueDelete(q);
            }
            for (String x : exchangesToDelete) {
                ch.exchangeDelete(x);
            }
        }
    }

    private ManagementClient management() {
        return broker.management().orElseThrow(() -> new AssertionError("the management plugin is needed"));
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

    private RunResult run(Scenario.Builder b) {
        return new LoadRunner(b.build()).run();
    }

    private RunResult run(Scenario.Builder b, Consumer<IntervalStats> duringRun) {
        return new LoadRunner(b.build()).listener(new RunListener() {
            @Override
            public void interval(IntervalStats stats) {
                duringRun.accept(stats);
            }
        }).run();
    }

    // ---- topology ----

    @Test
    void queuePatternSpreadsPublishersAndConsumersRoundRobin() throws Exception {
        String prefix = "it-pattern-" + UUID.randomUUID().toString().substring(0, 6) + "-%d";
        for (int i = 1; i <= 3; i++) {
            queuesToDelete.add(String.format(prefix, i));
        }
        RunResult r = run(scenario().queuePattern(prefix, 1, 3).producers(3).consumers(0).producerMessageCount(100)
                .confirm(20).keepTopology(true));
        assertThat(r.queues()).containsExactly(String.format(prefix, 1), String.format(prefix, 2), String.format(prefix, 3));
        for (String q : r.queues()) {
            assertThat(depth(q)).as(q).isEqualTo(100);
        }
        RunResult consumed = run(scenario().queuePattern(prefix, 1, 3).producers(0).consumers(3).keepTopology(true)
                .exitWhen(ExitWhen.EMPTY));
        assertThat(consumed.counts().consumed()).isEqualTo(300);
        assertThat(consumed.counts().lost()).isZero();
    }

    @Test
    void queueListAndOneProducerAndConsumerPerQueueEachWithItsOwnConnection() {
        String a = queue("it-list-a");
        String b = queue("it-list-b");
        RunResult r = run(scenario().queues(List.of(a, b)).producers(2).consumers(2).producerMessageCount(500)
                .confirm(50));
        assertThat(r.counts().consumed()).isEqualTo(1_000);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void fanoutDeliversACopyToEveryQueueAndCopiesAreNotDuplicates() throws Exception {
        String x = exchange("it-fanout");
        String a = queue("it-fan-a");
        String b = queue("it-fan-b");
        RunResult r = run(scenario().exchange(x).exchangeType(ExchangeType.FANOUT).queues(List.of(a, b)).consumers(2)
                .producerMessageCount(200).confirm(20));
        assertThat(r.counts().published()).isEqualTo(200);
        assertThat(r.counts().consumed()).isEqualTo(400);
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.expectedDeliveries()).hasValue(400);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
        assertThat(management().exchange("/", x)).as("deleted after the run").isEmpty();
    }

    @Test
    void topicExchangeRoutesByPattern() throws Exception {
        String x = exchange("it-topic");
        String q = queue("it-topic-q");
        RunResult r = run(scenario().exchange(x).exchangeType(ExchangeType.TOPIC).queue(q).routingKey("perf.a.b")
                .bindingKey("perf.#").keepTopology(true).consumers(0).producerMessageCount(50).confirm(10)
                .flag(MessageFlag.MANDATORY));
        assertThat(r.counts().confirmed()).isEqualTo(50);
        assertThat(r.counts().returned()).isZero();
        assertThat(management().exchange("/", x).orElseThrow().get("type").asText()).isEqualTo("topic");
        assertThat(management().queueBindings("/", q).findValuesAsText("routing_key")).contains("perf.#");
        assertThat(depth(q)).isEqualTo(50);
    }

    @Test
    void headersExchangeMatchesOnBindingArgumentsAndMessageHeaders() throws Exception {
        String x = exchange("it-headers");
        String q = queue("it-headers-q");
        RunResult matching = run(scenario().exchange(x).exchangeType(ExchangeType.HEADERS).queue(q)
                .bindingArgument("x-match", "all").bindingArgument("format", "pdf").messageHeader("format", "pdf")
                .keepTopology(true).consumers(0).producerMessageCount(30).confirm(10).flag(MessageFlag.MANDATORY));
        assertThat(matching.counts().confirmed()).isEqualTo(30);
        assertThat(depth(q)).isEqualTo(30);
        RunResult other = run(scenario().exchange(x).exchangeType(ExchangeType.HEADERS).queue(q)
                .bindingArgument("x-match", "all").bindingArgument("format", "pdf").messageHeader("format", "doc")
                .keepTopology(true).consumers(0).producerMessageCount(30).confirm(10).flag(MessageFlag.MANDATORY));
        assertThat(other.counts().returned()).as("headers that do not match are unroutable").isEqualTo(30);
        JsonNode bindings = management().queueBindings("/", q);
        assertThat(bindings.findValues("arguments").stream().anyMatch(a -> "pdf".equals(a.path("format").asText())))
                .isTrue();
    }

    @Test
    void randomRoutingKeysVaryPerMessage() throws Exception {
        String x = exchange("it-random");
        String q = queue("it-random-q");
        run(scenario().exchange(x).exchangeType(ExchangeType.TOPIC).bindingKey("#").queue(q).randomRoutingKey(true)
                .keepTopology(true).consumers(0).producerMessageCount(100).confirm(10));
        Set<String> keys = new HashSet<>();
        for (GetResponse m : getAll(q)) {
            keys.add(m.getEnvelope().getRoutingKey());
        }
        assertThat(keys).hasSizeGreaterThan(80);
    }

    @Test
    void aConsumerGoalStopsPacedPublishersAtOnceAndTheSentRateIsTheirs() {
        // Two consumers of 300 each stop the run after about 1.5 s of publishing at 400/s: the
        // publishers stop then (no grace until the 5 s limit), and the sent rate is the paced one.
        RunResult r = run(scenario().consumers(2).consumerMessageCount(300).qos(50).rate(400).time(Duration.ofSeconds(5)));
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().published()).as("publishing stopped with the goal, not at the time limit")
                .isLessThan(1_500);
        assertThat(r.rates().sent()).as("published / publishing time cannot exceed the paced rate")
                .isLessThanOrEqualTo(400 * 1.15);
        assertThat(r.publishingTime()).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void messagesTheBrokerRefusedAreNeitherExpectedNorLost() {
        // A 50-message queue that refuses the rest while a slow consumer drains it: the refused
        // messages come back as nacks, are never delivered, and must not show up as lost.
        RunResult r = run(scenario().queueArgument("x-max-length", 50L).queueArgument("x-overflow", "reject-publish")
                .consumerLatency(DurationRange.fixed(Duration.ofMillis(5))).qos(10).producerMessageCount(500)
                .confirm(100));
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().nacked()).as("the queue refused some").isPositive();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().consumed() + r.counts().nacked()).isEqualTo(500);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void typedQueueArgumentsAndShortcutsReachTheBroker() throws Exception {
        String q = queue("it-args");
        run(scenario().queue(q).queueArgument("x-max-length", 10L).queueArgument("x-overflow", "drop-head")
                .keepTopology(true).consumers(0).producerMessageCount(50).confirm(10));
        assertThat(depth(q)).as("x-max-length took effect").isEqualTo(10);
        JsonNode args = management().queue("/", q).orElseThrow().get("arguments");
        assertThat(args.get("x-max-length").isNumber()).isTrue();
        String lazy = queue("it-lazy");
        run(scenario().queue(lazy).lazy(true).maxLengthBytes(1_000_000).keepTopology(true).consumers(0)
                .producerMessageCount(1));
        JsonNode lazyArgs = management().queue("/", lazy).orElseThrow().get("arguments");
        assertThat(lazyArgs.get("x-queue-mode").asText()).isEqualTo("lazy");
        assertThat(lazyArgs.get("x-max-length-bytes").asLong()).isEqualTo(1_000_000);
        String quorum = queue("it-qgroup");
        run(scenario().queue(quorum).queueType(QueueType.QUORUM).quorumGroupSize(1).maxLength(5).keepTopology(true)
                .consumers(0).producerMessageCount(1));
        JsonNode quorumArgs = management().queue("/", quorum).orElseThrow().get("arguments");
        assertThat(quorumArgs.get("x-quorum-initial-group-size").asInt()).isEqualTo(1);
        String stream = queue("it-sargs");
        run(scenario().queue(stream).queueType(QueueType.STREAM).maxAge("1h").streamSegmentSize(10_000_000)
                .keepTopology(true).consumers(0).producerMessageCount(1));
        JsonNode streamArgs = management().queue("/", stream).orElseThrow().get("arguments");
        assertThat(streamArgs.get("x-max-age").asText()).isEqualTo("1h");
        assertThat(streamArgs.get("x-stream-max-segment-size-bytes").asLong()).isEqualTo(10_000_000);
    }

    @Test
    void transientAutoDeleteAndExclusiveQueues() throws Exception {
        String q = queue("it-transient");
        run(scenario().queue(q).transientQueue(true).keepTopology(true).consumers(0).producerMessageCount(1));
        assertThat(management().queue("/", q).orElseThrow().get("durable").asBoolean()).isFalse();
        String auto = queue("it-autodelete");
        List<Boolean> autoDelete = new CopyOnWriteArrayList<>();
        run(scenario().queue(auto).autoDelete(true).rate(50).time(Duration.ofSeconds(1)), s -> {
            try {
                management().queue("/", auto).ifPresent(j -> autoDelete.add(j.get("auto_delete").asBoolean()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(autoDelete).contains(true);
        String exclusive = queue("it-exclusive");
        List<Boolean> exclusiveSeen = new CopyOnWriteArrayList<>();
        RunResult r = run(scenario().queue(exclusive).exclusive(true).rate(50).time(Duration.ofSeconds(1)), s -> {
            try {
                management().queue("/", exclusive).ifPresent(j -> exclusiveSeen.add(j.get("exclusive").asBoolean()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(exclusiveSeen).contains(true);
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published()).isEqualTo(50);
        assertThat(management().queue("/", exclusive)).as("gone with its consumer's connection").isEmpty();
    }

    // ---- connections and channels ----

    /** One run long enough for the HTTP API's statistics (5 s): the connections, and the consumer arguments. */
    @Test
    void manyPublishersShareFewConnectionsAndConsumerArgumentsReachTheBroker() throws Exception {
        List<Integer> connections = new CopyOnWriteArrayList<>();
        List<Integer> priorities = new CopyOnWriteArrayList<>();
        String q = queue("it-cargs");
        String[] runId = new String[1];
        RunResult r = new LoadRunner(scenario().queue(q).producers(2).producerChannelCount(5).consumers(1)
                .consumerChannelCount(3).consumerArgument("x-priority", 5L).rate(20).time(Duration.ofSeconds(7))
                .build()).listener(new RunListener() {
                    @Override
                    public void started(io.amqpharness.result.RunStart start) {
                        runId[0] = start.runId();
                    }

                    @Override
                    public void interval(IntervalStats s) {
                        // The HTTP API lists a connection up to collect_statistics_interval (5 s) after it
                        // opens, and consumers from channel statistics emitted as often: the run lasts longer.
                        try {
                            JsonNode all = management().get("/api/connections").orElseThrow();
                            int mine = 0;
                            for (JsonNode c : all) {
                                String name = c.path("client_properties").path("connection_name").asText();
                                if (name.startsWith("harness-" + runId[0] + "-p")) {
                                    mine++;
                                }
                            }
                            connections.add(mine);
                            for (JsonNode c : management().get("/api/consumers").orElseThrow()) {
                                if (q.equals(c.path("queue").path("name").asText())) {
                                    priorities.add(c.path("arguments").path("x-priority").asInt());
                                }
                            }
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }).run();
        assertThat(r.counts().published()).as("10 publishers x 20 msg/s x 7 s").isEqualTo(1_400);
        assertThat(r.counts().consumed()).isEqualTo(1_400);
        assertThat(connections).contains(2).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(2));
        assertThat(priorities).contains(5);
    }

    // ---- publishing ----

    @Test
    void totalRateIsSplitOverPublishers() {
        RunResult r = run(scenario().producers(4).totalRate(200).time(Duration.ofSeconds(1)));
        assertThat(r.counts().published()).isEqualTo(200);
    }

    @Test
    void variableRateFollowsItsRepeatingSchedule() {
        RunResult r = run(scenario().variableRate(List.of(new RateStep(100, Duration.ofMillis(500)),
                new RateStep(0, Duration.ofMillis(500)))).time(Duration.ofSeconds(2)));
        assertThat(r.counts().published()).as("2 cycles of 50 messages and a pause").isEqualTo(100);
    }

    @Test
    void variableSizeChangesTheBodies() throws Exception {
        String q = queue("it-varsize");
        run(scenario().queue(q).keepTopology(true).consumers(0).rate(100).time(Duration.ofSeconds(2))
                .variableSize(List.of(new SizeStep(100, Duration.ofMillis(500)), new SizeStep(1000, Duration.ofMillis(500)))));
        Set<Integer> sizes = new HashSet<>();
        for (GetResponse m : getAll(q)) {
            sizes.add(m.getBody().length);
        }
        assertThat(sizes).containsExactlyInAnyOrder(100, 1000);
    }

    /** The bodies a --size mix put in the queue, in order: the same seed gives the same sequence of sizes, another seed another. */
    @Test
    void aSizeMixPutsTheSameSizesInTheQueueForTheSameSeed() throws Exception {
        io.amqpharness.scenario.SizeMix mix = io.amqpharness.scenario.SizeMix.parse("100:50%,1kb:40%,8kb:10%")
                .orElseThrow();
        List<List<Integer>> runs = new ArrayList<>();
        for (long seed : new long[] {3, 3, 4}) {
            String q = queue("it-sizemix");
            run(scenario().queue(q).keepTopology(true).consumers(0).producerMessageCount(500).confirm(100).size(mix)
                    .seed(seed));
            List<Integer> lengths = new ArrayList<>();
            for (GetResponse m : getAll(q)) {
                lengths.add(m.getBody().length);
            }
            assertThat(lengths).hasSize(500);
            assertThat(new HashSet<>(lengths)).containsExactlyInAnyOrder(100, 1024, 8192);
            runs.add(lengths);
        }
        assertThat(runs.get(1)).as("seed 3 again").isEqualTo(runs.get(0));
        assertThat(runs.get(2)).as("seed 4").isNotEqualTo(runs.get(0));
    }

    @Test
    void messagePropertiesAndHeadersAreSetOnEveryMessage() throws Exception {
        String q = queue("it-props");
        run(scenario().queue(q).keepTopology(true).consumers(0).producerMessageCount(3).contentType("application/json")
                .contentEncoding("identity").priority(7).expiration(Duration.ofMinutes(10)).messageType("perf")
                .messageHeader("region", "eu").messageHeader("tier", 2L));
        for (GetResponse m : getAll(q)) {
            assertThat(m.getProps().getContentType()).isEqualTo("application/json");
            assertThat(m.getProps().getContentEncoding()).isEqualTo("identity");
            assertThat(m.getProps().getPriority()).isEqualTo(7);
            assertThat(m.getProps().getExpiration()).isEqualTo("600000");
            assertThat(m.getProps().getType()).isEqualTo("perf");
            assertThat(m.getProps().getHeaders().get("region").toString()).isEqualTo("eu");
            assertThat(m.getProps().getHeaders().get("tier")).isEqualTo(2L);
        }
    }

    @Test
    void transactionsCommitEveryNAndTheRemainderAtTheEnd() throws Exception {
        String q = queue("it-tx");
        RunResult r = run(scenario().queue(q).keepTopology(true).consumers(0).producerMessageCount(95).txSize(10)
                .flag(MessageFlag.PERSISTENT));
        assertThat(r.counts().confirmed()).isEqualTo(95);
        assertThat(r.latency(Metric.CONFIRM).count()).as("commit latency per message").isEqualTo(95);
        assertThat(depth(q)).isEqualTo(95);
    }

    @Test
    void producersWithARandomStartDelayStillPublishEverything() {
        RunResult r = run(scenario().producers(3).producerRandomStartDelay(Duration.ofMillis(500))
                .producerMessageCount(100).confirm(10));
        assertThat(r.counts().consumed()).isEqualTo(300);
    }

    // ---- consuming ----

    @Test
    void nackedDeliveriesAreDiscardedOrRequeued() {
        RunResult discarded = run(scenario().producerMessageCount(500).confirm(50).qos(50).nackRate(20));
        assertThat(discarded.counts().consumed()).isEqualTo(500);
        assertThat(discarded.counts().consumerNacked()).isBetween(50L, 150L);
        assertThat(discarded.leftInQueues()).hasValue(0);
        RunResult requeued = run(scenario().producerMessageCount(300).confirm(50).qos(50).rejectRate(30).requeueRate(100)
                .drainTimeout(Duration.ofSeconds(5)));
        assertThat(requeued.counts().consumerRejected()).isPositive();
        assertThat(requeued.counts().redelivered()).isPositive();
        assertThat(requeued.counts().duplicated()).isZero();
        assertThat(requeued.counts().unique()).isEqualTo(300);
    }

    @Test
    void consumerRateLimitsConsumption() {
        RunResult r = run(scenario().producerMessageCount(150).confirm(50).consumerRate(100).qos(10));
        assertThat(r.counts().consumed()).isEqualTo(150);
        // Bounded above only: the limit is what keeps it there, and a busy machine can only slow it further.
        assertThat(r.rates().received()).isLessThanOrEqualTo(110.0);
    }

    @Test
    void pollingConsumesWithBasicGet() {
        RunResult r = run(scenario().producerMessageCount(300).confirm(50).polling(true).multiAckEvery(10));
        assertThat(r.counts().consumed()).isEqualTo(300);
        assertThat(r.unaccountedDeliveries()).hasValue(0);
    }

    @Test
    void lateConsumersDrainABacklogAndLatencyShowsTheWait() {
        RunResult r = run(scenario().rate(200).time(Duration.ofSeconds(2)).consumerStartDelay(Duration.ofSeconds(1)));
        assertThat(r.counts().consumed()).isEqualTo(400);
        assertThat(r.latency(Metric.END_TO_END).max()).isGreaterThan(Duration.ofMillis(800).toNanos());
    }

    @Test
    void exitWhenEmptyOrIdleEndsAConsumerOnlyRunOnceTheBacklogIsGone() {
        String q = queue("it-exit");
        run(scenario().queue(q).keepTopology(true).consumers(0).producerMessageCount(500).confirm(100));
        RunResult empty = run(scenario().queue(q).keepTopology(true).producers(0).qos(100).exitWhen(ExitWhen.EMPTY));
        assertThat(empty.counts().consumed()).isEqualTo(500);
        run(scenario().queue(q).keepTopology(true).consumers(0).producerMessageCount(200).confirm(100));
        RunResult idle = run(scenario().queue(q).keepTopology(true).producers(0).exitWhen(ExitWhen.IDLE));
        assertThat(idle.counts().consumed()).isEqualTo(200);
    }

    @Test
    void consumerLatencyRangeIsApplied() {
        RunResult r = run(scenario().rate(20).time(Duration.ofSeconds(1)).qos(5)
                .consumerLatency(new DurationRange(Duration.ofMillis(10), Duration.ofMillis(20))));
        assertThat(r.latency(Metric.END_TO_END).min()).isGreaterThanOrEqualTo(Duration.ofMillis(10).toNanos());
    }

    // ---- run control ----

    @Test
    void warmupIsLeftOutOfLatencyButCounted() {
        RunResult r = run(scenario().rate(100).warmup(Duration.ofSeconds(1)).time(Duration.ofSeconds(2)));
        // The warm-up is added to --time: 1 s warm-up, then 2 s measured, at 100 msg/s.
        assertThat(r.counts().published()).isEqualTo(300);
        assertThat(r.intervals()).extracting(IntervalStats::phase).contains(IntervalStats.Phase.WARMUP,
                IntervalStats.Phase.RUNNING);
        // Counts, not a time window: what the warm-up intervals recorded is left out of the run's latency.
        long inWarmup = r.intervals().stream().filter(i -> i.phase() == IntervalStats.Phase.WARMUP)
                .mapToLong(i -> i.latency().get(Metric.END_TO_END).count()).sum();
        assertThat(inWarmup).as("latency recorded during the warm-up").isPositive();
        assertThat(r.latency(Metric.END_TO_END).count()).isPositive()
                .isLessThanOrEqualTo(r.counts().consumed() - inWarmup);
    }
}
