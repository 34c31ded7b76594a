package io.amqpharness.junit.oracle;

import static io.amqpharness.junit.oracle.OracleAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.TopologyPlan;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The oracle over several queues (each message reaches one of them, or a fanout reaches all) and
 * over streams, whose repeats are re-reads unless the stream holds a message twice.
 */
class JudgeRoutingTest {
    private static final QueueReader EMPTY = (queue, type, lastSent, ids, own) ->
            new QueueHoldings(queue, Map.of(), 0, 0, 0, 0, Optional.empty());
    private final Oracle oracle = new Oracle(EMPTY, Duration.ofSeconds(1));

    @Test
    void twoQueuesEachMessageInOneAreJudgedAsOneAndAWrongLostCountDisagrees() {
        JudgedRun run = oracle.run(InMemoryDriver.scenario().rate(2_000).confirm(100).warmup(Duration.ZERO)
                .producerMessageCount(500).producers(2).consumers(2).queuePattern("jr-%d", 1, 2).build());
        assertThat(run).agreesWithTheBroker().judged("lost").judged("unique").judged("accounting");
        RunResult wrong = OracleInMemoryTest.withCounts(run.result(), run.result().counts().withLost(7));
        assertThat(Oracle.judge(wrong, run.history())).disagreesOn("lost");
    }

    @Test
    void routingTheOracleDoesNotModelCannotBeJudgedNeverAgrees() {
        History h = history(new TopologyPlan(List.of(TopologyPlan.Queue.simple("a", QueueType.CLASSIC),
                TopologyPlan.Queue.simple("b", QueueType.CLASSIC)), List.of(new TopologyPlan.Exchange("x", "topic",
                true)), List.of(new TopologyPlan.Binding("x", "a", "k.#", Map.of()), new TopologyPlan.Binding("x", "b",
                "k.*", Map.of())), false), Map.of(), Map.of());
        assertThat(Routing.groups(h, false)).isEmpty();
    }

    @Test
    void aFanoutMakesAGroupOfEachQueueADirectExchangeWithDistinctKeysOneGroup() {
        List<TopologyPlan.Queue> queues = List.of(TopologyPlan.Queue.simple("a", QueueType.CLASSIC),
                TopologyPlan.Queue.simple("b", QueueType.CLASSIC));
        List<TopologyPlan.Binding> bindings = List.of(new TopologyPlan.Binding("x", "a", "a", Map.of()),
                new TopologyPlan.Binding("x", "b", "b", Map.of()));
        History fanout = history(new TopologyPlan(queues, List.of(new TopologyPlan.Exchange("x", "fanout", true)),
                bindings, false), Map.of(), Map.of());
        assertThat(Routing.groups(fanout, false)).get().satisfies(g -> assertThat(g).hasSize(2));
        History direct = history(new TopologyPlan(queues, List.of(new TopologyPlan.Exchange("x", "direct", true)),
                bindings, false), Map.of(), Map.of());
        assertThat(Routing.groups(direct, false)).get().satisfies(g -> assertThat(g).singleElement()
                .satisfies(one -> assertThat(one.queues()).containsExactly("a", "b")));
        History sameKey = history(new TopologyPlan(queues, List.of(new TopologyPlan.Exchange("x", "direct", true)),
                List.of(new TopologyPlan.Binding("x", "a", "k", Map.of()), new TopologyPlan.Binding("x", "b", "k",
                        Map.of())), false), Map.of(), Map.of());
        assertThat(Routing.groups(sameKey, false)).isEmpty();
        assertThat(Routing.groups(direct, true)).as("request/reply").isEmpty();
    }

    @Test
    void aStreamRepeatIsAReReadUnlessTheStreamHoldsTheMessageTwice() {
        JudgedRun honest = oracle.run(InMemoryDriver.scenario().rate(2_000).confirm(100).warmup(Duration.ZERO)
                .producerMessageCount(10).build());
        String p = honest.history().publishers().get(0).publisherId();
        BitSet ten = new BitSet();
        ten.set(1, 11);
        TopologyPlan plan = new TopologyPlan(List.of(TopologyPlan.Queue.simple("s", QueueType.STREAM)), List.of(),
                List.of(), false);
        Map<String, QueueDeliveries> got = Map.of("s", new QueueDeliveries("s", Map.of(p, ten), 11, 0, 0, 1, 0));
        History once = new History(honest.history().publishers(), got, List.of(new ConsumerFacts("s",
                QueueType.STREAM, false, Optional.of(new StreamOffset.First()), false)), Optional.of(plan),
                Map.of("s", new QueueHoldings("s", Map.of(p, ten), 10, 0, 0, 0, Optional.empty())), Set.of("s"));
        CountSnapshot c = honest.result().counts();
        RunResult dup = OracleInMemoryTest.withCounts(honest.result(), counts(c, 11, 1));
        assertThat(Oracle.judge(dup, once)).disagreesOn("duplicated");
        RunResult redelivered = OracleInMemoryTest.withCounts(honest.result(), counts(c, 11, 0));
        assertThat(Oracle.judge(redelivered, once).check("duplicated").get().status())
                .isEqualTo(OracleVerdict.Status.AGREES);
        History twice = new History(once.publishers(), got, once.consumers(), once.plan(),
                Map.of("s", new QueueHoldings("s", Map.of(p, ten), 11, 0, 1, 0, Optional.empty())), Set.of("s"));
        assertThat(Oracle.judge(dup, twice).check("duplicated").get().status())
                .as("a message stored twice is a duplicate").isEqualTo(OracleVerdict.Status.AGREES);
    }

    @Test
    void aRepeatStillBeingHandledWhenTheRunClosedTheConsumerMayBeLeftOutOfDuplicated() {
        // A quorum queue's consumer that recovered after a node stop: 2 repeats without the redelivered flag, one of
        // the 12 deliveries was still being handled when the run closed the consumer and took its counts.
        JudgedRun honest = oracle.run(InMemoryDriver.scenario().rate(2_000).confirm(100).warmup(Duration.ZERO)
                .producerMessageCount(10).build());
        String p = honest.history().publishers().get(0).publisherId();
        BitSet ten = new BitSet();
        ten.set(1, 11);
        TopologyPlan plan = new TopologyPlan(List.of(TopologyPlan.Queue.simple("q", QueueType.QUORUM)), List.of(),
                List.of(), false);
        History h = new History(honest.history().publishers(),
                Map.of("q", new QueueDeliveries("q", Map.of(p, ten), 12, 0, 0, 2, 1)),
                List.of(new ConsumerFacts("q", QueueType.QUORUM, false, Optional.empty(), false)), Optional.of(plan),
                Map.of("q", new QueueHoldings("q", Map.of(), 0, 0, 0, 0, Optional.empty())), Set.of("q"));
        CountSnapshot c = honest.result().counts();
        assertThat(Oracle.judge(OracleInMemoryTest.withCounts(honest.result(), counts(c, 11, 1)), h)
                .check("duplicated").get().status()).isEqualTo(OracleVerdict.Status.AGREES);
        assertThat(Oracle.judge(OracleInMemoryTest.withCounts(honest.result(), counts(c, 12, 2)), h)
                .check("duplicated").get().status()).isEqualTo(OracleVerdict.Status.AGREES);
        assertThat(Oracle.judge(OracleInMemoryTest.withCounts(honest.result(), counts(c, 10, 0)), h))
                .as("only one delivery was late").disagreesOn("duplicated");
    }

    @Test
    void aStreamThatExistedBeforeTheRunOrHoldsOthersMessagesIsStillJudged() {
        JudgedRun honest = oracle.run(InMemoryDriver.scenario().rate(2_000).confirm(100).warmup(Duration.ZERO)
                .producerMessageCount(10).build());
        String p = honest.history().publishers().get(0).publisherId();
        BitSet nine = new BitSet();
        nine.set(1, 10);
        TopologyPlan plan = new TopologyPlan(List.of(TopologyPlan.Queue.simple("s", QueueType.STREAM)), List.of(),
                List.of(), false);
        History h = new History(honest.history().publishers(),
                Map.of("s", new QueueDeliveries("s", Map.of(p, nine), 9, 0, 0, 0, 0)),
                List.of(new ConsumerFacts("s", QueueType.STREAM, false, Optional.of(new StreamOffset.First()), false)),
                Optional.of(plan), Map.of("s", new QueueHoldings("s", Map.of(p, nine), 9 + 50, 50, 0, 0,
                Optional.empty())), Set.of());
        // confirmed message 10 is not in the stream: the result's lost 0 disagrees, whoever created the stream
        assertThat(Oracle.judge(honest.result(), h)).disagreesOn("lost");
    }

    private static CountSnapshot counts(CountSnapshot c, long consumed, long duplicated) {
        return new CountSnapshot(c.published(), c.confirmed(), c.nacked(), c.returned(), c.released(), c.modified(),
                c.timedOut(), c.lateOutcomes(), consumed, c.redelivered(), c.clockSkew(), c.foreign(),
                c.unidentified(), c.unique(), c.ownUnique(), duplicated, c.late(), c.outOfOrder(), c.lost(),
                c.consumerNacked(), c.consumerRejected(), c.requeued(), c.inDoubt(), c.inDoubtArrived());
    }

    private static History history(TopologyPlan plan, Map<String, QueueDeliveries> got,
                                   Map<String, QueueHoldings> held) {
        return new History(List.of(), got, List.of(), Optional.of(plan), held, Set.of("a", "b"));
    }
}
