package io.amqpharness.junit.oracle;

import static io.amqpharness.junit.oracle.OracleAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.testing.InMemoryDriver;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The oracle over the core's in-memory broker: an honest run agrees; a result whose counts were
 * made wrong afterwards is caught; what the broker cannot tell is "cannot judge". The in-memory
 * broker keeps nothing after the run, so the reader here finds every queue empty.
 */
class OracleInMemoryTest {
    private static final QueueReader EMPTY = (queue, type, lastSent, ids, own) ->
            new QueueHoldings(queue, Map.of(), 0, 0, 0, 0, Optional.empty());
    private final Oracle oracle = new Oracle(EMPTY, Duration.ofSeconds(1));

    @AfterEach
    void reset() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
    }

    private static Scenario.Builder scenario() {
        return InMemoryDriver.scenario().rate(2_000).confirm(100).warmup(Duration.ZERO).producerMessageCount(1_005);
    }

    @Test
    void anHonestRunAgreesOnEveryCheck() {
        JudgedRun run = oracle.run(scenario().build());
        assertThat(run).agreesWithTheBroker().judged("lost").judged("left").judged("accounting").judged("unique");
        assertThat(run.history().publishers()).singleElement()
                .satisfies(p -> assertThat(p.confirmed().cardinality()).isEqualTo(1_005));
    }

    @Test
    void aLostCountThatIncludesMessagesTheBrokerDeliveredDisagrees() {
        JudgedRun run = oracle.run(scenario().build());
        RunResult wrong = withCounts(run.result(), run.result().counts().withLost(5));
        assertThat(Oracle.judge(wrong, run.history())).disagreesOn("lost");
    }

    @Test
    void aConfirmedMessageTheBrokerDroppedMustBeCountedLost() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(0, 1, false, false, 0, 10, 0, false);
        JudgedRun run = oracle.run(scenario().build());
        assertThat(run).agreesWithTheBroker().judged("lost"); // 100 dropped, each a gap the harness sees
        assertThat(run.result().lost()).isEqualTo(100);
        RunResult wrong = withCounts(run.result(), run.result().counts().withLost(99));
        assertThat(Oracle.judge(wrong, run.history())).disagreesOn("lost");
    }

    @Test
    void refusedMessagesAreNeverLost() {
        InMemoryDriver.behavior = new InMemoryDriver.Behavior(10, 1, false, false, 0);
        JudgedRun run = oracle.run(scenario().build());
        assertThat(run).agreesWithTheBroker().judged("refused").judged("lost");
        RunResult wrong = withCounts(run.result(), run.result().counts().withLost(1));
        assertThat(Oracle.judge(wrong, run.history())).disagreesOn("lost");
    }

    @Test
    void withAutoAckWhetherConfirmedMessagesWereLostCannotBeJudged() {
        JudgedRun run = oracle.run(scenario().autoAck(true).build());
        assertThat(run.verdict().check("lost")).hasValueSatisfying(
                c -> assertThat(c.status()).isEqualTo(OracleVerdict.Status.CANNOT_JUDGE));
        assertThat(run.verdict().check("lost").get().detail()).contains("auto-ack");
    }

    @Test
    void aMessageTtlMakesLossUnjudgeableButAnImpossibleLostCountStillDisagrees() {
        JudgedRun run = oracle.run(scenario().queueArgument("x-message-ttl", 60_000).build());
        assertThat(run.verdict().check("lost").get().status()).isEqualTo(OracleVerdict.Status.CANNOT_JUDGE);
        RunResult wrong = withCounts(run.result(), run.result().counts().withLost(3));
        assertThat(Oracle.judge(wrong, run.history())).disagreesOn("lost");
    }

    /** The same result with other counts (the record's canonical constructor, by reflection). */
    static RunResult withCounts(RunResult r, CountSnapshot counts) {
        try {
            RecordComponent[] rc = RunResult.class.getRecordComponents();
            Object[] values = new Object[rc.length];
            Class<?>[] types = new Class<?>[rc.length];
            for (int i = 0; i < rc.length; i++) {
                types[i] = rc[i].getType();
                values[i] = rc[i].getName().equals("counts") ? counts : rc[i].getAccessor().invoke(r);
            }
            Constructor<RunResult> c = RunResult.class.getDeclaredConstructor(types);
            return c.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
