package io.amqpharness.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.run.SyntheticRun;
import io.amqpharness.scenario.Gate;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class GateCheckTest {
    /** 10 s at 1,000 msg/s with a 2-second stall in the middle, confirm stepped 50 then 100. */
    private final RunResult result = SyntheticRun.create(10, 1_000, 42).result;

    @Test
    void aGateIsCheckedOnTheWholeRunThenOnEachStep() {
        List<GateVerdict> v = GateCheck.evaluate(result, List.of(Gate.of("lost>0")));
        assertThat(v).extracting(GateVerdict::step).containsExactly(OptionalInt.empty(), OptionalInt.of(0),
                OptionalInt.of(1));
        assertThat(v).noneMatch(GateVerdict::broken);
        assertThat(v.get(0).sentence()).isEqualTo("Gate lost>0 passed: lost messages was 0.");
        assertThat(v.get(1).sentence()).isEqualTo("Gate lost>0 passed in step 1 (confirm=50): lost messages was 0.");
    }

    @Test
    void aBrokenLatencyGateNamesTheMeasuredValueAndTheThreshold() {
        double p99 = result.latency(io.amqpharness.measure.Metric.END_TO_END).p99();
        GateVerdict whole = GateCheck.evaluate(result, List.of(Gate.of("e2e.p99>20ms"))).get(0);
        assertThat(whole.broken()).isTrue();
        assertThat(whole.measured()).hasValue(p99);
        assertThat(whole.sentence()).isEqualTo(String.format(java.util.Locale.ROOT,
                "Gate e2e.p99>20ms failed: end-to-end p99 was %,.3f ms, above 20.000 ms.", p99 / 1e6));
    }

    @Test
    void ratesAndCountsAreReadFromTheRun() {
        List<GateVerdict> v = GateCheck.evaluate(result, List.of(Gate.of("rate.received<2000"),
                Gate.of("throughput<500"), Gate.of("unaccounted>0")));
        assertThat(v.get(0).broken()).isTrue();
        assertThat(v.get(0).sentence()).isEqualTo(
                "Gate rate.received<2000 failed: received rate was 1,000 msg/s, below 2,000 msg/s.");
        assertThat(v.get(1).broken()).isFalse();
        assertThat(v.get(2).broken()).isFalse();
    }

    @Test
    void aLatencyWithoutValuesBreaksTheGate() {
        GateCheck.Measured nothing = new GateCheck.Measured(io.amqpharness.measure.CountSnapshot.ZERO,
                new Rates(0, 0, 0, 0), java.util.Map.of(), 0, true);
        GateVerdict v = GateCheck.check(Gate.of("confirm.p99>1s"), nothing, OptionalInt.empty(), "");
        assertThat(v.broken()).isTrue();
        assertThat(v.measured()).isEmpty();
        assertThat(v.sentence()).isEqualTo("Gate confirm.p99>1s failed: no confirm latency was recorded.");
    }

    @Test
    void anUnaccountedGateSaysWhenTheExpectedDeliveriesCouldNotBeJudged() {
        // A merged run whose instances shared a queue cannot judge its deliveries: the gate must not
        // read like a verdict on them ("unaccounted messages was 0" beside a line that is not judged).
        GateCheck.Measured notJudged = new GateCheck.Measured(io.amqpharness.measure.CountSnapshot.ZERO,
                new Rates(0, 0, 0, 0), java.util.Map.of(), 0, true, false);
        GateVerdict v = GateCheck.check(Gate.of("unaccounted>0"), notJudged, OptionalInt.empty(), "");
        assertThat(v.broken()).isFalse();
        assertThat(v.sentence()).isEqualTo("Gate unaccounted>0 passed: unaccounted messages was 0"
                + " (published messages only: the expected deliveries could not be judged).");
        GateCheck.Measured judged = new GateCheck.Measured(io.amqpharness.measure.CountSnapshot.ZERO,
                new Rates(0, 0, 0, 0), java.util.Map.of(), 0, true);
        assertThat(GateCheck.check(Gate.of("unaccounted>0"), judged, OptionalInt.empty(), "").sentence())
                .isEqualTo("Gate unaccounted>0 passed: unaccounted messages was 0.");
    }
}
