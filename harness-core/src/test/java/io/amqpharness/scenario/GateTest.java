package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GateTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "e2e.p99>20ms | e2e.p99>20ms",
            "end-to-end.p99 > 20 ms | e2e.p99>20ms",
            "E2E.P99>=0.5ms | e2e.p99>=500us",
            "confirm.p999>100ms | confirm.p999>100ms",
            "confirm.p99.9>1s | confirm.p999>1s",
            "publish-delay.p50>20us | publish-delay.p50>20us",
            "publish-delay.p50>20µs | publish-delay.p50>20us",
            "e2e.max<=1500ns | e2e.max<=1500ns",
            "e2e.p99.99>2s | e2e.p9999>2s",
            "e2e.mean>3ms | e2e.mean>3ms",
            "e2e-from-send.p50>1ms | e2e-from-send.p50>1ms",
            "rtt.p99>5ms | round-trip.p99>5ms",
            "lost>0 | lost>0",
            "out_of_order>=1 | out-of-order>=1",
            "nacked>0 | nacked>0",
            "returned>10 | returned>10",
            "rate.received<9000 | rate.received<9000",
            "rate.sent < 1000.5 msg/s | rate.sent<1000.5",
            "throughput<500/s | throughput<500"})
    void readsAndWritesTheCanonicalForm(String text, String canonical) {
        Gate g = Gate.of(text);
        assertThat(g.toString()).isEqualTo(canonical);
        assertThat(Gate.of(g.toString())).isEqualTo(g);
    }

    @Test
    void latencyThresholdsAreNanoseconds() {
        Gate g = Gate.of("e2e.p99>20ms");
        assertThat(g.quantity()).isEqualTo(new GateQuantity.Latency(io.amqpharness.measure.Metric.END_TO_END,
                GateQuantity.Statistic.P99));
        assertThat(g.comparison()).isEqualTo(Gate.Comparison.GT);
        assertThat(g.threshold()).isEqualTo(20_000_000);
        assertThat(g.breaksAt(20_000_001)).isTrue();
        assertThat(g.breaksAt(20_000_000)).isFalse();
        assertThat(Gate.of("e2e.p99>=20ms").breaksAt(20_000_000)).isTrue();
        assertThat(Gate.of("rate.received<9000").breaksAt(8999.9)).isTrue();
        assertThat(Gate.of("rate.received<=9000").breaksAt(9000)).isTrue();
        assertThat(Gate.of("lost>0").breaksAt(0)).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "e2e.p99 20ms | 'it has no comparison: write QUANTITY OP VALUE with OP one of <, <=, >, >=, for example ''e2e.p99>20ms'' (quoted, or the shell takes > for a redirection)'",
            "e2e.p99>20 | '20' is not a latency; give a number with a unit (ns, us, ms or s), for example e2e.p99>20ms",
            "e2e.p98>20ms | 'p98' is not a statistic; use one of min, p50, p75, p90, p95, p99, p999, p9999, max, mean",
            "e2e>20ms | 'e2e' needs a statistic, for example e2e.p99 or e2e.max",
            "latency.p99>20ms | 'latency' is not a latency; use e2e, e2e-from-send, round-trip, confirm or publish-delay, for example e2e.p99>20ms",
            "e2e-from-send>1ms | 'e2e-from-send' needs a statistic, for example e2e-from-send.p99 or e2e-from-send.max",
            "lost>-1 | '-1' is not a count; give a whole number, for example lost>0",
            "lost>1.5 | '1.5' is not a count; give a whole number, for example lost>0",
            "rate.acked<10 | 'rate.acked' is not a rate; use rate.sent, rate.confirmed or rate.received, for example rate.received<9000",
            "rate.received<fast | 'fast' is not a rate; give messages per second, for example rate.received<9000",
            ">20ms | it names nothing to measure before >; for example e2e.p99>20ms",
            "e2e.p99> | it has no value after >; for example e2e.p99>20ms"})
    void explainsWhatIsWrong(String text, String reason) {
        assertThat(Gate.parse(text)).isEmpty();
        assertThat(Gate.problem(text)).contains(reason);
        assertThatThrownBy(() -> Gate.of(text)).hasMessage(reason);
    }

    @Test
    void anUnknownQuantityListsWhatCanBeMeasured() {
        assertThat(Gate.problem("loss>0").orElseThrow()).isEqualTo("'loss' is not something a gate can measure; "
                + "use a latency (e2e.p99, e2e-from-send.p99, confirm.p999, publish-delay.max), a count (lost, duplicated, "
                + "out-of-order, nacked, returned, timed-out, redelivered, unaccounted) or a rate (rate.sent, "
                + "rate.confirmed, rate.received, throughput)");
    }

    @Test
    void theBuilderKeepsGatesAndRoundTripsThemAsArguments() {
        Scenario s = Scenario.builder().protocol("in-memory").rate(100).confirm(10).failIf("e2e.p99>20ms").failIf(Gate.of("lost>0"))
                .time(java.time.Duration.ofSeconds(1)).build();
        assertThat(s.run().gates()).containsExactly(Gate.of("e2e.p99>20ms"), Gate.of("lost>0"));
        assertThat(s.toArguments()).containsSubsequence("--fail-if", "e2e.p99>20ms", "--fail-if", "lost>0");
        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void aMalformedGateIsOneSentenceNamingTheOptionAndAnExample() {
        assertThatThrownBy(() -> Scenario.builder().failIf("e2e.p99>20").build())
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems()).containsExactly(
                        "--fail-if 'e2e.p99>20' is not a gate: '20' is not a latency; give a number with a unit "
                                + "(ns, us, ms or s), for example e2e.p99>20ms."));
    }

    @Test
    void aGateOnSomethingTheRunDoesNotRecordIsBadUsage() {
        assertThatThrownBy(() -> Scenario.builder().failIf("confirm.p99>100ms").failIf("publish-delay.p50>1ms")
                .build())
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems()).containsExactly(
                        "--fail-if 'confirm.p99>100ms' measures something this run does not record: it needs "
                                + "publisher confirms (--confirm N) or transactions (--tx-size N).",
                        "--fail-if 'publish-delay.p50>1ms' measures something this run does not record: it needs a "
                                + "rate (--rate or --total-rate): publish delay is measured against the intended "
                                + "schedule."));
        assertThatThrownBy(() -> Scenario.builder().consumers(0).failIf("e2e.p99>1ms").build())
                .hasMessageContaining("it needs publishers and consumers");
        assertThat(Scenario.builder().protocol("in-memory").txSize(10).failIf("confirm.p99>1s").build().run().gates()).hasSize(1);
    }

    @Test
    void valuesTypeMessageNamesTheProblem() {
        assertThat(ValueType.GATE.problem("e2e.p99>20")).isEqualTo("'e2e.p99>20' is not a gate: '20' is not a "
                + "latency; give a number with a unit (ns, us, ms or s), for example e2e.p99>20ms");
        assertThat(ValueType.GATE.parse("lost>0")).contains(Gate.of("lost>0"));
        assertThat(List.of(Gate.Comparison.values())).extracting(Gate.Comparison::symbol)
                .containsExactly("<", "<=", ">", ">=");
    }
}
